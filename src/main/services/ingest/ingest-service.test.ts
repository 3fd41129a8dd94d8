import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger';
import { ingestOverviewSchema, revealedStreamKeySchema, type IngestOverview } from '../../../shared/ipc/contract';
import { parseIngestTemplate, streamKeyMask } from '../../../shared/domain/ingest-url';
import { AppError } from '../app-error';
import { setListenerErrorReporter } from '../../../shared/primitives/emitter';
import { MemorySettingsStore, type SettingsStore } from '../settings/settings-store';
import { IngestDirectory, type IngestDirectorySnapshot, type IngestEntry } from './ingest-directory';
import { IngestService } from './ingest-service';
import { LatencyProbe, tcpConnect, type ConnectFunction, type LatencyProber } from './latency-probe';
import {
  closedTcpPort,
  rawIngest,
  startFakeDirectory,
  startTcpListener,
  type FakeDirectoryServer,
  type TcpListener,
} from '../../test-support/fake-directory-server';

const streamKey = 'live_424242_Sup3rS3cretStr3amK3yValue0123';
const secretPart = 'Sup3rS3cretStr3amK3yValue0123';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listener(): Promise<TcpListener> {
  const l = await startTcpListener();
  cleanups.push(() => l.close());
  return l;
}

async function directoryServer(): Promise<FakeDirectoryServer> {
  const server = await startFakeDirectory();
  cleanups.push(() => server.close());
  return server;
}

/**
 * A real TCP connect with a fixed extra delay per port, so that servers on loopback (all equally
 * near) still rank in a known order.
 */
function offsetConnect(offsets: Map<number, number>): ConnectFunction {
  return async (host, port, options) => (await tcpConnect(host, port, options)) + (offsets.get(port) ?? 0);
}

/** Counts runs of an inner prober. */
function countingProber(inner: LatencyProber): LatencyProber & { runs: number } {
  const counter = {
    runs: 0,
    probe: (...args: Parameters<LatencyProber['probe']>) => {
      counter.runs++;
      return inner.probe(...args);
    },
  };
  return counter;
}

interface World {
  server: FakeDirectoryServer;
  ports: { fast: number; medium: number; slow: number; closed: number };
  settings: SettingsStore;
  logger: ReturnType<typeof recordingLogger>;
  prober: LatencyProber & { runs: number };
  keyReads: { count: number };
  service: IngestService;
  events: IngestOverview[];
}

/**
 * Directory order: 10 "Auto" (refused), 20 slow, 30 deprecated (dropped), 40 fast, 50 medium.
 * Every server listens on 127.0.0.1; the secure templates point at the same ports.
 */
async function world(options: { settings?: SettingsStore; getStreamKey?: () => Promise<string> } = {}): Promise<World> {
  const [fast, medium, slow] = [await listener(), await listener(), await listener()];
  const closed = await closedTcpPort();
  const server = await directoryServer();
  server.respondJson({
    ingests: [
      rawIngest(10, 'Auto: global', '127.0.0.1', closed),
      rawIngest(20, 'Slow city', '127.0.0.1', slow.port),
      rawIngest(30, 'Old city (deprecated)', '127.0.0.1', fast.port),
      rawIngest(40, 'Fast city', '127.0.0.1', fast.port),
      rawIngest(50, 'Medium city', '127.0.0.1', medium.port),
    ],
  });
  const settings = options.settings ?? new MemorySettingsStore();
  const logger = recordingLogger();
  const offsets = new Map([
    [fast.port, 5],
    [medium.port, 105],
    [slow.port, 205],
  ]);
  const prober = countingProber(new LatencyProbe({ connect: offsetConnect(offsets), timeoutMs: 1500 }));
  const keyReads = { count: 0 };
  const now = () => new Date('2030-05-06T07:08:09.000Z');
  const service = new IngestService({
    directory: new IngestDirectory({ ingestUrl: server.url, settings, logger, timeoutMs: 2000, now }),
    probe: prober,
    settings,
    logger,
    getStreamKey:
      options.getStreamKey ??
      (async () => {
        keyReads.count++;
        return streamKey;
      }),
    now,
  });
  cleanups.push(() => service.dispose());
  const events: IngestOverview[] = [];
  service.onChange((overview) => events.push(overview));
  return { server, ports: { fast: fast.port, medium: medium.port, slow: slow.port, closed }, settings, logger, prober, keyReads, service, events };
}

