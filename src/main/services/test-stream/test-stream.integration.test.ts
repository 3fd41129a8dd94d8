/**
 * The demo's test stream through composition (demo mode, dock transport), driven only through the
 * IPC router, publishing with the real ffmpeg to the in-process emulator's real RTMP ingest: the
 * checklist takes it as the encoder with OBS off, the emulator sees the publish, the app shows Live
 * (EventSub), stop ends ffmpeg, and the app shows offline once the reconnect grace (set short) ends.
 * The stream key is in nothing the renderer receives. Skipped, with the reason, where ffmpeg is missing.
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, GoLiveState, StreamStatus, TestStreamState } from '../../../shared/ipc/contract';
import type { Sidestage } from '../../composition';
import { startDemoSidestage, type DemoSidestage } from '../../test-support/demo-sidestage';
import { waitUntil } from '../../test-support/wait-until';

const ffmpegMissing = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).error !== undefined;
if (ffmpegMissing) console.warn('test-stream.integration.test.ts skipped: ffmpeg is not installed (apt-get install ffmpeg)');

let demo: DemoSidestage;
let sidestage: Sidestage;

const call = <T>(channel: Channel, arg?: unknown) => demo.call<T>(channel, arg);

/** The ffmpeg processes this test process started and that still run (Linux /proc). */
async function ffmpegChildren(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match && match[1] === 'ffmpeg' && Number(match[2]) === process.pid) pids.push(Number(entry));
  }
  return pids;
}

describe.skipIf(ffmpegMissing)('the test stream in demo mode', () => {
  beforeAll(async () => {
    demo = await startDemoSidestage({ name: 'test-stream' });
    sidestage = demo.sidestage;
  });

  afterAll(async () => {
    await demo?.dispose();
  });

  it('publishes to the emulator: ready with OBS off, live over EventSub, stopped, offline after the grace', async () => {
    const { sim: simulation, broadcasterId } = demo;
    await simulation.setIngestSettings({ reconnect_grace_ms: 500 });

    // Signed in through the checklist's own fix, as its button does.
    await demo.signIn(() => call('goLive:fix', { action: 'signIn' }));
    await waitUntil(() => sidestage.testStream!.getState().ffmpegInstalled === true, 10_000, 'ffmpeg found');
    await call('goLive:open');
    await call('goLive:fix', { action: 'probeIngest' });
    await waitUntil(() => sidestage.goLive.getState().ready, 20_000, 'ready to go live with the test stream as the encoder');
    const encoder = sidestage.goLive.getState().items.find((i) => i.id === 'obsConnected')!;
    expect(encoder).toMatchObject({ label: 'Encoder', state: 'ok' });
    await call<GoLiveState>('goLive:close');

    const starting = await call<TestStreamState>('testStream:start');
    expect(starting.status).toBe('starting');
    await waitUntil(() => sidestage.testStream!.getState().status === 'publishing', 20_000, 'publishing');

    const sessions = await simulation.ingestSessions();
    const session = sessions.sessions.find((s) => s.state === 'publishing' && s.user_id === broadcasterId);
    expect(session).toMatchObject({ bandwidth_test: false });
    await waitUntil(() => sidestage.live.stream.getStatus().live, 15_000, 'the app shows live (stream.online over EventSub)');
    const live = await call<StreamStatus>('stream:getStatus');
    expect(live.streamId).toBe(session!.stream_id);

    // What the ingest received: the platform's recommendations (keyframes every 2 s), measured.
    const measured = await (async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const s = (await simulation.ingestSessions()).sessions.find((x) => x.id === session!.id);
        if (s?.keyframe_interval_s != null) return s;
        if (Date.now() > deadline) throw new Error('no keyframe interval measured');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    expect(measured).toMatchObject({ video_codec: 'h264', audio_codec: 'aac', width: 1280, height: 720, fps: 30 });
    expect(measured.keyframe_interval_s).toBeCloseTo(2, 1);

    const stopped = await call<TestStreamState>('testStream:stop');
    expect(stopped.status).toBe('stopped');
    expect((await simulation.ingestSessions()).sessions.find((s) => s.id === session!.id)?.state).toBe('ended');
    await waitUntil(() => !sidestage.live.stream.getStatus().live, 15_000, 'the app shows offline after the grace');
    expect((await simulation.state()).streams.some((s) => s.user_id === broadcasterId)).toBe(false);

    const key = sidestage.emulator!.state.channels.get(broadcasterId)!.streamKey;
    expect(key.length).toBeGreaterThan(8);
    expect(JSON.stringify(demo.received)).not.toContain(key);
  }, 90_000);

  it('a stream key reset mid-stream: ffmpeg is cut, and the test stream says so in words, without the key', async () => {
    const { sim: simulation, broadcasterId } = demo;
    const oldKey = sidestage.emulator!.state.channels.get(broadcasterId)!.streamKey;
    await call('testStream:start');
    await waitUntil(() => sidestage.testStream!.getState().status === 'publishing', 20_000, 'publishing');
    await simulation.resetStreamKey(broadcasterId);
    await waitUntil(() => sidestage.testStream!.getState().status === 'failed', 15_000, 'failed');
    const state = sidestage.testStream!.getState();
    expect(state.problem).toMatch(/closed the connection while publishing/);
    expect(JSON.stringify(state)).not.toContain(oldKey);
    expect(await ffmpegChildren()).toEqual([]);
    // The next start reads the new key: publishing again.
    await call('testStream:start');
    await waitUntil(() => sidestage.testStream!.getState().status === 'publishing', 20_000, 'publishing on the new key');
  }, 60_000);

  it('quitting (dispose) ends the running ffmpeg by its PID', async () => {
    expect(sidestage.testStream!.getState().status).toBe('publishing');
    expect(await ffmpegChildren()).toHaveLength(1);
    await sidestage.dispose();
    expect(await ffmpegChildren()).toEqual([]);
  }, 30_000);
});
