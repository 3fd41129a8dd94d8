/**
 * The desktop shell as built (out/main/index.js, src/main/index.ts and src/main/adapters/), run in
 * Node with a recording double of `electron` (test-support/electron-double.mjs): the window and its
 * security, the IPC registration, the hotkey and the tray, a desktop notification for a redemption
 * arriving through the real emulator and EventSub, and a quit that leaves the outbox on disk.
 * The Electron binary cannot be installed here; e2e/electron-smoke.spec.ts runs it where it can.
 *
 * It runs the build: when out/ is missing or older than the sources it builds first
 * (`npm test` builds before Vitest, so there this costs nothing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntries, builtPrograms, ensureBuilt, projectRoot } from '../../scripts/build-output.mjs';
import { call } from '../emulator/test-support/emulator-test-client';
import { DEMO_REWARD_IDS } from '../emulator/seed-channel-points';
import { createSimulationClient, type SimulationClient } from '../emulator/simulation-client';
import { DEMO_BROADCASTER, DEMO_VIEWERS } from '../emulator/seed';
import { channelNames } from '../shared/ipc/contract';
import { contentSecurityPolicy } from './security';
import { DesktopShellProcess } from './test-support/desktop-shell-process';

const rendererUrl = pathToFileURL(join(projectRoot, 'out/renderer/index.html')).href;
let userData: string;
let shell: DesktopShellProcess;
/** The in-process demo emulator, learnt from the consent page the shell opens. */
/** The typed simulation-API client of the emulator the shell started (its origin comes from the consent page). */
let sim: SimulationClient;
let redemptionId = '';

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${shell.output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function value<T>(channel: Parameters<DesktopShellProcess['invoke']>[0], arg?: unknown): Promise<T> {
  const result = await shell.invoke<T>(channel, arg);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  ensureBuilt({ quiet: true });
  userData = await mkdtemp(join(tmpdir(), 'sidestage-shell-'));
  shell = new DesktopShellProcess(userData);
  // Started: the page is loading, so every handler is in place.
  await shell.waitFor('the window to load', (r) => r.kind === 'BrowserWindow.loadURL');
}, 180_000);

afterAll(async () => {
  await shell?.kill();
  if (userData) await rm(userData, { recursive: true, force: true });
});