function expectNoKey(w: World, ...overviews: unknown[]): void {
  for (const text of [...overviews, ...w.events, w.logger.lines].map((o) => JSON.stringify(o))) {
    expect(text).not.toContain(streamKey);
    expect(text).not.toContain(secretPart);
  }
}

describe('IngestService', () => {
  it('loads the directory on first use and shows it in directory order, untested, first entry recommended', async () => {
    const w = await world();
    const overview = await w.service.getOverview();
    expect(ingestOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview.servers.map((s) => s.id)).toEqual([10, 20, 40, 50]);
    expect(overview.servers.every((s) => s.probe.status === 'untested')).toBe(true);
    expect(overview.servers[1]).toEqual({
      id: 20,
      name: 'Slow city',
      host: `127.0.0.1:${w.ports.slow}`,
      serverUrl: `rtmp://127.0.0.1:${w.ports.slow}/app`,
      probe: { status: 'untested' },
    });
    expect(overview).toMatchObject({
      selectedId: null,
      recommendedId: 10,
      source: 'directory',
      fetchedAt: '2030-05-06T07:08:09.000Z',
      directoryError: null,
      probing: false,
      probedAt: null,
      secure: false,
      bandwidthTest: false,
      maskedUrl: `rtmp://127.0.0.1:${w.ports.closed}/app/live_424242_${streamKeyMask}`,
      streamKeyError: null,
    });
    expect(w.events.length).toBeGreaterThan(0);
    // The key read finishes before the list; no event shows the empty in-between state.
    expect(w.events.every((e) => e.servers.length === 4)).toBe(true);
    expectNoKey(w, overview);
  });

  it('shares the first load between concurrent callers and answers later calls from memory', async () => {
    const w = await world();
    await Promise.all([w.service.getOverview(), w.service.getOverview(), w.service.getOverview()]);
    await w.service.getOverview();
    expect(w.server.requests).toBe(1);
    expect(w.keyReads.count).toBe(1);
  });

  it('ranks reachable servers by median connect time, then untested, then unreachable, and recommends the fastest', async () => {
    const w = await world();
    const overview = await w.service.probe();
    expect(ingestOverviewSchema.parse(overview)).toEqual(overview);
    expect(overview.servers.map((s) => s.id)).toEqual([40, 50, 20, 10]);
    expect(overview.servers[0]?.probe).toMatchObject({ status: 'ok', rounds: 3 });
    const medians = overview.servers.slice(0, 3).map((s) => (s.probe.status === 'ok' ? s.probe.medianMs : NaN));
    expect(medians[0]).toBeGreaterThanOrEqual(5);
    expect(medians).toEqual([...medians].sort((a, b) => a - b));
    expect(overview.servers[3]?.probe).toEqual({ status: 'unreachable', reason: 'connection refused' });
    expect(overview.recommendedId).toBe(40);
    expect(overview.selectedId).toBeNull();
    expect(overview.probedAt).toBe('2030-05-06T07:08:09.000Z');
    expect(overview.maskedUrl).toBe(`rtmp://127.0.0.1:${w.ports.fast}/app/live_424242_${streamKeyMask}`);

    // A server new to the list is untested: after the reachable ones, before the unreachable one.
    const newcomer = await listener();
    w.server.respondJson({
      ingests: [
        rawIngest(10, 'Auto: global', '127.0.0.1', w.ports.closed),
        rawIngest(20, 'Slow city', '127.0.0.1', w.ports.slow),
        rawIngest(40, 'Fast city', '127.0.0.1', w.ports.fast),
        rawIngest(50, 'Medium city', '127.0.0.1', w.ports.medium),
        rawIngest(60, 'New city', '127.0.0.1', newcomer.port),
      ],
    });
    const refreshed = await w.service.refresh();
    expect(refreshed.servers.map((s) => [s.id, s.probe.status])).toEqual([
      [40, 'ok'],
      [50, 'ok'],
      [20, 'ok'],
      [60, 'untested'],
      [10, 'unreachable'],
    ]);
    expectNoKey(w, overview, refreshed);
  });

  it('recommends the directory first entry when nothing reachable was measured', async () => {
    const closed = await closedTcpPort();
    const server = await directoryServer();
    server.respondJson({ ingests: [rawIngest(7, 'Auto', '127.0.0.1', closed), rawIngest(8, 'Other', '127.0.0.1', closed)] });
    const settings = new MemorySettingsStore();
    const service = new IngestService({
      directory: new IngestDirectory({ ingestUrl: server.url, settings }),
      probe: new LatencyProbe(),
      settings,
      logger: recordingLogger(),
      getStreamKey: async () => streamKey,
    });
    cleanups.push(() => service.dispose());
    const overview = await service.probe();
    expect(overview.servers.map((s) => s.probe.status)).toEqual(['unreachable', 'unreachable']);
    expect(overview.recommendedId).toBe(7);
  });

  it('marks probing while a run goes, and concurrent probe calls share one run', async () => {
    const w = await world();
    await w.service.getOverview();
    w.events.length = 0;
    const [a, b, c] = await Promise.all([w.service.probe(), w.service.probe(), w.service.probe()]);
    expect(w.prober.runs).toBe(1);
    expect(a).toEqual(b);
    expect(b).toEqual(c);
    expect(a.probing).toBe(false);
    expect(w.events[0]?.probing).toBe(true);
    expect(w.events.at(-1)?.probing).toBe(false);
    expect(w.events.at(-1)?.recommendedId).toBe(40);
    // Each result is shown as it arrives, not only at the end.
    expect(w.events.filter((e) => e.probing).length).toBeGreaterThan(1);
    await w.service.probe();
    expect(w.prober.runs).toBe(2);
  });

  it('persists a selection, follows it in the masked URL, and keeps it for the next start', async () => {
    const w = await world();
    await w.service.probe();
    const overview = await w.service.select(20);
    expect(overview.selectedId).toBe(20);
    expect(overview.recommendedId).toBe(40);
    expect(overview.maskedUrl).toBe(`rtmp://127.0.0.1:${w.ports.slow}/app/live_424242_${streamKeyMask}`);
    expect(w.settings.get('ingest.selectedId')).toBe(20);
    expect(w.events.at(-1)?.selectedId).toBe(20);

    const again = new IngestService({
      directory: new IngestDirectory({ ingestUrl: w.server.url, settings: w.settings }),
      probe: w.prober,
      settings: w.settings,
      logger: w.logger,
      getStreamKey: async () => streamKey,
    });
    cleanups.push(() => again.dispose());
    expect((await again.getOverview()).selectedId).toBe(20);

    const auto = await w.service.select(null);
    expect(auto.selectedId).toBeNull();
    expect(w.settings.get('ingest.selectedId')).toBeNull();
    expect(auto.maskedUrl).toContain(`:${w.ports.fast}/app/`);
  });

  it('rejects an unknown server id with invalid_argument and changes nothing', async () => {
    const w = await world();
    await w.service.select(50);
    const error = await w.service.select(30).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_argument');
    expect((error as AppError).message).toMatch(/30/);
    expect(w.settings.get('ingest.selectedId')).toBe(50);
  });

  it('follows the recommendation when the stored choice is not in the list', async () => {
    const w = await world({ settings: new MemorySettingsStore({ 'ingest.selectedId': 999 }) });
    const overview = await w.service.getOverview();
    expect(overview.selectedId).toBeNull();
    expect(overview.maskedUrl).toContain(`:${w.ports.closed}/app/`);
    // The stored choice is kept: it may come back with the next list.
    expect(w.settings.get('ingest.selectedId')).toBe(999);
  });

  it('uses the secure templates and the bandwidth-test suffix when set, persisted', async () => {
    const w = await world();
    await w.service.select(40);
    const secure = await w.service.setOptions({ secure: true });
    expect(secure.secure).toBe(true);
    expect(secure.servers.find((s) => s.id === 40)?.serverUrl).toBe(`rtmps://127.0.0.1:${w.ports.fast}/app`);
    expect(secure.maskedUrl).toBe(`rtmps://127.0.0.1:${w.ports.fast}/app/live_424242_${streamKeyMask}`);

    const both = await w.service.setOptions({ bandwidthTest: true });
    expect(both).toMatchObject({ secure: true, bandwidthTest: true });
    expect(both.maskedUrl).toBe(`rtmps://127.0.0.1:${w.ports.fast}/app/live_424242_${streamKeyMask}?bandwidthtest=true`);
    expect(w.settings.get('ingest.secure')).toBe(true);
    expect(w.settings.get('ingest.bandwidthTest')).toBe(true);

    const revealed = await w.service.revealStreamKey('copy');
    expect(revealedStreamKeySchema.parse(revealed)).toEqual(revealed);
    expect(revealed).toEqual({
      streamKey,
      url: `rtmps://127.0.0.1:${w.ports.fast}/app/${streamKey}?bandwidthtest=true`,
    });

    const plain = await w.service.setOptions({ secure: false, bandwidthTest: false });
    expect(plain.maskedUrl).toBe(`rtmp://127.0.0.1:${w.ports.fast}/app/live_424242_${streamKeyMask}`);
    expect(await w.service.revealStreamKey('reveal')).toEqual({ streamKey, url: `rtmp://127.0.0.1:${w.ports.fast}/app/${streamKey}` });
    expectNoKey(w, secure, both, plain);
    expect(w.logger.lines).toContainEqual(expect.objectContaining({ message: 'stream key revealed', fields: expect.objectContaining({ purpose: 'copy' }) }));
  });

  it('emits on option changes only when something changed', async () => {
    const w = await world();
    await w.service.getOverview();
    w.events.length = 0;
    await w.service.setOptions({ secure: false });
    expect(w.events).toHaveLength(0);
    await w.service.setOptions({ bandwidthTest: true });
    expect(w.events).toHaveLength(1);
    expect(w.events[0]?.bandwidthTest).toBe(true);
  });

  it('falls back to the cached list, then to the built-in list, when the directory is unreachable', async () => {
    const w = await world();
    await w.service.getOverview();
    await w.server.close();

    const cachedService = new IngestService({
      directory: new IngestDirectory({ ingestUrl: w.server.url, settings: w.settings }),
      probe: w.prober,
      settings: w.settings,
      logger: w.logger,
      getStreamKey: async () => streamKey,
    });
    cleanups.push(() => cachedService.dispose());
    const cached = await cachedService.getOverview();
    expect(cached.source).toBe('cache');
    expect(cached.fetchedAt).toBe('2030-05-06T07:08:09.000Z');
    expect(cached.directoryError).toBe('could not reach the ingest directory (connection refused)');
    expect(cached.servers.map((s) => s.id)).toEqual([10, 20, 40, 50]);

    const fresh = new MemorySettingsStore();
    const builtIn = new IngestService({
      directory: new IngestDirectory({ ingestUrl: w.server.url, settings: fresh }),
      probe: w.prober,
      settings: fresh,
      logger: w.logger,
      getStreamKey: async () => streamKey,
    });
    cleanups.push(() => builtIn.dispose());
    const fallback = await builtIn.getOverview();
    expect(ingestOverviewSchema.parse(fallback)).toEqual(fallback);
    expect(fallback).toMatchObject({ source: 'fallback', fetchedAt: null });
    expect(fallback.directoryError).toMatch(/connection refused/);
    expect(fallback.servers[0]?.serverUrl).toBe('rtmp://ingest.global-contribute.live-video.net/app');
    expect(fallback.recommendedId).toBe(fallback.servers[0]?.id);
    expect(fallback.maskedUrl).toBe(`rtmp://ingest.global-contribute.live-video.net/app/live_424242_${streamKeyMask}`);
  });

  it('shows why the key cannot be read, and retries it on refresh', async () => {
    let fail = true;
    const w = await world({
      getStreamKey: async () => {
        if (fail) throw new AppError('api_error', 'Sidestage lacks the channel:read:stream_key scope; sign in again.', { status: 401 });
        return streamKey;
      },
    });
    const overview = await w.service.getOverview();
    expect(overview.maskedUrl).toBeNull();
    expect(overview.streamKeyError).toBe('Sidestage lacks the channel:read:stream_key scope; sign in again.');

    const error = await w.service.revealStreamKey('reveal').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('api_error');

    fail = false;
    const refreshed = await w.service.refresh();
    expect(refreshed.streamKeyError).toBeNull();
    expect(refreshed.maskedUrl).toContain(`live_424242_${streamKeyMask}`);
    expectNoKey(w, overview, refreshed);
  });

  it('puts an unexpected key failure in words and reports it as unavailable on reveal', async () => {
    const w = await world({
      getStreamKey: () => {
        throw new Error('socket hang up');
      },
    });
    const overview = await w.service.getOverview();
    expect(overview.streamKeyError).toBe('Could not read the stream key: socket hang up');
    await expect(w.service.revealStreamKey('copy')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('drops the cached key on reset and reads it again', async () => {
    const keys = ['live_1_firstkeyfirstkey', 'live_2_secondkeysecondkey'];
    const w = await world({ getStreamKey: async () => keys.shift() ?? 'live_3_thirdkeythirdkey' });
    expect((await w.service.getOverview()).maskedUrl).toContain(`live_1_${streamKeyMask}`);
    expect((await w.service.resetStreamKey()).maskedUrl).toContain(`live_2_${streamKeyMask}`);
  });

  it('stops notifying after unsubscribe', async () => {
    const w = await world();
    const seen: IngestOverview[] = [];
    const off = w.service.onChange((o) => seen.push(o));
    await w.service.getOverview();
    const count = seen.length;
    off();
    await w.service.select(40);
    expect(seen).toHaveLength(count);
  });

  it('keeps notifying other listeners when one throws, and reports the failure', async () => {
    const reported: unknown[] = [];
    setListenerErrorReporter((error) => reported.push(error));
    try {
      const w = await world();
      w.service.onChange(() => {
        throw new Error('listener broke');
      });
      await w.service.select(40);
      expect(w.events.at(-1)?.selectedId).toBe(40);
      expect(reported.length).toBeGreaterThan(0);
      expect(reported).toEqual(reported.map(() => expect.objectContaining({ message: 'listener broke' })));
    } finally {
      setListenerErrorReporter((error) => console.error('a listener failed', error));
    }
  });

  it('stops a running probe on dispose', async () => {
    const settings = new MemorySettingsStore();
    const server = await directoryServer();
    server.respondJson({ ingests: [rawIngest(1, 'A', '127.0.0.1', 1)] });
    let started!: () => void;
    const connecting = new Promise<void>((resolve) => (started = resolve));
    const hanging: ConnectFunction = (_h, _p, { signal }) =>
      new Promise<number>((_resolve, reject) => {
        started();
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const service = new IngestService({
      directory: new IngestDirectory({ ingestUrl: server.url, settings }),
      probe: new LatencyProbe({ connect: hanging }),
      settings,
      logger: recordingLogger(),
      getStreamKey: async () => streamKey,
    });
    const run = service.probe();
    await connecting;
    service.dispose();
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('IngestService: late answers', () => {
  it('a directory load answered after a newer one does not bring back the older list', async () => {
    const entry = (id: number, name: string): IngestEntry => {
      const plain = parseIngestTemplate(`rtmp://s${id}.example/app/{stream_key}`)!;
      return { id, name, urlTemplate: `rtmp://s${id}.example/app/{stream_key}`, urlTemplateSecure: null, plain, secure: null, availability: 1, isDefault: false, priority: null };
    };
    const snapshot = (entries: IngestEntry[], fetchedAt: string): IngestDirectorySnapshot => ({ entries, source: 'directory', fetchedAt, error: null });
    const answers: ((s: IngestDirectorySnapshot) => void)[] = [];
    const directory = { load: () => new Promise<IngestDirectorySnapshot>((resolve) => answers.push(resolve)) };
    const service = new IngestService({
      directory,
      probe: { probe: async () => new Map() },
      settings: new MemorySettingsStore(),
      getStreamKey: async () => streamKey,
      logger: recordingLogger(),
    });
    cleanups.push(() => service.dispose());
    const older = service.refresh();
    const newer = service.refresh();
    answers[1]!(snapshot([entry(2, 'New list')], '2030-01-01T10:01:00Z'));
    await newer;
    answers[0]!(snapshot([entry(1, 'Old list')], '2030-01-01T10:00:00Z'));
    await older;
    expect((await service.getOverview()).servers.map((s) => s.name)).toEqual(['New list']);
  });
});
