// npm's allowScripts keeps Electron's own download script from failing the install where
// its download is blocked. This tolerant step tries the download and only warns.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let installer;
try {
  installer = require.resolve('electron/install.js');
} catch {
  process.exit(0); // electron is a dev dependency; a production install has none.
}
if (process.env.SIDESTAGE_SKIP_ELECTRON_DOWNLOAD || existsSync(new URL('../node_modules/electron/path.txt', import.meta.url))) process.exit(0);
const result = spawnSync(process.execPath, [installer], { stdio: 'inherit', timeout: 120_000 });
if (result.status !== 0) {
  console.warn('sidestage: the Electron binary could not be downloaded; `npm start` will run the dock mode in a browser instead.');
}
