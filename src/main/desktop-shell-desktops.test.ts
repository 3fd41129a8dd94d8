/**
 * The built desktop shell on each kind of desktop, and when things go wrong, with the recording
 * Electron double held to what Electron does (test-support/electron-double.mjs): Windows (its
 * Application User Model ID, AltGr, shortcuts refused, toasts in the Action Center, the end of a
 * session), macOS (menu, template tray images, shutdown), a Wayland session (the shortcut portal),
 * GNOME without a tray, a folder whose path has `#`, `?` and spaces, a window that never says
 * ready-to-show, a page that cannot load, a renderer that crashes, `npm run dev`'s page, a system
 * without notifications, and a keyring that comes and goes between two starts.
 * Each case starts its own shell (a few hundred milliseconds each).
 */
import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, projectRoot } from '../../scripts/build-output.mjs';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { createSimulationClient } from '../emulator/simulation-client';
import type { Channel } from '../shared/ipc/contract';
import { contentSecurityPolicy } from './security';
import { DesktopShellProcess } from './test-support/desktop-shell-process';

let scratch: string;
const running: DesktopShellProcess[] = [];

beforeAll(async () => {
  ensureBuilt({ quiet: true });
  scratch = await mkdtemp(join(tmpdir(), 'sidestage-desktops-'));
}, 180_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((shell) => shell.kill()));
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

let runs = 0;
/** A shell on a fresh data directory (or `userData`), started and loading its page. */
async function startShell(env: Record<string, string> = {}, options: { entry?: string; userData?: string; waitFor?: string } = {}) {
  const userData = options.userData ?? (await mkdtemp(join(scratch, `data-${++runs}-`)));
  const shell = new DesktopShellProcess(userData, env, { entry: options.entry });
  running.push(shell);
  await shell.waitFor('the window to be created', (r) => r.kind === (options.waitFor ?? 'BrowserWindow.loadURL'));
  return { shell, userData };
}

async function value<T>(shell: DesktopShellProcess, channel: Channel, arg?: unknown): Promise<T> {
  const result = await shell.invoke<T>(channel, arg);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** A copy of the build under `folder` (its node_modules and resources linked), as someone's checkout there. */
async function buildCopy(folder: string, options: { withoutPage?: boolean } = {}): Promise<{ entry: string; page: string }> {
  const root = join(scratch, folder);
  await mkdir(root, { recursive: true });
  await cp(join(projectRoot, 'out'), join(root, 'out'), { recursive: true });
  await cp(join(projectRoot, 'package.json'), join(root, 'package.json'));
  await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  await symlink(join(projectRoot, 'resources'), join(root, 'resources'), 'dir');
  const page = join(root, 'out/renderer/index.html');
  if (options.withoutPage) await rm(page);
  return { entry: join(root, 'out/main/index.js'), page };
}

const count = (shell: DesktopShellProcess, kind: string) => shell.of(kind).length;

describe('the page is loaded from wherever Sidestage is', () => {
  it('in a folder whose path has a #, a ? and spaces: loaded, shown, and its IPC trusted', async () => {
    const { entry, page } = await buildCopy('Stream #1? my  setup');
    const { shell } = await startShell({}, { entry });
    expect(shell.of('BrowserWindow.loadURL').map((r) => r.url)).toEqual([pathToFileURL(page).href]);
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(shell.of('webContents.did-fail-load')).toEqual([]);
    // From the frame URL as Chromium reports it, the page is the app's own.
    expect(await shell.invoke('app:getInfo')).toMatchObject({ ok: true, value: { transport: 'electron' } });
    expect(await shell.invoke('app:getInfo', undefined, 'file:///etc/passwd')).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });

  it('is shown on did-finish-load when ready-to-show never comes', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_READY_TO_SHOW: 'never' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(shell.records.map((r) => r.kind).filter((k) => k === 'webContents.did-finish-load' || k === 'BrowserWindow.show')).toEqual(['webContents.did-finish-load', 'BrowserWindow.show']);
  });

  it('a page that cannot load: the window is shown with a dialog that says why, and Try again loads it once it is back', async () => {
    const { entry, page } = await buildCopy('without its page', { withoutPage: true });
    const { shell } = await startShell({}, { entry });
    const asked = await shell.waitFor('the dialog', (r) => r.kind === 'dialog.showMessageBox');
    expect(asked).toMatchObject({ type: 'error', message: 'Sidestage could not load its window.', buttons: ['Try again', 'Quit Sidestage'] });
    expect(asked.detail).toMatch(/ERR_FILE_NOT_FOUND \(-6\).*index\.html[\s\S]*run `npm run build`/);
    expect(count(shell, 'BrowserWindow.show')).toBe(1);
    await cp(join(projectRoot, 'out/renderer/index.html'), page);
    await shell.command('answerDialog', { index: asked.index, response: 0 });
    await shell.waitFor('the page to load', (r) => r.kind === 'webContents.did-finish-load');
    expect(count(shell, 'BrowserWindow.loadURL')).toBe(2);
  });

  it('a page that cannot load: Quit quits', async () => {
    const { entry } = await buildCopy('without its page, quit', { withoutPage: true });
    const { shell } = await startShell({}, { entry });
    const asked = await shell.waitFor('the dialog', (r) => r.kind === 'dialog.showMessageBox');
    await shell.command('answerDialog', { index: asked.index, response: 1 });
    expect(await shell.exited).toEqual({ code: 0, signal: null });
    expect(count(shell, 'app.quit')).toBe(1);
  });

  it('a renderer that crashes is loaded again, and the broadcaster is asked when it keeps crashing', async () => {
    const { shell } = await startShell();
    await shell.waitFor('the page to load', (r) => r.kind === 'webContents.did-finish-load');
    for (let crash = 1; crash <= 2; crash += 1) {
      await shell.command('crashRenderer', { reason: 'crashed', exitCode: 133 });
      await shell.waitFor(`the reload after crash ${crash}`, () => count(shell, 'webContents.did-finish-load') === crash + 1);
    }
    expect(shell.of('dialog.showMessageBox')).toEqual([]);
    await shell.command('crashRenderer', { reason: 'oom', exitCode: 0 });
    const asked = await shell.waitFor('the dialog', (r) => r.kind === 'dialog.showMessageBox');
    expect(asked).toMatchObject({ message: 'The Sidestage window keeps stopping.', buttons: ['Reload the window', 'Quit Sidestage'] });
    expect(asked.detail).toMatch(/3 times within a minute \(oom.*Hotkeys, notifications and the tray keep working/);
    await shell.command('answerDialog', { index: asked.index, response: 0 });
    await shell.waitFor('the reload asked for', () => count(shell, 'webContents.did-finish-load') === 4);
  });
});

describe('npm run dev', () => {
  it('lets the dev server’s inline refresh script run, on its page only', async () => {
    const { shell } = await startShell({ ELECTRON_RENDERER_URL: 'http://localhost:5173/' });
    expect(shell.of('BrowserWindow.loadURL').map((r) => r.url)).toEqual(['http://localhost:5173/']);
    const rewritten = await shell.command<{ responseHeaders: Record<string, string[]> }>('responseHeaders', { url: 'http://localhost:5173/' });
    const [policy] = rewritten.responseHeaders['Content-Security-Policy']!;
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy!.replace(" 'unsafe-inline'", '')).toBe(contentSecurityPolicy);
  });
});

