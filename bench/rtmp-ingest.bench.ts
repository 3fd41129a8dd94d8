/**
 * The emulator's RTMP ingest under load: 10 concurrent 6,000 kbps H.264/AAC publishes from ffmpeg
 * (each a different broadcaster's key) into an in-process emulator, on 127.0.0.1 only. Figures: the
 * emulator's CPU and event-loop delay while it receives them, beside ffmpeg's own CPU for the same
 * streams (stream copy of a clip encoded once beforehand, so ffmpeg's share is the sending only).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEmulator } from '../src/emulator/server';
import { createSimulationClient } from '../src/emulator/simulation-client';

const CLK_TCK = 100;

/** User plus system CPU seconds of a process so far, from /proc (Linux). */
async function cpuSecondsOf(pid: number): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function run(options: { durationSeconds: number; publishers: number; kbps: number }): Promise<void> {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).error !== undefined) {
    console.log('  skipped: ffmpeg is not installed');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'sidestage-rtmp-bench-'));
  const clip = join(dir, 'clip.flv');
  const rate = `${options.kbps}k`;
  const encoded = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine', '-t', '4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-b:v', rate, '-minrate', rate, '-maxrate', rate, '-bufsize', rate],
      ...['-x264-params', 'nal-hrd=cbr', '-c:a', 'aac', '-b:a', '160k', '-f', 'flv', clip],
    ],
    { stdio: 'ignore' },
  );
  if (encoded.status !== 0) throw new Error('ffmpeg could not encode the clip');

  const emu = await startEmulator({ seed: 'demo' });
  const sim = createSimulationClient({ baseUrl: emu.url });
  const children: ChildProcess[] = [];
  try {
    const ports = emu.state.catalogue.ingestServers.filter((s) => s.reachable).map((s) => s.port);
    const keys: string[] = [];
    for (let i = 0; i < options.publishers; i += 1) {
      const user = await sim.createUser({ login: `bench_rtmp_${i}` });
      keys.push(emu.state.channels.get(user.id)!.streamKey);
    }
    // Longer than the window: the encoders are still sending when it ends.
    const sendSeconds = options.durationSeconds + 15;
    for (const [i, key] of keys.entries()) {
      const child = spawn(
        'ffmpeg',
        ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', clip, '-t', String(sendSeconds), '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${ports[i % ports.length]}/app/${key}`],
        { stdio: 'ignore' },
      );
      child.on('error', () => {});
      children.push(child);
    }
    const publishing = async () => (await sim.ingestSessions()).sessions.filter((s) => s.state === 'publishing' && s.bytes > 0);
    await waitFor(async () => (await publishing()).length === options.publishers, `${options.publishers} publishes`);
    // Let the publishes settle past their first key frames.
    await waitFor(async () => (await publishing()).every((s) => s.keyframe_interval_s !== null), 'key frames');

    const before = await publishing();
    const pids = children.map((c) => c.pid!).filter((pid) => pid !== undefined);
    const ffmpegBefore = await Promise.all(pids.map(cpuSecondsOf));
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.durationSeconds * 1000));
    const cpu = process.cpuUsage(cpuBefore);
    const elapsed = (performance.now() - started) / 1000;
    delay.disable();
    const ffmpegAfter = await Promise.all(pids.map(cpuSecondsOf));
    const after = await publishing();

    const received = after.reduce((sum, s) => sum + s.bytes, 0) - before.reduce((sum, s) => sum + s.bytes, 0);
    const emulatorCpu = (cpu.user + cpu.system) / 1e6 / elapsed;
    const ffmpegCpu = ffmpegAfter.reduce((sum, v, i) => sum + v - ffmpegBefore[i]!, 0) / elapsed;
    const pct = (share: number) => `${(share * 100).toFixed(1)} % of one core`;
    console.log(`RTMP ingest: ${options.publishers} concurrent ${options.kbps} kbps publishes (1280x720, 30 fps), ${elapsed.toFixed(1)} s window`);
    console.log(`  received                                 ${((received * 8) / 1000 / elapsed / 1000).toFixed(1)} Mbps in total (${after.length} publishing)`);
    console.log(`  emulator CPU (receiving, in-process)     ${pct(emulatorCpu)}`);
    console.log(`  emulator event-loop delay                p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms   p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms   max ${(delay.max / 1e6).toFixed(1)} ms`);
    console.log(`  baseline: ffmpeg's own CPU (${options.publishers} senders) ${pct(ffmpegCpu)}`);
  } finally {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  }
}
