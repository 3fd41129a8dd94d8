/**
 * `npm start` (scripts/start.mjs) with a fake Electron binary (ELECTRON_OVERRIDE_DIST_PATH, which
 * node_modules/electron honours) and a fake /proc (SIDESTAGE_PREFLIGHT_ROOT): it always leaves a
 * working Sidestage, the window or the real built dock (opened with a fake `xdg-open`), with a
 * sentence saying which and why, and never exits with 0 after Electron failed. Also the preflight's
 * and the install script's own rules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, projectRoot } from '../../scripts/build-output.mjs';
import { describeEnd, fetchAdvice, findElectron, sandboxProblem } from '../../scripts/electron-preflight.mjs';
import { downloadEnv, downloadTimeoutMs, failureMessage } from '../../scripts/install-electron.mjs';
import { pluginInstallCommand } from '../../scripts/install-plugin.mjs';

let scratch: string;
beforeAll(async () => {
  ensureBuilt({ quiet: true });
  scratch = await mkdtemp(join(tmpdir(), 'sidestage-npm-start-'));
}, 180_000);
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

let cases = 0;
/** A machine: its Electron (a shell script, or nothing), its /proc, its browser opener. */
async function machine(options: { electron?: string | null; electronMode?: number; sandboxMode?: number; userns?: 'restricted' | 'open'; uid?: number; apparmorProfile?: boolean }) {
  const root = join(scratch, `case-${++cases}`);
  const dist = join(root, 'dist');
  const bin = join(root, 'bin');
  const fakeRoot = join(root, 'root');
  await mkdir(dist, { recursive: true });
  await mkdir(bin, { recursive: true });
  await mkdir(join(fakeRoot, 'proc/sys/kernel'), { recursive: true });
  await mkdir(join(fakeRoot, 'proc/self'), { recursive: true });
  await mkdir(join(fakeRoot, 'etc/apparmor.d'), { recursive: true });
  await writeFile(join(fakeRoot, 'proc/self/status'), `Name:\tnode\nUid:\t${options.uid ?? 1000}\t${options.uid ?? 1000}\t${options.uid ?? 1000}\t${options.uid ?? 1000}\n`);
  await writeFile(join(fakeRoot, 'proc/sys/kernel/apparmor_restrict_unprivileged_userns'), options.userns === 'restricted' ? '1\n' : '0\n');
  if (options.electron !== null) {
    // It says it ran, with what, then does what the case wants.
    await writeFile(join(dist, 'electron'), `#!/bin/sh\nROOT="${root}"\necho "$@" > "$ROOT/electron-ran"\nenv > "$ROOT/electron-env"\n${options.electron ?? 'exit 0'}\n`);
    await chmod(join(dist, 'electron'), options.electronMode ?? 0o755);
    await writeFile(join(dist, 'chrome-sandbox'), 'not really');
    await chmod(join(dist, 'chrome-sandbox'), options.sandboxMode ?? 0o755);
  }
  if (options.apparmorProfile) {
    await writeFile(join(fakeRoot, 'etc/apparmor.d/sidestage-electron'), `abi <abi/4.0>,\ninclude <tunables/global>\nprofile sidestage ${join(dist, 'electron')} flags=(unconfined) {\n  userns,\n}\n`);
  }
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > "${root}/browser-opened"\n`);
  await chmod(join(bin, 'xdg-open'), 0o755);
  return { root, dist, fakeRoot, bin };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
const started: Started[] = [];
afterEach(() => {
  for (const { child } of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function npmStart(m: Awaited<ReturnType<typeof machine>>, env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [join(projectRoot, 'scripts/start.mjs'), '--data-dir', join(m.root, 'dock-data'), '--port', '0'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      SIDESTAGE_CLIENT_ID: '',
      ELECTRON_OVERRIDE_DIST_PATH: m.dist,
      SIDESTAGE_PREFLIGHT_ROOT: m.fakeRoot,
      PATH: `${m.bin}:${process.env.PATH}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const run = { child, output: () => output, exited };
  started.push(run);
  return run;
}

const exists = (path: string) => readFile(path).then(() => true, () => false);

