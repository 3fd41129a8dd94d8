/**
 * Marker retries against the emulator through the real ApiClient: a POST whose answer is lost after
 * the platform acted on it must not make a second marker; a refused connection is simply sent again.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StreamStatus } from '../../../shared/ipc/contract';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { apiClientFor, fixedAuth, helixGet, mintToken, simulation } from '../../test-support/live-controls-emulator';
import { silentLogger } from '../logger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { freePort } from '../../test-support/free-port';
import { MemorySettingsStore } from '../settings/settings-store';
import { MemoryMarkerLogStore } from '../../test-support/memory-marker-log-store';
import { CurrentBroadcaster } from '../common/current-broadcaster';
import { MarkerService } from './marker-service';

interface MarkersAnswer {
  data: { videos: { video_id: string; markers: { id: string; position_seconds: number; description: string }[] }[] }[];
}

/**
 * A TCP proxy in front of the emulator that lets chosen requests through and then cuts the
 * connection instead of passing the answer on: the platform acted, the app sees a network failure.
 * It records every request line it forwards.
 */
async function startAnswerDroppingProxy(emulatorUrl: string, port = 0) {
  const target = new URL(emulatorUrl);
  let prefix = '';
  let remaining = 0;
  let dropped = 0;
  const requestLines: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    let dropAnswer = false;
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      const line = /^[A-Z]+ \S+ HTTP\/1\.1/.exec(text)?.[0];
      if (line) requestLines.push(line);
      if (line && remaining > 0 && text.startsWith(prefix)) {
        remaining--;
        dropAnswer = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (dropAnswer) {
        dropped++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('close', close);
      socket.on('error', close);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    dropAnswerTo(p: string, times: number) {
      prefix = p;
      remaining = times;
    },
    dropped: () => dropped,
    requestLines,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('marker retries against the emulator', () => {
  let emulator: RunningEmulator;
  let token: string;
  let service: MarkerService | null = null;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: 'demo' });
    token = await mintToken(emulator);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  afterEach(async () => {
    await service?.dispose();
    service = null;
    for (const close of closers.splice(0)) await close();
    await simulation(emulator).streamOffline(emulator.demo!.broadcaster.id).catch(() => {});
  });

  async function liveService(baseUrl: string) {
    const broadcasterId = emulator.demo!.broadcaster.id;
    await simulation(emulator).streamOnline(broadcasterId, { vod: true });
    const { auth, apiAuth } = fixedAuth(emulator, token);
    const status: StreamStatus = { live: true, streamId: 's1', startedAt: new Date().toISOString(), viewerCount: 1, title: 'T', categoryId: '', categoryName: '', checkedAt: null, error: null };
    service = new MarkerService({
      api: apiClientFor(baseUrl, emulator.demo!.clientId, apiAuth),
      broadcaster: new CurrentBroadcaster(auth),
      stream: { getStatus: () => status, refresh: async () => status, onChange: () => () => {} },
      notifier: new RecordingNotifier(),
      settings: new MemorySettingsStore(),
      store: new MemoryMarkerLogStore(),
      logger: silentLogger,
      retryBaseMs: 200,
      retryWindowMs: 10_000,
    });
    await service.start();
    return service;
  }

  const heldMarkers = async () => {
    const held = await helixGet<MarkersAnswer>(emulator, token, `/helix/streams/markers?user_id=${emulator.demo!.broadcaster.id}`);
    return held.data[0]?.videos[0]?.markers ?? [];
  };

  it('a POST that landed but whose answer was lost makes exactly one marker, found by reading the list', async () => {
    const proxy = await startAnswerDroppingProxy(emulator.url);
    closers.push(proxy.close);
    const markers = await liveService(proxy.url);
    proxy.dropAnswerTo('POST /helix/streams/markers', 1);

    const pending = await markers.drop('button', 'Boss fight');
    expect(pending.logs[0]!.entries[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(proxy.dropped()).toBe(1);
    await vi.waitFor(() => expect(markers.getOverview().logs[0]!.entries[0]!.status).toBe('created'), { timeout: 5_000 });

    const held = await heldMarkers();
    expect(held).toHaveLength(1);
    expect(markers.getOverview().logs[0]!.entries[0]).toMatchObject({ attempts: 1, markerId: held[0]!.id, description: 'Boss fight', positionSeconds: held[0]!.position_seconds });
    expect(proxy.requestLines.filter((l) => l.startsWith('POST '))).toHaveLength(1);
    expect(proxy.requestLines.some((l) => l.startsWith('GET /helix/streams/markers?') && l.includes('first=20'))).toBe(true);
  });

  it('a refused connection is sent again without a look at the list, and makes one marker', async () => {
    const port = await freePort();
    const markers = await liveService(`http://127.0.0.1:${port}`);

    const pending = await markers.drop('button', 'Refused first');
    expect(pending.logs[0]!.entries[0]).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringMatching(/connection was refused/) });
    // The platform comes back before the retry.
    const proxy = await startAnswerDroppingProxy(emulator.url, port);
    closers.push(proxy.close);
    await vi.waitFor(() => expect(markers.getOverview().logs[0]!.entries[0]!.status).toBe('created'), { timeout: 5_000 });

    expect(markers.getOverview().logs[0]!.entries[0]).toMatchObject({ attempts: 2 });
    expect(await heldMarkers()).toMatchObject([{ description: 'Refused first' }]);
    expect(proxy.requestLines.filter((l) => l.startsWith('POST '))).toHaveLength(1);
    expect(proxy.requestLines.some((l) => l.includes('first=20'))).toBe(false);
  });
});
