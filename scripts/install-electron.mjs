// npm's allowScripts keeps Electron's own download script from failing the install where its
// download is blocked. This tolerant step (`postinstall`) tries the download and only warns,
// saying how to fetch the binary later. With `npm install --ignore-scripts` it never runs: then
// `npm start` says the same (scripts/electron-preflight.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { fetchAdvice } from './electron-preflight.mjs';

/** About 100 MB: slow links need far more than a couple of minutes; a dead one is still cut. */
export const downloadTimeoutMs = 20 * 60_000;

/**
 * The environment for Electron's download (@electron/get). It honours a proxy only when
 * ELECTRON_GET_USE_PROXY is set, through global-agent's GLOBAL_AGENT_* variables: the proxy npm
 * itself was given (HTTPS_PROXY, npm's `https-proxy` / `proxy`) is passed on in those words.
 */
export function downloadEnv(env) {
  const proxy = env.GLOBAL_AGENT_HTTPS_PROXY || env.HTTPS_PROXY || env.https_proxy || env.npm_config_https_proxy || env.npm_config_proxy || env.HTTP_PROXY || env.http_proxy;
  if (!proxy) return { ...env };
  const noProxy = env.GLOBAL_AGENT_NO_PROXY || env.NO_PROXY || env.no_proxy || env.npm_config_noproxy;
  return {
    ...env,
    ELECTRON_GET_USE_PROXY: env.ELECTRON_GET_USE_PROXY || '1',
    GLOBAL_AGENT_HTTPS_PROXY: env.GLOBAL_AGENT_HTTPS_PROXY || proxy,
    GLOBAL_AGENT_HTTP_PROXY: env.GLOBAL_AGENT_HTTP_PROXY || proxy,
    ...(noProxy ? { GLOBAL_AGENT_NO_PROXY: noProxy } : {}),
  };
}

/** What the install says when the binary did not arrive. */
export function failureMessage(result) {
  const why = result.error?.code === 'ETIMEDOUT' ? `the download took longer than ${downloadTimeoutMs / 60_000} minutes and was stopped` : 'the download failed (see above)';
  return [
    `sidestage: the Electron binary could not be downloaded: ${why}. \`npm start\` will run the dock mode in a browser instead.`,
    `sidestage: for the desktop window, ${fetchAdvice()}.`,
  ].join('\n');
}

function main() {
  const require = createRequire(import.meta.url);
  let installer;
  try {
    installer = require.resolve('electron/install.js');
  } catch {
    return; // electron is a dev dependency; a production install has none.
  }
  if (process.env.SIDESTAGE_SKIP_ELECTRON_DOWNLOAD || existsSync(new URL('../node_modules/electron/path.txt', import.meta.url))) return;
  console.log('sidestage: downloading the Electron binary (about 100 MB)...');
  const result = spawnSync(process.execPath, [installer], { stdio: 'inherit', timeout: downloadTimeoutMs, env: downloadEnv(process.env) });
  if (result.status !== 0) console.warn(failureMessage(result));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