/** Polls a condition (a file to appear, a line to be printed) until it holds. */
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The dock took over: it is ready, the browser was opened on it; then the broadcaster stops it. */
async function dockTookOver(m: Awaited<ReturnType<typeof machine>>, run: Started): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  await until('the dock to be ready', () => /dock ready at http:\/\/127\.0\.0\.1:\d+\//.test(run.output())).catch((error: Error) => {
    throw new Error(`${error.message}:\n${run.output()}`);
  });
  const opened = () => readFile(join(m.root, 'browser-opened'), 'utf8').catch(() => '');
  await until('the browser to be opened', async () => (await opened()).endsWith('\n'));
  expect(await opened()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=/);
  run.child.kill('SIGTERM');
  return run.exited;
}

const sidestageLines = (run: Started) => run.output().split('\n').filter((line) => line.startsWith('sidestage: '));

describe('npm start', () => {
  it('on Ubuntu 24.04 (user namespaces restricted, chrome-sandbox not set up): says so and the fix before Electron aborts, runs the dock, and does not exit 0', async () => {
    const m = await machine({ userns: 'restricted' });
    const run = npmStart(m);
    const exit = await dockTookOver(m, run);
    expect(await exists(join(m.root, 'electron-ran'))).toBe(false);
    const [why, instead] = sidestageLines(run);
    expect(why).toMatch(/^sidestage: Electron cannot start here: AppArmor restricts unprivileged user namespaces \(kernel\.apparmor_restrict_unprivileged_userns=1, as on Ubuntu 23\.10 and later\), and .*chrome-sandbox is not owned by root with mode 4755/);
    expect(instead).toContain(`Sidestage runs in dock mode instead`);
    expect(instead).toContain(`sudo chown root:root ${join(m.dist, 'chrome-sandbox')} && sudo chmod 4755 ${join(m.dist, 'chrome-sandbox')}`);
    expect(exit.code).not.toBe(0);
  }, 40_000);

  it('with the restriction but an AppArmor profile for the binary, starts Electron', async () => {
    const m = await machine({ userns: 'restricted', apparmorProfile: true });
    const run = npmStart(m);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(await readFile(join(m.root, 'electron-ran'), 'utf8')).toBe(`${projectRoot}\n`);
  });

  it('as root, says Chromium will not run its sandbox as root, and runs the dock', async () => {
    const m = await machine({ uid: 0 });
    const run = npmStart(m);
    const exit = await dockTookOver(m, run);
    expect(sidestageLines(run)[0]).toMatch(/Chromium will not run its sandbox as root/);
    expect(exit.code).not.toBe(0);
  }, 40_000);

  it('Electron aborting by a signal in its first seconds (the sandbox helper, as Chromium prints it): quoted, dock, not 0', async () => {
    const fatal = "[12:0101/000000.000000:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that /x/chrome-sandbox is owned by root and has mode 4755.";
    const m = await machine({ electron: `cat >&2 <<'EOF'\n${fatal}\nEOF\nkill -TRAP $$` });
    const run = npmStart(m);
    const exit = await dockTookOver(m, run);
    expect(await exists(join(m.root, 'electron-ran'))).toBe(true);
    const [why, instead] = sidestageLines(run);
    expect(why).toMatch(/^sidestage: Electron was stopped by SIGTRAP within its first seconds: "The SUID sandbox helper binary was found, but is not configured correctly\. .*" \(its sandbox could not start: see "Ubuntu 24\.04" in docs\/launch-guide\.md\)\.$/);
    expect(instead).toMatch(/^sidestage: Sidestage runs in dock mode instead/);
    expect(exit.code).not.toBe(0);
  }, 40_000);

  it('a broken binary that exits with an error: its reason quoted, dock, not 0', async () => {
    const m = await machine({ electron: "echo 'electron: error while loading shared libraries: libnss3.so: cannot open shared object file' >&2\nexit 127" });
    const run = npmStart(m);
    const exit = await dockTookOver(m, run);
    expect(sidestageLines(run)[0]).toBe('sidestage: Electron exited with code 127 within its first seconds: "electron: error while loading shared libraries: libnss3.so: cannot open shared object file".');
    expect(exit.code).not.toBe(0);
  }, 40_000);

  it('a binary that cannot be run at all (not executable): dock, not 0', async () => {
    const m = await machine({ electronMode: 0o644 });
    const run = npmStart(m);
    const exit = await dockTookOver(m, run);
    expect(sidestageLines(run)[0]).toMatch(/^sidestage: Electron could not be started \(EACCES: .* is not a program this system can run; run `node node_modules\/electron\/install\.js`/);
    expect(exit.code).not.toBe(0);
  }, 40_000);

  it('no binary (a download that never ran): says how to fetch it, and runs the dock', async () => {
    const m = await machine({ electron: null });
    const run = npmStart(m);
    await dockTookOver(m, run);
    const [missing, advice] = sidestageLines(run);
    expect(missing).toMatch(/^sidestage: the Electron binary is not installed on this machine \(node_modules\/electron names .*, which is not there \(the download was cut short\)\), so Sidestage runs in dock mode/);
    expect(advice).toBe(`sidestage: for the desktop window: ${fetchAdvice()}.`);
  }, 40_000);

  it('Electron that runs and quits: exit 0, no dock, and never run as plain Node', async () => {
    const m = await machine({});
    const run = npmStart(m, { ELECTRON_RUN_AS_NODE: '1' });
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).not.toContain('dock');
    expect(await readFile(join(m.root, 'electron-env'), 'utf8')).not.toMatch(/^ELECTRON_RUN_AS_NODE=/m);
  });

  it('stopped by the broadcaster (Ctrl+C passed on to Electron): no dock, and Electron’s own end', async () => {
    const m = await machine({ electron: `trap 'exit 0' INT\ntouch "$ROOT/listening"\nwhile true; do sleep 0.05; done` });
    const run = npmStart(m);
    await until('Electron to run', () => exists(join(m.root, 'listening')));
    run.child.kill('SIGINT');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.output()).not.toContain('dock mode');
  });
});

