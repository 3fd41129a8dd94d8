// What `npm start` (scripts/start.mjs) checks before it runs Electron, and how it reads the way
// Electron ended, so that it can say in a sentence why the window did not open and what to do.
// `root` is where /proc and /etc are read from: `/`, or a fake one in tests.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** How to fetch the binary by hand: after `npm install --ignore-scripts`, a cut download, or behind a proxy. */
export function fetchAdvice() {
  return (
    'run `node node_modules/electron/install.js` (about 100 MB; behind a proxy set ELECTRON_GET_USE_PROXY=1 and ' +
    'GLOBAL_AGENT_HTTPS_PROXY=<your proxy> first; where GitHub is blocked, ELECTRON_MIRROR=<a mirror of its releases>), then `npm start` again'
  );
}

/** The Electron binary node_modules/electron names, or why there is none. `require` resolves from the project. */
export function findElectron(require) {
  let binary;
  try {
    binary = require('electron');
  } catch (error) {
    if (error?.code === 'MODULE_NOT_FOUND') return { missing: 'the electron package is not installed (run `npm install`)' };
    // node_modules/electron/index.js throws when path.txt, written after the download, is missing.
    return { missing: 'its download did not run (npm install --ignore-scripts, or npm without network access) or did not finish' };
  }
  if (typeof binary !== 'string' || !existsSync(binary)) return { missing: `node_modules/electron names ${binary}, which is not there (the download was cut short)` };
  return { binary };
}

function read(root, path) {
  try {
    return readFileSync(join(root, path), 'utf8').trim();
  } catch {
    return null;
  }
}

/** The real user id of this process, as /proc says (a fake /proc in tests), else Node's. */
function uidOf(root) {
  const status = read(root, 'proc/self/status');
  const match = status ? /^Uid:\s+(\d+)/m.exec(status) : null;
  if (match) return Number(match[1]);
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/** Why the kernel will not let Chromium build its sandbox from user namespaces, or null. */
function namespacesRestricted(root) {
  if (read(root, 'proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1') {
    return { apparmor: true, why: 'AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1, as on Ubuntu 23.10 and later)' };
  }
  if (read(root, 'proc/sys/kernel/unprivileged_userns_clone') === '0') return { apparmor: false, why: 'unprivileged user namespaces are switched off (kernel.unprivileged_userns_clone=0)' };
  if (read(root, 'proc/sys/user/max_user_namespaces') === '0') return { apparmor: false, why: 'user namespaces are switched off (user.max_user_namespaces=0)' };
  return null;
}

/** Chromium's fallback: the SUID helper beside the binary, owned by root with mode 4755. */
function suidHelperReady(helper) {
  try {
    const stat = statSync(helper);
    return stat.uid === 0 && (stat.mode & 0o4000) !== 0 && (stat.mode & 0o777) === 0o755;
  } catch {
    return false;
  }
}

/** An AppArmor profile for this binary that allows user namespaces (Ubuntu's own way round the restriction). */
function apparmorProfileAllows(root, binary) {
  const dir = join(root, 'etc/apparmor.d');
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  return names.some((name) => {
    const text = read(root, join('etc/apparmor.d', name));
    return text !== null && text.includes(binary) && /\buserns\b/.test(text);
  });
}

/**
 * Why Electron would abort at once on this Linux system, and the one command that fixes it; null
 * where it will start. Electron aborts, rather than run without its sandbox, when the kernel
 * restricts user namespaces and the SUID helper (chrome-sandbox) is not set up; Chromium also
 * refuses to run as root with its sandbox.
 */
export function sandboxProblem({ binary, root = '/', platform = process.platform, projectRoot = process.cwd() }) {
  if (platform !== 'linux') return null;
  const helper = join(dirname(binary), 'chrome-sandbox');
  if (uidOf(root) === 0) {
    return { reason: 'Chromium will not run its sandbox as root (Electron stops with "Running as root without --no-sandbox is not supported")', fix: 'start Sidestage as your own user, not as root' };
  }
  const restricted = namespacesRestricted(root);
  if (!restricted || suidHelperReady(helper)) return null;
  if (restricted.apparmor && apparmorProfileAllows(root, binary)) return null;
  const shown = relative(projectRoot, helper).startsWith('..') ? helper : relative(projectRoot, helper);
  return {
    reason: `${restricted.why}, and ${shown} is not owned by root with mode 4755 (Electron then aborts: "The SUID sandbox helper binary was found, but is not configured correctly")`,
    fix: `sudo chown root:root ${helper} && sudo chmod 4755 ${helper}${restricted.apparmor ? ', or give Electron an AppArmor profile that allows user namespaces' : ''}`,
  };
}

/** Seconds within which an Electron that ends did not really start. */
export const earlySeconds = 10;

/**
 * How Electron ended, in words: `failed` unless it exited with 0. `stderr`: the end of what it
 * printed, from which Chromium's own reason is quoted (its FATAL line, or the last line).
 */
export function describeEnd({ code, signal, seconds, stderr = '' }) {
  if (code === 0 && !signal) return { failed: false };
  const when = seconds < earlySeconds ? 'within its first seconds' : `after ${Math.round(seconds)} s`;
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const fatal = lines.find((line) => /FATAL|SUID sandbox|Running as root|error while loading shared libraries/i.test(line)) ?? lines.at(-1) ?? null;
  const quoted = fatal ? `: "${fatal.replace(/^\[[^\]]*\]\s*/, '').slice(0, 300)}"` : '';
  const sandbox = /SUID sandbox helper|chrome-sandbox/i.test(stderr);
  return {
    failed: true,
    early: seconds < earlySeconds,
    sandbox,
    what: `Electron ${how} ${when}${quoted}`,
  };
}