describe('Windows', () => {
  it('names itself for notifications, takes shortcuts that are not AltGr, says when one is taken, and has no default menu', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_PLATFORM: 'win32', ELECTRON_DOUBLE_TAKEN_SHORTCUTS: 'Alt+F5' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    // Unpackaged (npm start), as Electron's notification guide says for development.
    expect(shell.of('app.setAppUserModelId').map((r) => r.id)).toEqual([process.execPath]);
    expect(shell.of('app.setName').map((r) => r.name)).toEqual(['Sidestage']);
    expect(shell.of('Menu.setApplicationMenu').at(-1)?.items).toBeNull();
    expect(shell.of('globalShortcut.register').map((r) => r.accelerator).sort()).toEqual(['CommandOrControl+Shift+F10', 'CommandOrControl+Shift+F9']);
    const state = await value<{ caveat: string | null; hotkeys: { action: string; warning: string | null }[] }>(shell, 'hotkeys:getState');
    // Windows refuses a taken shortcut outright, so a registered one is one that works.
    expect(state.caveat).toBeNull();
    expect(state.hotkeys.every((h) => h.warning === null)).toBe(true);
    const refused = await shell.invoke('hotkeys:set', { action: 'snooze', accelerator: 'Alt+F5' });
    expect(refused).toMatchObject({ ok: false, error: { message: 'Alt+F5 could not be registered: another program already uses it.' } });
    const altGr = await value<{ hotkeys: { action: string; registered: boolean; warning: string | null }[] }>(shell, 'hotkeys:set', { action: 'ad', accelerator: 'CommandOrControl+Alt+E' });
    expect(altGr.hotkeys.find((h) => h.action === 'ad')).toMatchObject({ registered: true, warning: expect.stringMatching(/^On Windows Ctrl\+Alt\+E is also AltGr\+E/) });
    // ICO tray images, with the sizes of each DPI scale.
    const images = shell.of('nativeImage.createFromPath');
    expect(images.map((r) => r.path)).toEqual([join(projectRoot, 'resources/tray/tray-live.ico'), join(projectRoot, 'resources/tray/tray-offline.ico')]);
    for (const image of images) expect(image.sizes).toEqual([[16, 16], [20, 20], [24, 24], [32, 32], [40, 40], [48, 48]]);
  });

  it('a toast that timed out into the Action Center still opens the window when clicked there', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_PLATFORM: 'win32' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    // Signed out, the marker hotkey's press is refused: a desktop notification says so.
    expect(await shell.command('pressShortcut', { accelerator: 'CommandOrControl+Shift+F9' })).toBe(true);
    const shown = await shell.waitFor('the notification', (r) => r.kind === 'Notification.show');
    await shell.command('notificationTimesOut', { index: shown.index });
    // Electron holds a Notification weakly: one the app let go of is collected, and its click lost.
    await shell.command('collectGarbage');
    expect(await shell.command('clickNotification', { index: shown.index })).toBe(true);
    expect(shell.of('Notification.lost')).toEqual([]);
  });

  it('a shutdown or log-off saves and releases everything before the session ends, without before-quit', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_PLATFORM: 'win32' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(await shell.command('endSession', { reasons: ['logoff'] })).toBe('delayed');
    expect(await shell.exited).toEqual({ code: 0, signal: null });
    const kinds = shell.records.map((r) => r.kind);
    const from = kinds.indexOf('session.ending');
    expect(kinds.slice(from).filter((k) => ['globalShortcut.unregisterAll', 'Tray.destroy', 'session.delayed', 'before-quit', 'app.quit', 'session.ended'].includes(k))).toEqual(['globalShortcut.unregisterAll', 'Tray.destroy', 'session.delayed', 'app.quit']);
    expect(shell.output).toContain('shutting down: Windows is ending the session');
  });
});