describe('the preflight', () => {
  const binary = '/opt/sidestage/node_modules/electron/dist/electron';

  it('leaves macOS and Windows be, and Linux with user namespaces open', async () => {
    const m = await machine({ userns: 'open' });
    expect(sandboxProblem({ binary: join(m.dist, 'electron'), root: m.fakeRoot, platform: 'linux' })).toBeNull();
    expect(sandboxProblem({ binary, root: m.fakeRoot, platform: 'darwin' })).toBeNull();
    expect(sandboxProblem({ binary, root: m.fakeRoot, platform: 'win32' })).toBeNull();
  });

  it('passes a chrome-sandbox owned by root with mode 4755, as Electron asks', async () => {
    // The tests run as root: the helper the machine writes is root's.
    const m = await machine({ userns: 'restricted', sandboxMode: 0o4755 });
    const problem = sandboxProblem({ binary: join(m.dist, 'electron'), root: m.fakeRoot, platform: 'linux' });
    if (process.getuid?.() === 0) expect(problem).toBeNull();
    else expect(problem?.reason).toMatch(/is not owned by root/);
  });

  it('names the older switches that turn user namespaces off', async () => {
    const m = await machine({});
    await writeFile(join(m.fakeRoot, 'proc/sys/kernel/unprivileged_userns_clone'), '0\n');
    expect(sandboxProblem({ binary: join(m.dist, 'electron'), root: m.fakeRoot, platform: 'linux' })?.reason).toMatch(/^unprivileged user namespaces are switched off \(kernel\.unprivileged_userns_clone=0\)/);
  });

  it('finds no binary without the electron package or its download', () => {
    const notFound = Object.assign(new Error('Cannot find module'), { code: 'MODULE_NOT_FOUND' });
    expect(findElectron(() => { throw notFound; })).toEqual({ missing: 'the electron package is not installed (run `npm install`)' });
    expect(findElectron(() => { throw new Error('Electron failed to install correctly'); }).missing).toMatch(/download did not run/);
    expect(findElectron(() => process.execPath)).toEqual({ binary: process.execPath });
  });

  it('reads an end: 0 is no failure; a signal or a code is, early or late', () => {
    expect(describeEnd({ code: 0, signal: null, seconds: 1 })).toEqual({ failed: false });
    expect(describeEnd({ code: null, signal: 'SIGSEGV', seconds: 3_600 })).toEqual({ failed: true, early: false, sandbox: false, what: 'Electron was stopped by SIGSEGV after 3600 s' });
    expect(describeEnd({ code: 1, signal: null, seconds: 2, stderr: 'one\ntwo\n' })).toMatchObject({ early: true, what: 'Electron exited with code 1 within its first seconds: "two"' });
  });
});

