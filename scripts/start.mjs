// `npm start`: build when out/ is missing or stale, then run the Electron app; where Electron's
// binary is missing (its download is blocked on some machines), run the built dock mode instead
// with plain node and open it in the system browser.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { builtEntries, ensureBuilt, projectRoot } from './build-output.mjs';

const require = createRequire(import.meta.url);

try {
  ensureBuilt();
} catch (error) {
  console.error(`sidestage: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let electronBinary = null;
try {
  electronBinary = require('electron'); // throws when the binary was not downloaded
} catch {
  electronBinary = null;
}

if (electronBinary) {
  const child = spawn(electronBinary, [projectRoot], { stdio: 'inherit' });
  child.on('error', (error) => {
    console.error(`sidestage: Electron could not start: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('sidestage: the Electron binary is not installed on this machine, so Sidestage runs in dock mode:');
  console.log('sidestage: the same app in your browser (or as an OBS Custom Browser Dock).');
  const dock = spawn(process.execPath, [builtEntries.dock, ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'inherit'] });
  dock.stdout.setEncoding('utf8');
  dock.stdout.on('data', (text) => {
    process.stdout.write(text);
    const match = /dock ready at (\S+)/.exec(text);
    if (match) openInBrowser(match[1]);
  });
  const stop = () => dock.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  dock.on('error', (error) => {
    console.error(`sidestage: the dock could not start: ${error.message}`);
    process.exit(1);
  });
  dock.on('exit', (code) => process.exit(code ?? 0));
}

function openInBrowser(url) {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  if (spawnSync('which', [opener]).status !== 0 && process.platform === 'linux') {
    console.log('sidestage: no browser opener found; open the URL above in a browser.');
    return;
  }
  spawn(opener, [url], { stdio: 'ignore', detached: true }).on('error', () => {
    console.log('sidestage: could not open a browser; open the URL above yourself.');
  }).unref();
}
