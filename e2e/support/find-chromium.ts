// Locates Debian's Chromium for Playwright (Playwright's own browser download is blocked here).
// `npm test` promises to set up a fresh machine, so as root it installs the package when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.SIDESTAGE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(options: { install?: boolean } = {}): string {
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (found) return found;
  if (options.install && process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    console.log("sidestage: installing Debian's chromium for the end-to-end tests");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return findChromium();
  }
  throw new Error('Chromium was not found. Install it (Debian: apt-get install -y chromium) or set SIDESTAGE_CHROMIUM to its path.');
}

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
