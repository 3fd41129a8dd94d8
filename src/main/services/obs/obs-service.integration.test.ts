/**
 * ObsService against a REAL OBS Studio (headless under xvfb-run, its WebSocket server on with a
 * password) publishing to a real RTMP listener (ffmpeg). Skipped, with the reason printed, only where
 * obs, xvfb-run or ffmpeg is missing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { MemorySettingsStore } from '../settings/settings-store';
import { commandAvailable, obsUnavailableReason, startObsStudio, type RunningObs } from '../../test-support/obs-studio-process';
import { startRtmpListener, type RtmpListener } from '../../test-support/obs-rtmp-listener';
import { MemoryObsPasswordStore } from './obs-password-store';
import type { IngestTarget } from './ingest-target';
import { ObsService } from './obs-service';

const reason = obsUnavailableReason() ?? (commandAvailable('ffmpeg') ? null : 'ffmpeg not installed (apt-get install ffmpeg)');
if (reason) console.warn(`obs-service.integration.test.ts skipped: ${reason}`);

describe.skipIf(reason !== null)('ObsService with a real OBS Studio', () => {
  let obs: RunningObs;
  const services: ObsService[] = [];
  const listeners: RtmpListener[] = [];
  let target: IngestTarget = { server: 'rtmp://127.0.0.1:1/app', serverName: 'Local test', key: 'live_1_placeholder' };

  const create = (password: string | null) => {
    const service = new ObsService({
      settings: new MemorySettingsStore({ 'obs.host': '127.0.0.1', 'obs.port': obs.port }),
      passwords: new MemoryObsPasswordStore(password),
      logger: silentLogger,
      notifier: new RecordingNotifier(),
      getIngestTarget: async () => target,
      backoff: { initialMs: 200, maxMs: 1000, jitter: 'none' },
      pollMs: 500,
    });
    services.push(service);
    return service;
  };

  beforeAll(async () => {
    obs = await startObsStudio({ timeoutMs: 60_000 });
  }, 90_000);

  afterAll(async () => {
    for (const service of services) await service.dispose();
    for (const listener of listeners) await listener.stop();
    await obs?.stop();
  }, 30_000);

  it('connects with the password and says the versions', async () => {
    const service = create(obs.password);
    await service.connect();
    await vi.waitFor(() => expect(service.getState().status).toBe('connected'), { timeout: 15_000 });
    const state = service.getState();
    expect(state.obsVersion).toMatch(/^\d+\.\d+/);
    expect(Number.parseInt(state.websocketVersion ?? '', 10)).toBeGreaterThanOrEqual(5);
    expect(state.streamState).toBe('stopped');
  });

  it('says "wrong password" for a wrong one', async () => {
    const service = create('not-the-password');
    await service.connect();
    await vi.waitFor(() => expect(service.getState().status).toBe('wrong-password'), { timeout: 15_000 });
    expect(service.getState().nextRetryAt).toBeNull();
  });

  it('sends the ingest server and key and reads them back', async () => {
    const service = create(obs.password);
    await service.connect();
    await vi.waitFor(() => expect(service.getState().status).toBe('connected'), { timeout: 15_000 });
    target = { server: 'rtmp://127.0.0.1:1935/app', serverName: 'Local test', key: 'live_1_firstkey' };
    const first = await service.sendStreamTarget(true);
    expect(first.outcome).toBe('sent');
    expect(await service.checkStreamTarget()).toMatchObject({ match: 'same' });
    // Another key now: OBS holds something else, and says so without the key.
    target = { ...target, key: 'live_1_secondkey' };
    const second = await service.sendStreamTarget();
    expect(second).toMatchObject({ outcome: 'needs-confirmation', target: { match: 'different', differences: ['a different stream key'] } });
    expect(JSON.stringify(second)).not.toContain('firstkey');
    expect(await service.sendStreamTarget(true)).toMatchObject({ outcome: 'sent' });
    expect(await service.sendStreamTarget()).toMatchObject({ outcome: 'already' });
  });

  it('streams to a local RTMP server: started, health sampled, stopped', async () => {
    const listener = await startRtmpListener('live_1_streamkey');
    listeners.push(listener);
    const service = create(obs.password);
    await service.connect();
    await vi.waitFor(() => expect(service.getState().status).toBe('connected'), { timeout: 15_000 });
    target = { server: listener.server, serverName: 'Local RTMP', key: listener.key };
    await service.sendStreamTarget(true);
    await service.startStream();
    await vi.waitFor(() => expect(service.getState().streamState).toBe('started'), { timeout: 15_000 });
    await vi.waitFor(() => expect(service.getState().health?.bitrateKbps ?? 0).toBeGreaterThan(0), { timeout: 15_000 });
    expect(service.getState().health).toMatchObject({ reconnecting: false });
    await service.stopStream();
    await vi.waitFor(() => expect(service.getState()).toMatchObject({ streamState: 'stopped', health: null }), { timeout: 15_000 });
  }, 60_000);

  it('a start to a server where nothing listens says so, and the state is back to stopped', async () => {
    const service = create(obs.password);
    await service.connect();
    await vi.waitFor(() => expect(service.getState().status).toBe('connected'), { timeout: 15_000 });
    const closed = await startRtmpListener('live_1_unused');
    await closed.stop();
    target = { server: closed.server, serverName: 'Nothing there', key: 'live_1_unused' };
    await service.sendStreamTarget(true);
    await service.startStream();
    await vi.waitFor(() => expect(service.getState()).toMatchObject({ streamState: 'stopped', streamProblem: expect.stringMatching(/^OBS stopped before the stream started/) }), {
      timeout: 20_000,
    });
  }, 60_000);

  it('OBS quits mid-stream: "OBS not running" and reconnect attempts', async () => {
    const listener = await startRtmpListener('live_1_killkey');
    listeners.push(listener);
    const service = create(obs.password);
    await service.connect();
    await vi.waitFor(() => expect(service.getState().status).toBe('connected'), { timeout: 15_000 });
    target = { server: listener.server, serverName: 'Local RTMP', key: listener.key };
    await service.sendStreamTarget(true);
    await service.startStream();
    await vi.waitFor(() => expect(service.getState().streamState).toBe('started'), { timeout: 15_000 });
    await obs.kill();
    await vi.waitFor(() => expect(service.getState()).toMatchObject({ status: 'not-running', streamState: 'unknown', health: null }), { timeout: 15_000 });
    await vi.waitFor(() => expect(service.getState().retries).toBeGreaterThanOrEqual(3), { timeout: 15_000 });
    expect(service.getState().statusText).toMatch(/^OBS not running/);
  }, 60_000);
});
