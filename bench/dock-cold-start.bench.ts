/**
 * Cold start of the built dock in demo mode: spawning `node out/programs/dock.cjs --demo` until it
 * prints `dock ready at` (the dock answers and the in-process demo emulator is up), beside the
 * floor of any Node server: plain `node` starting a bare HTTP server. Also the same program
 * started without its launcher (`node out/programs/dock.program.cjs`, no code cache), which is
 * what every start costs without the cache, and the first start after a build (the launcher finds
 * no cache and makes one). Rounds alternate, so a busy machine slows all alike; the figure to
 * read is the ratio of the medians (the budget: at most 2.5x the bare server), printed with the
 * load average before and after.
 *
 * What the start does not do any more, for this figure: the emulator registers no HEAD route per
 * GET route and no per-method catch-all under /kraken (`src/emulator/http/head-requests.ts`,
 * `answerUnknownKrakenPath`; 230 router entries, were 412), and builds the simulation API's body
 * schemas on their first request (`z.lazy`, `src/emulator/http/simulation-body.ts`).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { builtEntries, builtPrograms, ensureBuilt } from '../scripts/build-output.mjs';
import { ms, percentile } from './support/stats';

async function timeUntilLine(args: string[], pattern: RegExp): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SIDESTAGE_CLIENT_ID: '' } });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within 60 s:\n${output}`)), 60_000);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (pattern.test(output)) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before ready:\n${output}`));
      });
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}

export async function run(options: { rounds: number }): Promise<void> {
  ensureBuilt();
  const loadBefore = loadavg();
  const dir = await mkdtemp(join(tmpdir(), 'sidestage-bench-'));
  const bareScript = join(dir, 'bare.mjs');
  await writeFile(bareScript, "import { createServer } from 'node:http';\nconst s = createServer((_q, r) => r.end('ok'));\ns.listen(0, '127.0.0.1', () => console.log('bare ready'));\nprocess.on('SIGTERM', () => s.close(() => process.exit(0)));\n");
  const dock: number[] = [];
  const uncached: number[] = [];
  const bare: number[] = [];
  const dockArgs = (round: number, kind: string) => ['--demo', '--port', '0', '--data-dir', join(dir, `data-${kind}-${round}`)];
  // The first start after a build: no code cache yet; the launcher saves one as the dock stops.
  rmSync(`${builtPrograms.dock}.v8-cache`, { force: true });
  let first: number;
  try {
    first = await timeUntilLine([builtEntries.dock, ...dockArgs(0, 'first')], /dock ready at/);
    for (let round = 0; round < options.rounds; round += 1) {
      dock.push(await timeUntilLine([builtEntries.dock, ...dockArgs(round, 'cached')], /dock ready at/));
      uncached.push(await timeUntilLine([builtPrograms.dock, ...dockArgs(round, 'uncached')], /dock ready at/));
      bare.push(await timeUntilLine([bareScript], /bare ready/));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const line = (label: string, values: number[]) =>
    console.log(`  ${label.padEnd(48)} median ${ms(percentile(values, 50))}   p90 ${ms(percentile(values, 90))}   max ${ms(Math.max(...values))}`);
  console.log(`Dock mode cold start, spawn to ready (${options.rounds} rounds, fresh data directory each)`);
  line('node out/programs/dock.cjs --demo (code cache)', dock);
  line('  the program without its launcher (no cache)', uncached);
  line('baseline: node, bare HTTP server', bare);
  console.log(`  first start after a build (makes the cache)       ${ms(first)}`);
  console.log(`  Sidestage's own share (median)                    ${ms(percentile(dock, 50) - percentile(bare, 50))}`);
  console.log(`  dock / bare server (medians)                      ${(percentile(dock, 50) / percentile(bare, 50)).toFixed(2)}x`);
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`  load average before / after                       ${load(loadBefore)} / ${load(loadavg())}`);
}
