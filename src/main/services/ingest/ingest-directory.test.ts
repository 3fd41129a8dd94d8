import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../test-support/recording-logger';
import { MemorySettingsStore } from '../settings/settings-store';
import { IngestDirectory, builtInIngests, parseIngestList, type IngestDirectoryOptions } from './ingest-directory';
import { closedTcpPort, rawIngest, startFakeDirectory, type FakeDirectoryServer } from '../../test-support/fake-directory-server';

const open: FakeDirectoryServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function directoryServer(): Promise<FakeDirectoryServer> {
  const server = await startFakeDirectory();
  open.push(server);
  return server;
}

class Clock {
  constructor(public ms = Date.parse('2030-01-01T00:00:00.000Z')) {}
  now = () => new Date(this.ms);
}

function directory(url: string, extra: Partial<IngestDirectoryOptions> = {}) {
  const settings = extra.settings ?? new MemorySettingsStore();
  return { settings, directory: new IngestDirectory({ ingestUrl: url, settings, timeoutMs: 2000, ...extra }) };
}

const twoIngests = { ingests: [rawIngest(1, 'Alpha', 'alpha.example'), rawIngest(2, 'Beta', 'beta.example', 1936)] };

describe('parseIngestList', () => {
  it('keeps good entries in order and drops bad, deprecated and repeated ones', () => {
    const { entries, dropped } = parseIngestList([
      rawIngest(3, 'Gamma', 'gamma.example'),
      { ...rawIngest(4, 'Bad template', 'x.example'), url_template: 'http://x.example/app/{stream_key}' },
      { ...rawIngest(5, 'No template', 'y.example'), url_template: undefined },
      { ...rawIngest(6, 'Bad id', 'z.example'), _id: 'six' },
      { ...rawIngest(7, 'Negative id', 'z.example'), _id: -7 },
      'not an object',
      null,
      rawIngest(8, 'EU: Old (deprecated)', 'old.example'),
      rawIngest(9, 'DEPRECATED US', 'old2.example'),
      rawIngest(3, 'Gamma again', 'gamma2.example'),
      rawIngest(1, 'Alpha', 'alpha.example'),
    ]);
    expect(entries.map((e) => [e.id, e.name])).toEqual([
      [3, 'Gamma'],
      [1, 'Alpha'],
    ]);
    expect(dropped).toEqual({ invalid: 6, deprecated: 2, duplicate: 1 });
  });

  it('keeps an entry whose secure template is bad, without the secure option', () => {
    const { entries } = parseIngestList([{ ...rawIngest(1, 'A', 'a.example'), url_template_secure: 'nonsense' }]);
    expect(entries[0]?.secure).toBeNull();
    expect(entries[0]?.urlTemplateSecure).toBeNull();
    expect(entries[0]?.plain.serverUrl).toBe('rtmp://a.example/app');
  });

  it('tolerates odd values in the fields reserved for internal use', () => {
    const { entries } = parseIngestList([{ ...rawIngest(1, 'A', 'a.example'), availability: 'high', default: 'yes', priority: 1.5 }]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ availability: null, isDefault: false, priority: null });
  });

  it('accepts the spec shape without a secure template', () => {
    const { entries } = parseIngestList([{ _id: 1, name: 'A', url_template: 'rtmp://a.example/app/{stream_key}', availability: 1, default: true, priority: 1 }]);
    expect(entries[0]).toMatchObject({ id: 1, secure: null, isDefault: true });
  });

  it('has a usable built-in list whose first entry is the global default', () => {
    const { entries, dropped } = parseIngestList(builtInIngests);
    expect(dropped).toEqual({ invalid: 0, deprecated: 0, duplicate: 0 });
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries[0]?.plain.serverUrl).toBe('rtmp://ingest.global-contribute.live-video.net/app');
    expect(entries.every((e) => e.secure?.scheme === 'rtmps')).toBe(true);
  });
});

