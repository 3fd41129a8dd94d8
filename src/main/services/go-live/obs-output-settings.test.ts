import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeObs, type FakeObsServer } from '../../test-support/obs-fake-server';
import { silentLogger } from '../logger';
import { MemoryObsPasswordStore } from '../obs/obs-password-store';
import { ObsService } from '../obs/obs-service';
import { MemorySettingsStore } from '../settings/settings-store';

// ObsService.getOutputSettings, the go-live checklist's read of OBS's output settings, against a small obs-websocket 5 server.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connectedObs(profile: Record<string, string | null>): Promise<{ fake: FakeObsServer; obs: ObsService }> {
  const fake = await startFakeObs({});
  cleanups.push(() => fake.close());
  fake.handlers.GetProfileParameter = (data) => ({ data: { parameterValue: profile[`${String(data?.parameterCategory)}/${String(data?.parameterName)}`] ?? null, defaultParameterValue: null } });
  fake.handlers.GetVideoSettings = () => ({ data: { fpsNumerator: 60000, fpsDenominator: 1001, baseWidth: 1920, baseHeight: 1080, outputWidth: 1280, outputHeight: 720 } });
  const obs = new ObsService({
    settings: new MemorySettingsStore({ 'obs.port': fake.port, 'obs.host': '127.0.0.1' }),
    passwords: new MemoryObsPasswordStore(null),
    logger: silentLogger,
    getIngestTarget: async () => ({ server: 'rtmp://127.0.0.1/app', serverName: 'x', key: 'k' }),
  });
  cleanups.push(() => obs.dispose());
  await obs.connect();
  await vi.waitFor(() => expect(obs.getState().status).toBe('connected'));
  return { fake, obs };
}

describe('ObsService.getOutputSettings', () => {
  it('reads Simple mode: encoder, bitrate, the 2 s keyframe interval, output size and fps', async () => {
    const { obs } = await connectedObs({ 'Output/Mode': 'Simple', 'SimpleOutput/VBitrate': '4500', 'SimpleOutput/StreamEncoder': 'nvenc' });
    const settings = await obs.getOutputSettings();
    expect(settings).toMatchObject({ mode: 'simple', encoder: 'nvenc', videoBitrateKbps: 4500, keyframeIntervalSeconds: 2, outputWidth: 1280, outputHeight: 720 });
    expect(settings.fps).toBeCloseTo(59.94, 2);
  });

  it('reads Advanced mode: the encoder only, bitrate and keyframe interval unknown', async () => {
    const { obs } = await connectedObs({ 'Output/Mode': 'Advanced', 'AdvOut/Encoder': 'obs_x264' });
    expect(await obs.getOutputSettings()).toMatchObject({ mode: 'advanced', encoder: 'obs_x264', videoBitrateKbps: null, keyframeIntervalSeconds: null });
  });

  it('says in words when OBS refuses the read', async () => {
    const { fake, obs } = await connectedObs({});
    fake.handlers.GetVideoSettings = () => ({ status: { result: false, code: 204, comment: 'nope' } });
    await expect(obs.getOutputSettings()).rejects.toThrow(/OBS refused GetVideoSettings/);
  });
});
