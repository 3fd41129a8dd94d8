import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger';
import { ingestOverviewSchema } from '../../../shared/ipc/contract';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSimulationClient } from '../../../emulator/simulation-client';
import { AppError } from '../app-error';
import { MemorySettingsStore } from '../settings/settings-store';
import { IngestDirectory } from './ingest-directory';
import { IngestService } from './ingest-service';
import { LatencyProbe } from './latency-probe';

/** Stands in for the app's API client: GET /helix/streams/key with a token minted by the emulator. */
async function streamKeyReader(emulator: RunningEmulator, scopes: string[]): Promise<() => Promise<string>> {
  const demo = emulator.demo;
  if (!demo) throw new Error('the demo seed is missing');
  const { access_token: token } = await createSimulationClient({ baseUrl: emulator.url }).mintToken({ client_id: demo.clientId, user_id: demo.broadcaster.id, scopes });
  return async () => {
    const response = await request(`${emulator.url}/helix/streams/key?broadcaster_id=${demo.broadcaster.id}`, {
      headers: { authorization: `Bearer ${token}`, 'client-id': demo.clientId },
    });
    const body = (await response.body.json()) as { data?: Array<{ stream_key: string }>; message?: string };
    const key = body.data?.[0]?.stream_key;
    if (response.statusCode !== 200 || !key) {
      throw new AppError('api_error', body.message ?? `HTTP ${response.statusCode}`, { status: response.statusCode });
    }
    return key;
  };
}

describe('IngestService against the emulator', () => {
  let emulator: RunningEmulator;
  let service: IngestService;
  let realKey: string;
  const logger = recordingLogger();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo' });
    const getStreamKey = await streamKeyReader(emulator, ['channel:read:stream_key']);
    realKey = await getStreamKey();
    const settings = new MemorySettingsStore();
    service = new IngestService({
      directory: new IngestDirectory({ ingestUrl: emulator.url, settings, logger }),
      probe: new LatencyProbe({ timeoutMs: 1500 }),
      settings,
      logger,
      getStreamKey,
    });
  });

  afterAll(async () => {
    service?.dispose();
    await emulator?.close();
  });

  it("loads the emulator's directory without the deprecated entry", async () => {
    const overview = await service.getOverview();
    expect(ingestOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview).toMatchObject({ source: 'directory', directoryError: null, streamKeyError: null });
    expect(overview.servers.length).toBeGreaterThanOrEqual(10);
    expect(overview.servers.some((s) => /deprecated/i.test(s.name))).toBe(false);
    expect(overview.servers.every((s) => s.probe.status === 'untested')).toBe(true);
    expect(overview.recommendedId).toBe(overview.servers[0]?.id);
    expect(overview.servers.every((s) => s.serverUrl.startsWith('rtmp://127.0.0.1:'))).toBe(true);
  });

  it('probes every listed server: reachable ones ranked by connect time, the unreachable one last', async () => {
    const overview = await service.probe();
    expect(ingestOverviewSchema.parse(overview)).toEqual(overview);
    const statuses = overview.servers.map((s) => s.probe.status);
    const firstUnreachable = statuses.indexOf('unreachable');
    expect(firstUnreachable).toBeGreaterThan(0);
    expect(statuses.slice(0, firstUnreachable).every((s) => s === 'ok')).toBe(true);
    expect(statuses.slice(firstUnreachable).every((s) => s === 'unreachable')).toBe(true);
    const medians = overview.servers.flatMap((s) => (s.probe.status === 'ok' ? [s.probe.medianMs] : []));
    expect(medians).toEqual([...medians].sort((a, b) => a - b));
    expect(overview.servers.at(-1)?.probe).toEqual({ status: 'unreachable', reason: 'connection refused' });
    expect(overview.recommendedId).toBe(overview.servers[0]?.id);
    const fastest = overview.servers[0];
    expect(overview.maskedUrl?.startsWith(`${fastest?.serverUrl}/`)).toBe(true);
    expect(overview.maskedUrl?.endsWith(`/${/^live_\d+_/.exec(realKey)?.[0] ?? ''}••••`)).toBe(true);
  });

  it('reveals the real key in the selected secure URL, and it appears nowhere else', async () => {
    const target = (await service.getOverview()).servers[1];
    const overview = await service.select(target?.id ?? -1);
    const secure = await service.setOptions({ secure: true, bandwidthTest: true });
    const revealed = await service.revealStreamKey('copy');
    expect(revealed.streamKey).toBe(realKey);
    expect(revealed.url).toBe(`${target?.serverUrl.replace('rtmp://', 'rtmps://')}/${realKey}?bandwidthtest=true`);
    for (const text of [JSON.stringify(overview), JSON.stringify(secure), JSON.stringify(logger.lines)]) {
      expect(text).not.toContain(realKey);
    }
  });

  it('shows the missing scope in words when the token cannot read the key', async () => {
    const settings = new MemorySettingsStore();
    const unscoped = new IngestService({
      directory: new IngestDirectory({ ingestUrl: emulator.url, settings }),
      probe: new LatencyProbe(),
      settings,
      logger,
      getStreamKey: await streamKeyReader(emulator, []),
    });
    const overview = await unscoped.getOverview();
    unscoped.dispose();
    expect(overview.maskedUrl).toBeNull();
    expect(overview.streamKeyError).toMatch(/channel:read:stream_key/);
  });
});