describe('IngestDirectory', () => {
  it('fetches GET /ingests without credentials and saves the answer in settings', async () => {
    const server = await directoryServer();
    let seen: { method?: string; url?: string; authorization?: string } = {};
    server.respond((req, res) => {
      seen = { method: req.method, url: req.url, authorization: req.headers.authorization };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(twoIngests));
    });
    const clock = new Clock();
    const { directory: dir, settings } = directory(`${server.url}/`, { now: clock.now });
    const snapshot = await dir.load();
    expect(seen).toEqual({ method: 'GET', url: '/ingests', authorization: undefined });
    expect(snapshot).toMatchObject({ source: 'directory', fetchedAt: '2030-01-01T00:00:00.000Z', error: null });
    expect(snapshot.entries.map((e) => e.id)).toEqual([1, 2]);
    expect(snapshot.entries[1]?.plain).toMatchObject({ host: 'beta.example:1936', probePort: 1936 });
    const cached = settings.get('ingest.cachedDirectory');
    expect(cached?.fetchedAt).toBe('2030-01-01T00:00:00.000Z');
    expect(parseIngestList(cached?.ingests ?? []).entries.map((e) => e.name)).toEqual(['Alpha', 'Beta']);
  });

  it('keeps a path in the ingest URL', async () => {
    const server = await directoryServer();
    let path = '';
    server.respond((req, res) => {
      path = req.url ?? '';
      res.writeHead(200).end(JSON.stringify(twoIngests));
    });
    await directory(`${server.url}/platform`).directory.load();
    expect(path).toBe('/platform/ingests');
  });

  it('drops bad and deprecated entries without failing the list, and caches only the kept ones', async () => {
    const server = await directoryServer();
    server.respondJson({
      ingests: [rawIngest(1, 'Alpha', 'alpha.example'), { _id: 2, name: 'Broken' }, rawIngest(3, 'Old (Deprecated)', 'old.example')],
    });
    const logger = recordingLogger();
    const { directory: dir, settings } = directory(server.url, { logger });
    const snapshot = await dir.load();
    expect(snapshot.source).toBe('directory');
    expect(snapshot.entries.map((e) => e.name)).toEqual(['Alpha']);
    expect(settings.get('ingest.cachedDirectory')?.ingests).toHaveLength(1);
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'ingest directory entries dropped', fields: expect.objectContaining({ invalid: 1 }) }));
  });

  it('uses the list in memory until the TTL has passed, then fetches again', async () => {
    const server = await directoryServer();
    server.respondJson(twoIngests);
    const clock = new Clock();
    const { directory: dir } = directory(server.url, { now: clock.now, ttlMs: 60_000 });
    const first = await dir.load();
    clock.ms += 59_000;
    expect(await dir.load()).toBe(first);
    expect(server.requests).toBe(1);
    clock.ms += 2_000;
    const second = await dir.load();
    expect(second).not.toBe(first);
    expect(server.requests).toBe(2);
  });

  it('fetches again when forced', async () => {
    const server = await directoryServer();
    server.respondJson(twoIngests);
    const { directory: dir } = directory(server.url);
    await dir.load();
    server.respondJson({ ingests: [rawIngest(9, 'Nine', 'nine.example')] });
    const snapshot = await dir.load({ force: true });
    expect(snapshot.entries.map((e) => e.id)).toEqual([9]);
    expect(server.requests).toBe(2);
  });

  it('shares one request between concurrent loads', async () => {
    const server = await directoryServer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.respond((_req, res) => {
      void gate.then(() => res.writeHead(200).end(JSON.stringify(twoIngests)));
    });
    const { directory: dir } = directory(server.url);
    const loads = [dir.load(), dir.load(), dir.load({ force: true })];
    release();
    const [a, b, c] = await Promise.all(loads);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(server.requests).toBe(1);
  });

  it('falls back to the cached answer when the directory fails, saying why', async () => {
    const server = await directoryServer();
    server.respondJson(twoIngests);
    const settings = new MemorySettingsStore();
    const clock = new Clock();
    await directory(server.url, { settings, now: clock.now }).directory.load();

    server.respondJson({ error: 'Service Unavailable', status: 503, message: 'down' }, 503);
    clock.ms += 5_000;
    const snapshot = await directory(server.url, { settings, now: clock.now }).directory.load();
    expect(snapshot).toMatchObject({
      source: 'cache',
      fetchedAt: '2030-01-01T00:00:00.000Z',
      error: 'the ingest directory answered HTTP 503',
    });
    expect(snapshot.entries.map((e) => e.name)).toEqual(['Alpha', 'Beta']);
  });

  it('falls back to the built-in list when the directory is unreachable and nothing is cached', async () => {
    const port = await closedTcpPort();
    const logger = recordingLogger();
    const { directory: dir } = directory(`http://127.0.0.1:${port}`, { logger });
    const snapshot = await dir.load();
    expect(snapshot.source).toBe('fallback');
    expect(snapshot.fetchedAt).toBeNull();
    expect(snapshot.error).toBe('could not reach the ingest directory (connection refused)');
    expect(snapshot.entries[0]?.name).toBe('Default');
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'ingest directory unavailable' }));
  });

  it('ignores a corrupt or empty cache and uses the built-in list', async () => {
    const port = await closedTcpPort();
    for (const cached of [
      { fetchedAt: '2030-01-01T00:00:00.000Z', ingests: [{ nonsense: true }] },
      { fetchedAt: 42, ingests: [] } as unknown as { fetchedAt: string; ingests: unknown[] },
    ]) {
      const settings = new MemorySettingsStore({ 'ingest.cachedDirectory': cached });
      const snapshot = await directory(`http://127.0.0.1:${port}`, { settings }).directory.load();
      expect(snapshot.source).toBe('fallback');
    }
  });

  it.each([
    ['not JSON', (res: import('node:http').ServerResponse) => res.writeHead(200).end('<html>'), "the ingest directory's answer is not valid JSON"],
    ['no ingests list', (res: import('node:http').ServerResponse) => res.writeHead(200).end('{"data":[]}'), "the ingest directory's answer has no list of ingest servers"],
    ['an empty list', (res: import('node:http').ServerResponse) => res.writeHead(200).end('{"ingests":[]}'), 'the ingest directory listed no usable ingest servers'],
    [
      'only deprecated entries',
      (res: import('node:http').ServerResponse) => res.writeHead(200).end(JSON.stringify({ ingests: [rawIngest(1, 'deprecated', 'a.example')] })),
      'the ingest directory listed no usable ingest servers',
    ],
  ])('treats %s as a failure', async (_what, answer, message) => {
    const server = await directoryServer();
    server.respond((_req, res) => answer(res));
    const { directory: dir, settings } = directory(server.url);
    const snapshot = await dir.load();
    expect(snapshot).toMatchObject({ source: 'fallback', error: message });
    expect(settings.get('ingest.cachedDirectory')).toBeNull();
  });

  it('gives up on a directory that does not answer in time', async () => {
    const server = await directoryServer();
    server.respond(() => {
      // Never answers; the server's close drops the connection.
    });
    const { directory: dir } = directory(server.url, { timeoutMs: 200 });
    const snapshot = await dir.load();
    expect(snapshot).toMatchObject({ source: 'fallback', error: 'the ingest directory did not answer within 0.2 s' });
  });

  it('tries the directory again after a failure, but not on every call', async () => {
    const server = await directoryServer();
    server.respondJson({}, 500);
    const clock = new Clock();
    const { directory: dir } = directory(server.url, { now: clock.now, retryAfterFailureMs: 30_000 });
    const failed = await dir.load();
    expect(failed.source).toBe('fallback');
    expect(await dir.load()).toBe(failed);
    expect(server.requests).toBe(1);
    server.respondJson(twoIngests);
    clock.ms += 30_000;
    expect((await dir.load()).source).toBe('directory');
    expect(server.requests).toBe(2);
  });
});