describe('the install script', () => {
  it('passes npm’s proxy to Electron’s download in the words it reads', () => {
    expect(downloadEnv({ HTTPS_PROXY: 'http://proxy.local:3128', NO_PROXY: 'localhost' })).toMatchObject({
      ELECTRON_GET_USE_PROXY: '1',
      GLOBAL_AGENT_HTTPS_PROXY: 'http://proxy.local:3128',
      GLOBAL_AGENT_HTTP_PROXY: 'http://proxy.local:3128',
      GLOBAL_AGENT_NO_PROXY: 'localhost',
    });
    expect(downloadEnv({ npm_config_https_proxy: 'http://corp:8080' })).toMatchObject({ GLOBAL_AGENT_HTTPS_PROXY: 'http://corp:8080' });
    expect(downloadEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin' });
  });

  it('gives a 100 MB download more than two minutes, and says how to fetch it when it did not arrive', () => {
    expect(downloadTimeoutMs).toBeGreaterThanOrEqual(15 * 60_000);
    expect(failureMessage({ status: null, error: { code: 'ETIMEDOUT' } })).toMatch(/took longer than 20 minutes[\s\S]*node node_modules\/electron\/install\.js[\s\S]*ELECTRON_GET_USE_PROXY=1/);
    expect(failureMessage({ status: 1 })).toMatch(/the download failed \(see above\)/);
  });
});

describe('the Stream Deck plugin’s install (the root’s postinstall)', () => {
  it('runs from the root’s postinstall, so `npm ci` alone installs the plugin too', async () => {
    const manifest = JSON.parse(await readFile(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.postinstall).toContain('node scripts/install-plugin.mjs');
  });

  it('runs `npm ci` in integrations/streamdeck with the npm that runs it, only when the plugin’s lock file is there', () => {
    const npmCli = '/usr/lib/node_modules/npm/bin/npm-cli.js';
    expect(pluginInstallCommand('/repo', { npm_execpath: npmCli }, () => true)).toEqual({
      file: process.execPath,
      args: [npmCli, 'ci', '--prefix', '/repo/integrations/streamdeck', '--no-audit', '--no-fund'],
    });
    expect(pluginInstallCommand('/repo', { npm_execpath: npmCli }, () => false)).toBeNull();
    expect(pluginInstallCommand('/repo', { SIDESTAGE_SKIP_PLUGIN_INSTALL: '1' }, () => true)).toBeNull();
  });

  it('fails the install in words when the plugin’s install fails, and does nothing without a plugin', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sidestage-plugin-install-'));
    try {
      await mkdir(join(root, 'scripts'));
      await writeFile(join(root, 'scripts', 'install-plugin.mjs'), await readFile(join(projectRoot, 'scripts', 'install-plugin.mjs')));
      const run = () =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, [join(root, 'scripts', 'install-plugin.mjs')], { env: { ...process.env, SIDESTAGE_SKIP_PLUGIN_INSTALL: '' } });
          let output = '';
          child.stdout.on('data', (chunk) => (output += String(chunk)));
          child.stderr.on('data', (chunk) => (output += String(chunk)));
          child.on('close', (code) => resolve({ code, output }));
        });
      expect(await run()).toEqual({ code: 0, output: '' });
      // A lock file out of step with its package.json: npm ci refuses it.
      await mkdir(join(root, 'integrations', 'streamdeck'), { recursive: true });
      await writeFile(join(root, 'integrations', 'streamdeck', 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', dependencies: { 'not-in-the-lock': '1.0.0' } }));
      await writeFile(join(root, 'integrations', 'streamdeck', 'package-lock.json'), JSON.stringify({ name: 'p', version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'p', version: '1.0.0' } } }));
      const failed = await run();
      expect(failed.code).not.toBe(0);
      expect(failed.output).toMatch(/the Stream Deck plugin's install \(npm ci --prefix .*integrations\/streamdeck --no-audit --no-fund\) failed/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
