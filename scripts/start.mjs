// `npm start`: build when out/ is missing or stale, then run the Electron app. It always leaves the
// broadcaster with a working Sidestage and a sentence saying which and why: where Electron's binary
// is missing, where its sandbox cannot start (checked before, see electron-preflight.mjs), or where
// Electron dies by a signal or with an error, it runs the built dock mode with plain node and opens
// it in the system browser. After Electron failed it never exits with 0.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { builtEntries, ensureBuilt, projectRoot } from './build-output.mjs';
import { describeEnd, fetchAdvice, findElectron, sandboxProblem } from './electron-preflight.mjs';

const say = (line) => console.log(`sidestage: ${line}`);
const dockWords = 'the same app in your browser (or as an OBS Custom Browser Dock)';

try {
  ensureBuilt();
} catch (error) {
  console.error(`sidestage: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const electron = findElectron(createRequire(import.meta.url));
if (electron.missing) {
  say(`the Electron binary is not installed on this machine (${electron.missing}), so Sidestage runs in dock mode: ${dockWords}.`);
  say(`for the desktop window: ${fetchAdvice()}.`);
  runDock({ electronFailed: false });
} else {
  // Where /proc and /etc are read from: a fake root in the tests of this script.
  const problem = sandboxProblem({ binary: electron.binary, root: process.env.SIDESTAGE_PREFLIGHT_ROOT || '/', projectRoot });
  if (problem) {
    say(`Electron cannot start here: ${problem.reason}.`);
    say(`Sidestage runs in dock mode instead (${dockWords}); for the desktop window: ${problem.fix} (see docs/launch-guide.md).`);
    runDock({ electronFailed: true });
  } else {
    runElectron(electron.binary);
  }
}

function runElectron(binary) {
  const started = Date.now();
  // ELECTRON_RUN_AS_NODE (set by some editors' terminals) would make the binary a plain Node.
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, [projectRoot], { stdio: ['inherit', 'inherit', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString('utf8')).slice(-8_192);
  });
  child.stderr.on('error', () => {});
  // A stop asked of `npm start` (Ctrl+C, a terminal closed) is passed on, and is no failure.
  let stopping = null;
  const forward = (signal) => {
    stopping = signal;
    child.kill(signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  let ended = false;
  const end = (failure) => {
    if (ended) return;
    ended = true;
    for (const signal of signals) process.off(signal, forward);
    if (!failure) return;
    say(`${failure}.`);
    say(`Sidestage runs in dock mode instead: ${dockWords}.`);
    runDock({ electronFailed: true });
  };
  child.on('error', (error) => {
    end(`Electron could not be started (${error.code ?? error.message}: ${binary} is not a program this system can run; ${fetchAdvice()})`);
  });
  child.on('exit', (code, signal) => {
    if (stopping) {
      ended = true;
      process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
    }
    const outcome = describeEnd({ code, signal, seconds: (Date.now() - started) / 1000, stderr });
    if (!outcome.failed) {
      ended = true;
      process.exit(0);
    }
    const cause = outcome.sandbox ? ' (its sandbox could not start: see "Ubuntu 24.04" in docs/launch-guide.md)' : '';
    end(`${outcome.what}${cause}`);
  });
}

function runDock({ electronFailed }) {
  const dock = spawn(process.execPath, [builtEntries.dock, ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'inherit'] });
  dock.stdout.setEncoding('utf8');
  dock.stdout.on('data', (text) => {
    process.stdout.write(text);
    const match = /dock ready at (\S+)/.exec(text);
    if (match) openInBrowser(match[1]);
  });
  const stop = () => dock.kill('SIGTERM');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
  dock.on('error', (error) => {
    console.error(`sidestage: the dock could not start: ${error.message}`);
    process.exit(1);
  });
  // Electron failed: whatever the dock's end, `npm start` did not do what it was asked.
  dock.on('exit', (code, signal) => process.exit(electronFailed ? code || 1 : (code ?? (signal ? 1 : 0))));
}

function openInBrowser(url) {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  if (process.platform === 'linux' && spawnSync('which', [opener]).status !== 0) {
    say('no browser opener found; open the URL above in a browser.');
    return;
  }
  spawn(opener, [url], { stdio: 'ignore', detached: true })
    .on('error', () => say('could not open a browser; open the URL above yourself.'))
    .unref();
}