describe('macOS', () => {
  it('has a menu bar of its own without Reload or the developer tools, template tray images, and no Windows ID', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_PLATFORM: 'darwin' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    const menu = shell.of('Menu.setApplicationMenu').at(-1)?.items as { label: string | null; role: string | null; submenu?: { role: string | null; label: string | null }[] }[];
    expect(menu.map((item) => item.label ?? item.role)).toEqual(['Sidestage', 'editMenu', 'windowMenu']);
    expect(menu[0]!.submenu!.map((item) => item.label).filter(Boolean)).toEqual(['About Sidestage', 'Hide Sidestage', 'Quit Sidestage']);
    expect(JSON.stringify(menu)).not.toMatch(/reload|toggleDevTools|viewMenu/i);
    expect(shell.of('app.setAppUserModelId')).toEqual([]);
    const images = shell.of('nativeImage.createFromPath');
    expect(images.map((r) => r.path)).toEqual([join(projectRoot, 'resources/tray/tray-liveTemplate.png'), join(projectRoot, 'resources/tray/tray-offlineTemplate.png')]);
    for (const image of images) expect(image).toMatchObject({ template: true, sizes: [[16, 16]], hiDpiSizes: [[32, 32]] });
    const state = await value<{ caveat: string | null }>(shell, 'hotkeys:getState');
    expect(state.caveat).toMatch(/cannot tell when another app already holds/);
  });

  it('a shutdown waits for the services to save, then quits', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_PLATFORM: 'darwin' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(await shell.command('systemShutdown')).toBe('delayed');
    expect(await shell.exited).toEqual({ code: 0, signal: null });
    const kinds = shell.records.map((r) => r.kind);
    expect(kinds.slice(kinds.indexOf('system.shutting-down')).filter((k) => ['Tray.destroy', 'system.shutdown.delayed', 'app.quit'].includes(k))).toEqual(['Tray.destroy', 'system.shutdown.delayed', 'app.quit']);
  });
});