describe('the desktop shell, built, with a recording Electron', () => {
  it('takes the single-instance lock and creates one window with the secure webPreferences', async () => {
    expect(shell.of('app.requestSingleInstanceLock')).toHaveLength(1);
    const windows = shell.of('BrowserWindow.new');
    expect(windows).toHaveLength(1);
    const options = windows[0]!.options as { webPreferences: Record<string, unknown>; icon: string; show: boolean };
    expect(options.webPreferences).toEqual({
      preload: join(projectRoot, 'out/preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
    });
    // Every file the window names is in the build.
    expect(existsSync(options.webPreferences.preload as string)).toBe(true);
    expect(existsSync(options.icon)).toBe(true);
    // Shown once painted, not blank before.
    expect(options.show).toBe(false);
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
  });

  it('is called Sidestage, keeps its data directory, and replaces Electron’s default menu (Reload, developer tools) with none', async () => {
    expect(shell.of('app.setName').map((r) => r.name)).toEqual(['Sidestage']);
    // The data directory is pinned before the name changes, so it does not move.
    const kinds = shell.records.map((r) => r.kind);
    expect(kinds.indexOf('app.setPath')).toBeLessThan(kinds.indexOf('app.setName'));
    expect(shell.of('app.setPath')).toEqual([expect.objectContaining({ name: 'userData', path: userData })]);
    expect(shell.of('Menu.setApplicationMenu').at(-1)?.items).toBeNull();
    // On Linux only Windows' ID is not set.
    expect(shell.of('app.setAppUserModelId')).toEqual([]);
  });

  it('loads the built page and puts the strict CSP on every response', async () => {
    expect(shell.of('BrowserWindow.loadURL').map((r) => r.url)).toEqual([rendererUrl]);
    expect(existsSync(fileURLToPath(rendererUrl))).toBe(true);
    const rewritten = await shell.command<{ responseHeaders: Record<string, string[]> }>('responseHeaders', { url: rendererUrl });
    // The renderer's policy, framing only the overlay server's origin (the Overlays panel's preview).
    expect(rewritten.responseHeaders['Content-Security-Policy']).toEqual([expect.stringMatching(/; frame-src http:\/\/127\.0\.0\.1:\d+$/)]);
    expect(rewritten.responseHeaders['Content-Security-Policy']![0]!.startsWith(contentSecurityPolicy)).toBe(true);
    expect(rewritten.responseHeaders['Content-Type']).toEqual(['text/html']);
  });

  it('denies new windows and permissions other than clipboard writes from its own page', async () => {
    expect(shell.of('webContents.setWindowOpenHandler')).toHaveLength(1);
    expect(await shell.command('windowOpen', { url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(await shell.command('permission', { permission: 'media', url: rendererUrl })).toBe(false);
    expect(await shell.command('permission', { permission: 'clipboard-sanitized-write', url: rendererUrl })).toBe(true);
    expect(await shell.command('permission', { permission: 'clipboard-sanitized-write', url: 'https://example.com/' })).toBe(false);
  });

  it('registers every contract channel through ipcMain.handle, once, and refuses other frames', async () => {
    const handled = shell.of('ipcMain.handle').map((r) => r.channel);
    expect([...handled].sort()).toEqual([...channelNames].sort());
    expect(await shell.invoke('app:getInfo')).toMatchObject({ ok: true, value: { mode: 'demo', transport: 'electron', tokenStorage: { kind: 'memory' } } });
    expect(await shell.invoke('app:getInfo', undefined, 'https://example.com/')).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });

  it('registers the marker and clip hotkeys globally, and another quick action’s once chosen, whose press says its outcome on the desktop', async () => {
    expect(shell.of('globalShortcut.register').map((r) => r.accelerator).sort()).toEqual(['CommandOrControl+Alt+C', 'CommandOrControl+Alt+M']);
    // An X11 session: the system accepts a combination another app holds, so Settings does not promise.
    expect(shell.of('app.commandLine.appendSwitch')).toEqual([]);
    expect(await value<{ caveat: string | null }>('hotkeys:getState')).toMatchObject({ caveat: expect.stringMatching(/cannot tell when another app already holds/) });
    const state = await value<{ hotkeys: { action: string; registered: boolean }[] }>('hotkeys:set', { action: 'snooze', accelerator: 'Alt+F5' });
    expect(state.hotkeys.find((h) => h.action === 'snooze')).toMatchObject({ registered: true });
    expect(shell.of('globalShortcut.register').map((r) => r.accelerator).at(-1)).toBe('Alt+F5');
    expect(await shell.command('pressShortcut', { accelerator: 'Alt+F5' })).toBe(true);
    // Nobody is signed in yet: the press is refused, and the desktop says so with the shortcut.
    const shown = await shell.waitFor('the snooze hotkey’s notification', (r) => r.kind === 'Notification.show' && r.title === 'Ad not snoozed');
    expect(shown.body).toMatch(/^Sign in .*\(Alt\+F5\)$/);

    // The raid hotkey brings the window forward and tells the page to show the raid search.
    await value('hotkeys:set', { action: 'raid', accelerator: 'Alt+F6' });
    const shows = shell.of('BrowserWindow.show').length;
    expect(await shell.command('pressShortcut', { accelerator: 'Alt+F6' })).toBe(true);
    await shell.waitFor('the raid search to be asked for', (r) => r.kind === 'webContents.send' && r.event === 'hotkeys:raid');
    expect(shell.of('BrowserWindow.show').length).toBeGreaterThan(shows);
  });

  it('sets up the tray with existing icons of the tray’s size, with their @2x', async () => {
    const tray = shell.of('Tray.new');
    expect(tray).toHaveLength(1);
    const images = shell.of('nativeImage.createFromPath');
    expect(images.map((r) => r.path)).toEqual([join(projectRoot, 'resources/tray/tray-live.png'), join(projectRoot, 'resources/tray/tray-offline.png')]);
    for (const image of images) expect(image).toMatchObject({ exists: true, sizes: [[16, 16]], hiDpiSizes: [[32, 32]] });
    expect(tray[0]!.image).toBe(join(projectRoot, 'resources/tray/tray-offline.png'));
    expect(shell.of('Tray.setToolTip').at(-1)?.tooltip).toEqual(expect.stringContaining('Sidestage'));
    expect(shell.of('Tray.setContextMenu').at(-1)?.labels).toEqual(expect.arrayContaining([expect.stringMatching(/quit/i)]));
  });

  it('signs in through the system browser and notifies a redemption on the desktop', async () => {
    expect(await value('auth:signIn', { flow: 'loopback' })).toMatchObject({ status: 'signingIn' });
    const consent = await shell.waitFor('the consent page to open', (r) => r.kind === 'shell.openExternal');
    const consentUrl = new URL(consent.url as string);
    sim = createSimulationClient({ baseUrl: consentUrl.origin });
    // The browser: the emulator approves at once and redirects to the shell's loopback listener.
    await sim.settings({ auto_approve: true });
    const approved = await call(consentUrl.href);
    expect(approved.status).toBe(302);
    expect((await fetch(approved.header('location')!)).status).toBe(200);
    await until('signed in', async () => ((await value<{ status: string }>('auth:getState')).status === 'signedIn' ? true : undefined));
    // Live: redemptions arrive through EventSub, and the queue has had its first look at the
    // platform (what waited before that first look is not news, so it is not notified).
    await until('the redemption subscription', async () => {
      const status = await value<{ subscriptions: { type: string; status: string }[] }>('events:getStatus');
      return status.subscriptions.some((s) => s.type === 'channel.channel_points_custom_reward_redemption.add' && s.status === 'enabled') ? true : undefined;
    });
    await until('the first reconciliation', async () => {
      const { status } = await value<{ status: { lastSyncedAt: string | null; syncing: boolean } }>('redemptions:getSnapshot');
      return status.lastSyncedAt && !status.syncing ? true : undefined;
    });

    const viewer = DEMO_VIEWERS[0]!;
    // The client throws on an error answer: this one is the redemption itself.
    const redeemed = await sim.redeem({ broadcaster_id: DEMO_BROADCASTER.id, reward_id: DEMO_REWARD_IDS.hydrate, user_id: viewer.id });
    expect(redeemed).toMatchObject({ reward: { id: DEMO_REWARD_IDS.hydrate }, user_id: viewer.id });
    redemptionId = redeemed.id;
    const shown = await shell.waitFor('a desktop notification', (r) => r.kind === 'Notification.show' && String(r.title).includes('Hydrate!'));
    expect(shown.title).toBe(`${viewer.displayName} redeemed Hydrate!`);

    // Its click brings the window back.
    const shows = shell.of('BrowserWindow.show').length;
    await shell.command('clickNotification', { index: shown.index });
    await shell.waitFor('the window to show again', (r) => r.kind === 'BrowserWindow.show' && shell.of('BrowserWindow.show').length > shows);
  }, 60_000);

  it('hides the window to the tray when closed, so the hotkey and alerts keep working', async () => {
    expect(await shell.command('closeWindow')).toBe(false);
    expect(shell.of('BrowserWindow.hide').length).toBeGreaterThan(0);
    expect(shell.of('app.quit.called')).toHaveLength(0);
  });

  it('quits only after the outbox is on disk, with the hotkey and the tray released', async () => {
    // The platform refuses for now: the fulfilment waits in the outbox.
    await sim.addFault({ path: 'channel_points/custom_rewards/redemptions', method: 'PATCH', status: 503, count: 1000 });
    expect(await value('redemptions:fulfill', { ids: [redemptionId] })).toMatchObject({ done: 0, queued: 1 });

    await shell.command('quit');
    const exit = await shell.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const order = shell.records.map((r) => r.kind).filter((kind) => kind.startsWith('app.quit') || kind === 'globalShortcut.unregisterAll' || kind === 'Tray.destroy');
    // The first quit waits (will-quit prevented) for the services to save; the second one quits.
    expect(order).toEqual(['app.quit.called', 'globalShortcut.unregisterAll', 'Tray.destroy', 'app.quit.prevented', 'app.quit.called', 'app.quit']);
    expect(shell.of('app.quit.prevented')[0]).toMatchObject({ by: 'will-quit' });
    expect(shell.of('app.exit')).toHaveLength(0);

    const outbox = JSON.parse(await readFile(join(userData, 'redemption-outbox.json'), 'utf8')) as { entries: { status: string; redemptions: { id: string }[] }[] };
    expect(outbox.entries).toEqual([expect.objectContaining({ status: 'FULFILLED', redemptions: [expect.objectContaining({ id: redemptionId })] })]);
  });
});

/** Every file a built ES module imports before it runs (static imports, followed), not what it loads later. */
function startUpImports(entry: string, seen = new Set<string>()): Set<string> {
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  // Static imports only (not `import(...)`); the build is minified: several share a line, each after a `;`.
  for (const match of code.matchAll(/(?:^|;)\s*(?:import|export)\b(?!\s*\()[^'"`;]*?(?:from\s*)?["'](\.{1,2}\/[^"']+)["']/gm)) {
    const file = resolve(dirname(entry), match[1]!);
    if (!seen.has(file)) startUpImports(file, seen);
  }
  return seen;
}

/** What the dock's start runs: its program file (CommonJS, loaded through the code cache), not the chunks it requires later. */
const dockStartUp = () => readFileSync(builtPrograms.dock, 'utf8');

describe('the build', () => {
  it('keeps undici (a quarter of main) off the start-up path of the shell and the dock', () => {
    const shellFiles = [...startUpImports(builtEntries.electron)];
    // The files followed are the ones that start the shell.
    expect(shellFiles.map((file) => readFileSync(file, 'utf8')).join('\n')).toMatch(/function createSidestage\(/);
    // The build keeps no comments: undici is told by a diagnostics channel name of its own.
    expect(shellFiles.filter((file) => readFileSync(file, 'utf8').includes('undici:request:create'))).toEqual([]);
    expect(dockStartUp()).not.toContain('undici:request:create');
    // It is in the build all the same, for the first request: a chunk required on first use.
    const lazyChunk = /Promise\.resolve\(\)\.then\(\(\)=>(?:\w+\()?require\(["'`](\.\/chunks\/[^"'`]*undici[^"'`]*)["'`]\)/.exec(dockStartUp());
    expect(lazyChunk).not.toBeNull();
    expect(readFileSync(resolve(dirname(builtPrograms.dock), lazyChunk![1]!), 'utf8')).toContain('undici:request:create');
  });

  it('is minified for a short start-up, with the names kept for readable stack traces', () => {
    const code = dockStartUp();
    // No doc comments left to compile, and ASCII only: one non-ASCII character sends the whole
    // file through Node's slow UTF-8 decoding (twice as long to read), in the shell's build too.
    expect(code).not.toContain('/**');
    expect(code).not.toMatch(/[\u0080-\uffff]/);
    expect(readFileSync(builtEntries.electron, 'utf8')).not.toMatch(/[\u0080-\uffff]/);
    expect(code.split('\n').length).toBeLessThan(2_000);
    expect(code).toMatch(/function startEmulator\(/);
    expect(code).toMatch(/function createSidestage\(/);
  });

  it('starts the dock and the emulator through their launchers, which load the program through the code cache', () => {
    for (const name of ['dock', 'emulator'] as const) {
      const launcher = readFileSync(builtEntries[name], 'utf8');
      expect(launcher).toContain(`${name}.program.cjs`);
      expect(launcher.length).toBeLessThan(1_000);
    }
  });
});
