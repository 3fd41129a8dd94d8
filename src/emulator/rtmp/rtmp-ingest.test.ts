/**
 * The RTMP ingest against a real encoder: ffmpeg publishes a short, small test stream to the
 * emulator's ingest servers, and the platform's answers (Helix, EventSub over WebSocket, the
 * simulation API) are checked. Skipped, with the reason printed, only where ffmpeg is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { subscribe, TestSocket } from '../test-support/eventsub-test-client';
import type { IngestSessionView } from '../simulation-client';
import { ingestSessionView } from '../http/views/ingest';
import { DEMO_BROADCASTER } from '../seed';
import { startEmulator } from '../server';
import { createSimulationClient } from '../simulation-client';

const ffmpegMissing = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).error !== undefined;
if (ffmpegMissing) console.warn('rtmp-ingest.test.ts skipped: ffmpeg is not installed (apt-get install ffmpeg)');

const demo = useDemoEmulator();
const children: ChildProcess[] = [];
const sockets: TestSocket[] = [];

interface Publish {
  child: ChildProcess;
  /** ffmpeg's exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** A 320x180, 30 fps H.264/AAC publish with a key frame every second, for `seconds`. */
function publish(key: string, seconds: number, server = 1, port = demo.state.catalogue.ingestServers[server]!.port): Publish {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '30'],
      ...['-b:v', '300k', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `rtmp://127.0.0.1:${port}/app/${key}`],
    ],
    { stdio: 'ignore' },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  return { child, exited };
}

/** Waits until `check` answers something, polling; fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The ingest keeps its sessions across resets: the ones of earlier tests are left out. */
let earlier = new Set<string>();

async function sessions(): Promise<IngestSessionView[]> {
  return (await demo.sim.ingestSessions()).sessions.filter((s) => !earlier.has(s.id));
}

async function liveStreams(): Promise<Array<Record<string, unknown>>> {
  const token = await demo.mint(demo.broadcasterId, []);
  return (await demo.helix('GET', `/streams?user_id=${demo.broadcasterId}`, { token })).json.data;
}

/** A WebSocket EventSub session subscribed to the demo broadcaster's stream.online and stream.offline. */
async function watchStream(): Promise<TestSocket> {
  const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
  sockets.push(socket);
  const token = await demo.mint(demo.broadcasterId, []);
  for (const type of ['stream.online', 'stream.offline']) {
    const res = await subscribe(demo.url, { token, clientId: demo.clientId }, type, { broadcaster_user_id: demo.broadcasterId }, sessionId);
    expect(res.status).toBe(202);
  }
  return socket;
}

const notifications = (socket: TestSocket, type: string) => socket.all('notification').filter((f) => f.metadata.subscription_type === type);

beforeAll(async () => {
  await demo.sim.setIngestSettings({ reconnect_grace_ms: 300 });
});

beforeEach(async () => {
  earlier = new Set((await demo.sim.ingestSessions()).sessions.map((s) => s.id));
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  }
  for (const socket of sockets.splice(0)) socket.close();
  // Every publish of the test is over before the next one starts (the ingest outlives resets).
  await until(async () => (await sessions()).every((s) => s.state !== 'publishing'), 'the publishes to end');
  await demo.sim.setIngestSettings({ reconnect_grace_ms: 300 });
});

it('types the simulation client after the route', () => {
  expectTypeOf<ReturnType<typeof ingestSessionView>>().toExtend<IngestSessionView>();
});

