/**
 * A real kill -9 while live: a child process records a broadcast (minutes of 200 ms, a chat line
 * every 10 ms) and is killed with SIGKILL; the next start has every minute the child had written,
 * each with its count: only the minute under way is lost.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ManualChannelEvents, ManualStream, openRecorder } from '../../test-support/broadcast-story-fixtures';
import { createFakeClock } from '../../test-support/fake-clock';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('kill -9 while live loses at most the minute under way', async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadcast-story-kill-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/test-support/broadcast-story-child.ts', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const written = new Map<number, number>();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child wrote no minutes: ${errors}`)), 30_000);
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [, minute, count] = line.split(' ');
        written.set(Number(minute), Number(count));
      }
      if (written.size < 3) return;
      clearTimeout(timer);
      resolve();
    });
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const recorder = await openRecorder(dir, createFakeClock(), { stream: new ManualStream(), channelEvents: new ManualChannelEvents() });
  expect(recorder.list().liveId).toBe('stream-1');
  const minutes = recorder.get('stream-1').minutes;
  for (const [minute, count] of written) expect(minutes.find((m) => m.minute === minute)?.chatLines).toBe(count);
  // Every minute from the first is there (the child may have written one more before the kill landed).
  expect(minutes.map((m) => m.minute)).toEqual(minutes.map((_, i) => i));
  expect(minutes.length).toBeGreaterThanOrEqual(written.size);
  expect(minutes.reduce((n, m) => n + m.chatLines, 0)).toBeGreaterThan(0);
  recorder.dispose();
}, 60_000);
