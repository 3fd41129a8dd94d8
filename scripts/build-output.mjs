// The build in out/ that `npm start`, `npm run dock` and `npm run emulator` run with plain node
// (no transpiler at run time), and the check that rebuilds it when a source is newer.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The programs built for plain node, by the name `scripts/run-built.mjs` takes. */
export const builtEntries = {
  dock: join(projectRoot, 'out/programs/dock.cjs'),
  emulator: join(projectRoot, 'out/programs/emulator.cjs'),
  electron: join(projectRoot, 'out/main/index.js'),
};

/** What the dock and emulator launchers load through V8's code cache (scripts/build-programs.mjs). */
export const builtPrograms = {
  dock: join(projectRoot, 'out/programs/dock.program.cjs'),
  emulator: join(projectRoot, 'out/programs/emulator.program.cjs'),
};

/** Every file one build writes: if any is missing or older than a source, the build is stale. */
const outputs = [...Object.values(builtEntries), ...Object.values(builtPrograms), join(projectRoot, 'out/preload/index.cjs'), join(projectRoot, 'out/renderer/index.html'), join(projectRoot, 'out/overlays/index.html')];
const sources = ['src', 'resources', 'package.json', 'package-lock.json', 'electron.vite.config.ts', 'scripts/build-programs.mjs', 'tsconfig.base.json'];

/** Tests and their support are not built: editing them does not make the build stale. */
const notBuilt = (name) => /\.test\.tsx?$/.test(name) || name === 'test-support';

function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0; // an optional source (a lock file) that is not there
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) if (!notBuilt(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the build must run again, or null when out/ is complete and newer than every source. */
export function staleReason() {
  let oldestOutput = Infinity;
  for (const output of outputs) {
    try {
      oldestOutput = Math.min(oldestOutput, statSync(output).mtimeMs);
    } catch {
      return `${output.slice(projectRoot.length + 1)} is missing`;
    }
  }
  const newestSource = Math.max(...sources.map((source) => newestMtime(join(projectRoot, source))));
  return newestSource > oldestOutput ? 'a source changed since the last build' : null;
}

/**
 * Builds when out/ is missing or stale. The build's own output goes to stderr, so that a program's
 * first stdout line stays the one other programs wait for (`emulator listening on ...`).
 */
export function ensureBuilt({ quiet = false } = {}) {
  const reason = staleReason();
  if (!reason) return;
  if (!quiet) process.stderr.write(`sidestage: building first (${reason})\n`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: projectRoot,
    stdio: ['ignore', quiet ? 'ignore' : 2, 2],
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) throw new Error(`the build failed (npm run build exited with ${build.status ?? build.signal})`);
}