describe('the ingest simulation API', () => {
  it('validates its settings and knows only existing users', async () => {
    await expect(demo.sim.setIngestSettings({ reconnect_grace_ms: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(demo.sim.setIngestSettings({ reconnect_grace_ms: 1.5 })).rejects.toMatchObject({ status: 400 });
    expect(await demo.sim.setIngestSettings({ reconnect_grace_ms: 1234 })).toEqual({ reconnect_grace_ms: 1234 });
    expect(await demo.sim.ingestSettings()).toEqual({ reconnect_grace_ms: 1234 });
    await expect(demo.sim.resetStreamKey('1')).rejects.toMatchObject({ status: 404, message: 'Unknown user "1"' });
  });

  it('a drop validates its filter and cuts nothing when nothing publishes', async () => {
    expect(await demo.sim.dropIngestSessions()).toEqual({ sessions: [] });
    await expect(demo.sim.dropIngestSessions({ user_id: '1' })).rejects.toMatchObject({ status: 404, message: 'Unknown user "1"' });
    await expect(demo.sim.dropIngestSessions({ session_id: 'nope' })).rejects.toMatchObject({ status: 404 });
    await expect(demo.sim.dropIngestSessions({ user: demo.broadcasterId } as never)).rejects.toMatchObject({ status: 400, message: 'Unknown field "user"' });
  });

  it('a key reset while offline changes the key the current API answers', async () => {
    const reset = await demo.sim.resetStreamKey(demo.broadcasterId);
    const token = await demo.mint(demo.broadcasterId, ['channel:read:stream_key']);
    const key = await demo.helix('GET', `/streams/key?broadcaster_id=${demo.broadcasterId}`, { token });
    expect(key.json.data).toEqual([{ stream_key: reset.stream_key }]);
  });
});

describe.skipIf(ffmpegMissing)('RTMP ingest with ffmpeg', { timeout: 20_000 }, () => {
  it('takes the current key live (Helix, stream.online), shows the session, and goes offline after the grace', async () => {
    const socket = await watchStream();
    await demo.sim.setIngestSettings({ reconnect_grace_ms: 1000 });
    const before = Date.now();
    const { exited } = publish(DEMO_BROADCASTER.streamKey, 3);

    const online = await socket.next('notification', 8000);
    expect(online.metadata.subscription_type).toBe('stream.online');
    expect(online.payload.event).toMatchObject({ broadcaster_user_id: demo.broadcasterId, type: 'live' });
    const [stream] = await liveStreams();
    expect(stream).toMatchObject({
      id: online.payload.event.id,
      user_id: demo.broadcasterId,
      title: DEMO_BROADCASTER.channelTitle,
      game_id: DEMO_BROADCASTER.gameId,
      type: 'live',
      started_at: online.payload.event.started_at,
    });
    expect(Date.parse(stream!.started_at as string)).toBeGreaterThanOrEqual(before - 1000);

    // The encoder's metadata and at least two key frames have arrived.
    const session = await until(async () => (await sessions()).find((s) => s.keyframe_interval_s !== null && s.width !== null), 'measurements');
    expect(session).toMatchObject({
      server_id: demo.state.catalogue.ingestServers[1]!.id,
      server_name: demo.state.catalogue.ingestServers[1]!.name,
      user_id: demo.broadcasterId,
      stream_id: stream!.id,
      bandwidth_test: false,
      state: 'publishing',
      reason: null,
      video_codec: 'h264',
      audio_codec: 'aac',
      width: 320,
      height: 180,
      fps: 30,
      keyframe_interval_s: 1,
    });
    expect(session.bytes).toBeGreaterThan(0);
    expect(session.bitrate_kbps).toBeGreaterThan(0);

    expect(await exited).toBe(0);
    const ended = Date.now();
    // Within the grace the stream is still live; then stream.offline, and Helix no longer lists it.
    expect(await liveStreams()).toHaveLength(1);
    const offline = await socket.next('notification', 5000);
    expect(offline.metadata.subscription_type).toBe('stream.offline');
    expect(Date.now() - ended).toBeGreaterThanOrEqual(800);
    expect(await liveStreams()).toEqual([]);
    expect((await sessions()).find((s) => s.id === session.id)).toMatchObject({ state: 'ended', ended_at: expect.any(String) });
  });

  it('continues the same stream when the encoder publishes again within the grace', async () => {
    const socket = await watchStream();
    await demo.sim.setIngestSettings({ reconnect_grace_ms: 5000 });
    const first = publish(DEMO_BROADCASTER.streamKey, 1);
    const online = await socket.next('notification', 8000);
    expect(await first.exited).toBe(0);
    const second = publish(DEMO_BROADCASTER.streamKey, 1, 2);
    await until(async () => (await sessions()).filter((s) => s.user_id === demo.broadcasterId).length === 2, 'the second publish');
    expect(await second.exited).toBe(0);
    const streamIds = (await sessions()).map((s) => s.stream_id);
    expect(streamIds).toEqual([online.payload.event.id, online.payload.event.id]);
    expect(notifications(socket, 'stream.online')).toHaveLength(1);
    expect(notifications(socket, 'stream.offline')).toHaveLength(0);
    await demo.sim.setIngestSettings({ reconnect_grace_ms: 0 });
    // The setting applies to the next drop; end the pending stream through the simulation API.
    await demo.sim.streamOffline(demo.broadcasterId);
  });

  it('a simulated drop cuts the encoder; the stream stays live for the grace and a re-publish continues it', async () => {
    const socket = await watchStream();
    await demo.sim.setIngestSettings({ reconnect_grace_ms: 5000 });
    const first = publish(DEMO_BROADCASTER.streamKey, 10);
    const online = await socket.next('notification', 8000);
    const publishing = await until(async () => (await sessions()).find((s) => s.state === 'publishing' && s.bytes > 0), 'the publish');

    const { sessions: cut } = await demo.sim.dropIngestSessions({ user_id: demo.broadcasterId });
    expect(cut.map((s) => s.id)).toEqual([publishing.id]);
    // The encoder sees its connection go; the platform keeps the stream.
    expect(await first.exited).not.toBe(0);
    expect((await sessions()).find((s) => s.id === publishing.id)).toMatchObject({ state: 'ended', reason: 'connection dropped (simulation API)' });
    expect(await liveStreams()).toMatchObject([{ id: online.payload.event.id }]);

    const again = publish(DEMO_BROADCASTER.streamKey, 1);
    expect(await again.exited).toBe(0);
    const streamIds = (await sessions()).filter((s) => s.user_id === demo.broadcasterId).map((s) => s.stream_id);
    expect(streamIds).toEqual([online.payload.event.id, online.payload.event.id]);
    expect(notifications(socket, 'stream.offline')).toHaveLength(0);
    await demo.sim.streamOffline(demo.broadcasterId);
  });

  it('refuses a wrong key: nothing goes live', async () => {
    const socket = await watchStream();
    const { exited } = publish('live_501234567_not-the-key', 3);
    const refused = await until(async () => (await sessions()).find((s) => s.state === 'refused'), 'the refusal');
    expect(refused).toMatchObject({ user_id: null, stream_id: null, reason: 'unknown stream key' });
    expect(await exited).not.toBe(0);
    expect(await liveStreams()).toEqual([]);
    expect(notifications(socket, 'stream.online')).toEqual([]);
  });

  it('refuses another application than app, and playing from the ingest', async () => {
    const port = demo.state.catalogue.ingestServers[0]!.port;
    const other = publish(DEMO_BROADCASTER.streamKey, 2, 0, port);
    const wrongApp = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=30', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'flv', `rtmp://127.0.0.1:${port}/live/${DEMO_BROADCASTER.streamKey}x`], { stdio: 'ignore' });
    children.push(wrongApp);
    const refused = await until(async () => (await sessions()).find((s) => s.state === 'refused'), 'the refusal');
    expect(refused.reason).toBe('unknown application "live"');
    await until(async () => (await sessions()).find((s) => s.state === 'publishing' && s.bytes > 0), 'the publish');
    const player = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-rw_timeout', '5000000', '-i', `rtmp://127.0.0.1:${port}/app/${DEMO_BROADCASTER.streamKey}`, '-t', '1', '-f', 'null', '-'], { stdio: 'ignore' });
    children.push(player);
    const played = await new Promise<number | null>((resolve) => player.once('exit', resolve));
    expect(played).not.toBe(0);
    expect(await other.exited).toBe(0);
  });

  it('measures a bandwidth test and never goes live', async () => {
    const socket = await watchStream();
    const { exited } = publish(`${DEMO_BROADCASTER.streamKey}?bandwidthtest=true`, 2);
    const test = await until(async () => (await sessions()).find((s) => s.bandwidth_test && s.bytes > 0 && s.video_codec !== null), 'the bandwidth test');
    expect(test).toMatchObject({ user_id: demo.broadcasterId, stream_id: null, state: 'publishing', width: 320 });
    expect(await liveStreams()).toEqual([]);
    expect(await exited).toBe(0);
    await until(async () => (await sessions()).find((s) => s.id === test.id)?.state === 'ended', 'the end of the test');
    expect(await liveStreams()).toEqual([]);
    expect(notifications(socket, 'stream.online')).toEqual([]);
  });

  it('a key reset mid-stream cuts the publish and ends the stream at once; the old key is refused', async () => {
    const socket = await watchStream();
    await demo.sim.setIngestSettings({ reconnect_grace_ms: 60_000 });
    const { exited } = publish(DEMO_BROADCASTER.streamKey, 10);
    await socket.next('notification', 8000);

    const reset = await demo.sim.resetStreamKey(demo.broadcasterId);
    expect(reset.stream_key).not.toBe(DEMO_BROADCASTER.streamKey);
    expect(reset.stream_key).toMatch(/^live_501234567_/);
    // No grace: the old key cannot come back.
    expect(await liveStreams()).toEqual([]);
    expect((await socket.next('notification')).metadata.subscription_type).toBe('stream.offline');
    expect(await exited).not.toBe(0);
    expect((await sessions()).find((s) => s.user_id === demo.broadcasterId)).toMatchObject({ state: 'ended', reason: 'stream key reset' });

    const again = publish(DEMO_BROADCASTER.streamKey, 2);
    await until(async () => (await sessions()).find((s) => s.state === 'refused'), 'the old key refused');
    expect(await again.exited).not.toBe(0);
    expect(await liveStreams()).toEqual([]);
  });

  it('closing the emulator mid-publish cuts the encoder and leaves nothing behind', async () => {
    const emu = await startEmulator({ seed: 'demo' });
    const sim = createSimulationClient({ baseUrl: emu.url });
    try {
      await sim.setIngestSettings({ reconnect_grace_ms: 60_000 });
      const { exited } = publish(DEMO_BROADCASTER.streamKey, 10, 0, emu.state.catalogue.ingestServers[0]!.port);
      await until(async () => (await sim.ingestSessions()).sessions.find((s) => s.state === 'publishing' && s.bytes > 0), 'the publish');
      await emu.close();
      expect(await exited).not.toBe(0);
    } finally {
      await emu.close();
    }
  });
});