describe('Linux', () => {
  it('on Wayland, switches the shortcut portal on before ready, so that a press is heard, and says it cannot confirm them', async () => {
    const { shell } = await startShell({ XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(shell.of('app.commandLine.appendSwitch')).toEqual([expect.objectContaining({ name: 'enable-features', value: 'GlobalShortcutsPortal', afterReady: false })]);
    expect(await shell.command('pressShortcut', { accelerator: 'CommandOrControl+Alt+M' })).toBe(true);
    const state = await value<{ caveat: string | null }>(shell, 'hotkeys:getState');
    expect(state.caveat).toMatch(/Wayland session.*may not work while another app has the focus/);
  });

  it('tray images of 16 pixels with a 32-pixel @2x, and no default menu', async () => {
    const { shell } = await startShell();
    await shell.waitFor('the tray', (r) => r.kind === 'Tray.new');
    const images = shell.of('nativeImage.createFromPath');
    expect(images.map((r) => r.path)).toEqual([join(projectRoot, 'resources/tray/tray-live.png'), join(projectRoot, 'resources/tray/tray-offline.png')]);
    for (const image of images) expect(image).toMatchObject({ template: false, sizes: [[16, 16]], hiDpiSizes: [[32, 32]] });
    expect(shell.of('Menu.setApplicationMenu').at(-1)?.items).toBeNull();
  });

  it('GNOME without a tray: Settings says so, and closing the window quits instead of hiding it with no way back', async () => {
    // The session bus answers that no StatusNotifier host is running.
    const bin = join(scratch, 'bin-no-tray');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'gdbus'), '#!/bin/sh\necho "(false,)"\n');
    await chmod(join(bin, 'gdbus'), 0o755);
    const { shell } = await startShell({ XDG_CURRENT_DESKTOP: 'GNOME', XDG_SESSION_TYPE: 'x11', PATH: `${bin}:${process.env.PATH}` });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    const tray = await value<{ closeToTray: boolean; unavailable?: string }>(shell, 'tray:getSettings');
    expect(tray).toMatchObject({ closeToTray: true, unavailable: expect.stringMatching(/^Your desktop shows no tray icons \(GNOME without the "AppIndicator and KStatusNotifierItem Support" extension\), so closing the window quits Sidestage/) });
    expect(await shell.command('closeWindow')).toBe(true);
    expect(await shell.exited).toEqual({ code: 0, signal: null });
    expect(shell.of('BrowserWindow.hide')).toEqual([]);
  });

  it('where the system shows no notifications, they become the window’s own', async () => {
    const { shell } = await startShell({ ELECTRON_DOUBLE_NOTIFICATIONS: 'unsupported' });
    await shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(await shell.command('pressShortcut', { accelerator: 'CommandOrControl+Alt+M' })).toBe(true);
    await shell.waitFor('a toast in the window', (r) => r.kind === 'webContents.send' && r.event === 'notifications:shown');
    expect(shell.of('Notification.show')).toEqual([]);
  });
});

describe('the sign-in when the keyring comes and goes', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'demo' });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('is kept, said, and back once the keyring is', async () => {
    const demo = emulator.demo!;
    const sim = createSimulationClient({ baseUrl: emulator.url });
    const minted = await sim.mintToken({ client_id: demo.clientId, user_id: demo.broadcaster.id, scopes: ['channel:manage:redemptions'] });
    const userData = await mkdtemp(join(scratch, 'keyring-'));
    const tokens = { accessToken: minted.access_token, refreshToken: minted.refresh_token, expiresAt: null, scopes: ['channel:manage:redemptions'], clientId: demo.clientId, userId: demo.broadcaster.id, login: demo.broadcaster.login };
    // As the double's GNOME keyring encrypts: what a start with the keyring saved.
    const sealed = Buffer.from(`v11electron-double-sealed:gnome_libsecret:${Buffer.from(JSON.stringify(tokens)).toString('base64')}`);
    await writeFile(join(userData, 'tokens.bin'), sealed, { mode: 0o600 });
    const platform = { SIDESTAGE_CLIENT_ID: demo.clientId, SIDESTAGE_CLIENT_SECRET: demo.clientSecret, SIDESTAGE_BASE_URL: emulator.url };

    // The keyring cannot be reached this time (Chromium then falls back to basic_text): signed
    // out, told why, the saved sign-in untouched.
    const locked = await startShell({ ...platform, ELECTRON_DOUBLE_KEYRING: 'basic_text' }, { userData });
    await locked.shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    expect(await value(locked.shell, 'auth:getState')).toMatchObject({ status: 'signedOut' });
    const notices = await value<{ file: string; reason: string; setAsideAs: string | null; consequence: string | null }[]>(locked.shell, 'data:getNotices');
    expect(notices).toEqual([expect.objectContaining({ file: 'tokens.bin', setAsideAs: null, reason: expect.stringMatching(/encrypted by your system keyring, which Sidestage cannot use now/), consequence: expect.stringMatching(/Unlock or start your keyring/) })]);
    expect(await value(locked.shell, 'app:getInfo')).toMatchObject({ tokenStorage: { kind: 'encrypted-file' } });
    await locked.shell.command('quit');
    await locked.shell.exited;
    expect(await readFile(join(userData, 'tokens.bin'))).toEqual(sealed);

    // The keyring is back: signed in as before, nothing to tell.
    const unlocked = await startShell(platform, { userData });
    await unlocked.shell.waitFor('the window to show', (r) => r.kind === 'BrowserWindow.show');
    await expect.poll(async () => ((await value<{ status: string }>(unlocked.shell, 'auth:getState')).status), { timeout: 10_000 }).toBe('signedIn');
    expect(await value(unlocked.shell, 'data:getNotices')).toEqual([]);
    expect(await value(unlocked.shell, 'app:getInfo')).toMatchObject({ tokenStorage: { kind: 'safeStorage', secure: true } });
  }, 60_000);
});
