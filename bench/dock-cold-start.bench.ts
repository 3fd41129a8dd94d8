/**
 * Cold start of the main services in dock mode: spawning `src/main/dock/cli.ts --demo` until it
 * prints `dock ready at`, beside the same runtime (node + tsx) starting a bare HTTP server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ms, percentile } from './support/stats';

async function timeUntilLine(args: string[], pattern: RegExp): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SIDESTAGE_CLIENT_ID: '' } });
  let output = '';
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within 60 s:\n${output}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (pattern.test(output)) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
    });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function run(options: { rounds: number }): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sidestage-bench-'));
  const bareScript = join(dir, 'bare.ts');
  await writeFile(bareScript, "import { createServer } from 'node:http';\nconst s = createServer((_q, r) => r.end('ok'));\ns.listen(0, '127.0.0.1', () => console.log('bare ready'));\nprocess.on('SIGTERM', () => s.close(() => process.exit(0)));\n");
  const dock: number[] = [];
  const bare: number[] = [];
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      const dataDir = join(dir, `data-${round}`);
      dock.push(await timeUntilLine(['--import', 'tsx', 'src/main/dock/cli.ts', '--demo', '--port', '0', '--data-dir', dataDir], /dock ready at/));
      bare.push(await timeUntilLine(['--import', 'tsx', bareScript], /bare ready/));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`Dock mode cold start to ready (${options.rounds} rounds, fresh data directory each)`);
  console.log(`  dock --demo (services + emulator)   median ${ms(percentile(dock, 50))}   max ${ms(Math.max(...dock))}`);
  console.log(`  baseline: node + tsx bare server    median ${ms(percentile(bare, 50))}   max ${ms(Math.max(...bare))}`);
  console.log(`  Sidestage's own share (median)      ${ms(percentile(dock, 50) - percentile(bare, 50))}`);
}
