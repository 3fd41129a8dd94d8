/**
 * Composition root of the Electron app: lifecycle and wiring only. Everything with logic lives in
 * services (plain Node); everything that touches Electron lives in adapters. docs/launch-guide.md
 * says what each desktop does with it.
 */
import { app, BrowserWindow, globalShortcut, Notification, powerMonitor, safeStorage, session } from 'electron';
import ElectronStore from 'electron-store';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setApplicationMenu } from './adapters/app-menu';
import { createExternalOpener } from './adapters/external-browser';
import { connectElectronIpc } from './adapters/electron-ipc';
import { ElectronNotifier } from './adapters/electron-notifier';
import { ElectronShortcutRegistry } from './adapters/global-shortcuts';
import { createMainWindow } from './adapters/main-window';
import { createSecretStorage, keyringOf } from './adapters/secret-storage';
import { ElectronTray, trayIcons } from './adapters/tray';
import { probeStatusNotifierWatcher, trayUnavailableReason } from './adapters/tray-availability';
import { createSidestage, type Sidestage } from './composition';
import { guardWebContents, restrictPermissions, secureWebPreferences, sessionPolicyFor } from './security';
import { needsGlobalShortcutsPortal, shortcutDesktop } from './services/hotkeys/desktop-shortcuts';
import { createConsoleLogger } from './services/logger';
import { DataRecoveryNotices } from './services/common/data-recovery-notices';
import { openSettingsStore, settingsFileMode } from './services/settings/settings-file';

const logger = createConsoleLogger('main');
const appName = 'Sidestage';
let sidestage: Sidestage | null = null;
let mainWindow: BrowserWindow | null = null;
let tray: ElectronTray | null = null;
/** Why this desktop shows no tray, where it shows none: closing the window then quits. */
let trayUnavailable: string | null = null;
/** Set when the user really quits, so that closing the window no longer hides it to the tray. */
let quitting = false;
/** The services' disposal, started once whatever ends the app (a quit, the session, the system). */
let shutdown: Promise<void> | null = null;
/** Set once the services have been disposed, so that the next quit really quits. */
let disposed = false;
/** How long quitting may wait for the outbox, the marker log and the notification ledger to be saved. */
const DISPOSE_TIMEOUT_MS = 3_000;

const here = import.meta.dirname;
const resources = join(here, '../../resources');
// The renderer comes from the dev server in `npm run dev`, from the built file otherwise. A file
// URL made by pathToFileURL: a `#`, `?`, `%` or space in the folder's path is escaped, and a
// Windows path gets forward slashes.
const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(here, '../renderer/index.html')).href;
const desktop = shortcutDesktop(process.platform, process.env);

// Before ready, as Electron reads its switches at start-up. On Wayland, global shortcuts reach the
// compositor only through Chromium's GlobalShortcutsPortal (Electron's globalShortcut docs).
if (needsGlobalShortcutsPortal(desktop)) {
  const features = app.commandLine.getSwitchValue('enable-features');
  app.commandLine.appendSwitch('enable-features', [features, 'GlobalShortcutsPortal'].filter(Boolean).join(','));
}
// The data directory keeps the name it has always had (package.json's "sidestage"); the name the
// broadcaster reads (menus, notifications on Linux) is "Sidestage".
app.setPath('userData', app.getPath('userData'));
app.setName(appName);
// Windows groups notifications by this ID; without it they come from "electron.app.Electron". An
// unpackaged Electron (npm start) has no Start-menu shortcut of its own: Electron's guide uses the
// executable's path there.
if (process.platform === 'win32') app.setAppUserModelId(app.isPackaged ? 'app.sidestage.desktop' : process.execPath);

if (!app.requestSingleInstanceLock()) {
  logger.info('Sidestage is already running: its window is brought forward instead.');
  app.quit();
} else {
  // A second start, the tray's "Open" and a notification click all bring the window back, even
  // from the tray or after it was closed on macOS.
  app.on('second-instance', () => showWindow());
  app.on('activate', () => showWindow());
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, { rendererUrl, policy: externalPolicy(), openExternal: (url) => void openUrl(url) });
  });
  app.whenReady().then(start).catch((error: unknown) => {
    logger.error('Sidestage failed to start', { error });
    app.exit(1);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('will-quit', (event) => {
    if (disposed) return;
    // Quitting must not lose what the services still have to write (outbox, marker log, ledger).
    event.preventDefault();
    void shutDown('quit').finally(() => app.quit());
  });
}

/** Releases the hotkeys and the tray and waits (a bounded time) for the services to save; once. */
function shutDown(why: string): Promise<void> {
  shutdown ??= (async () => {
    quitting = true;
    if (why !== 'quit') logger.info(`shutting down: ${why}`);
    globalShortcut.unregisterAll();
    tray?.dispose();
    tray = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, DISPOSE_TIMEOUT_MS)));
    try {
      await Promise.race([sidestage?.dispose(), timeout]);
    } catch (error) {
      logger.error('Sidestage did not shut down cleanly', { error });
    } finally {
      clearTimeout(timer);
      disposed = true;
    }
  })();
  return shutdown;
}

function showWindow(): void {
  if (!sidestage) return;
  if (!mainWindow) {
    mainWindow = createWindow(sidestage);
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function externalPolicy() {
  return { emulatorOrigin: sidestage?.emulatorOrigin ?? null };
}
const openUrl = createExternalOpener(externalPolicy);

async function start(): Promise<void> {
  // Electron's default menu would give the broadcaster Reload and the developer tools.
  setApplicationMenu(process.platform, appName);
  // Asked of the session bus (tens of milliseconds) while the settings are read.
  const trayHost = process.platform === 'linux' ? probeStatusNotifierWatcher() : Promise.resolve(true);
  const dataDir = app.getPath('userData');
  // The same start-up path as the dock (src/main/dock/cli.ts): private data directory, settings
  // file checked before electron-store reads it, damaged files named to the user.
  const recoveryNotices = new DataRecoveryNotices(logger);
  const settings = await openSettingsStore({
    path: join(dataDir, 'config.json'),
    dataDir,
    notices: recoveryNotices,
    logger,
    open: () => new ElectronStore({ configFileMode: settingsFileMode }),
  });
  // One cipher for the tokens and the OBS password, which reads what either kind wrote.
  const keyring = keyringOf(safeStorage, process.platform);
  const { cipher: secretCipher, tokenStore } = createSecretStorage({ dataDir, safe: safeStorage, keyring, logger, notices: recoveryNotices });
  trayUnavailable = trayUnavailableReason(process.platform, process.env, await trayHost);
  if (trayUnavailable) logger.warn('no tray on this desktop: closing the window quits', { desktop: process.env.XDG_CURRENT_DESKTOP });
  // Where the system shows no notifications, they become the window's own toasts (as in the dock).
  const notifier = Notification.isSupported() ? new ElectronNotifier() : undefined;
  if (!notifier) logger.warn('this system shows no desktop notifications: they appear in the window instead');

  sidestage = await createSidestage({
    transport: 'electron',
    version: app.getVersion(),
    env: process.env,
    tokenStore,
    secretCipher,
    settings,
    recoveryNotices,
    openUrl,
    logger,
    dataDir,
    notifier,
    shortcuts: new ElectronShortcutRegistry(desktop),
    trayUnavailable: () => trayUnavailable,
    showWindow,
    quit: () => app.quit(),
    overlayPagesDir: join(here, '../overlays'),
  });

  restrictPermissions(session.defaultSession, rendererUrl);
  const services = sidestage;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The overlay server's pages (the Overlays panel's preview) keep their own, stricter policy.
    const policy = sessionPolicyFor(details.url, rendererUrl, services.overlays.origin());
    callback(policy === null ? {} : { responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });

  // Handlers first: the page calls main as soon as it loads.
  connectElectronIpc(sidestage.router, { rendererUrl, windows: () => BrowserWindow.getAllWindows().map((w) => w.webContents) });
  tray = new ElectronTray(sidestage.live.tray, trayIcons(process.platform, resources));
  // Linux and macOS: the system is shutting down. Electron: "If e.preventDefault() is called, the
  // app should exit as soon as possible by calling something like app.quit()".
  // (Its typings declare the listener without the event the docs and the runtime pass.)
  const onSystemShutdown = (event: Electron.Event) => {
    if (disposed) return;
    event.preventDefault();
    void shutDown('the system is shutting down').finally(() => app.quit());
  };
  powerMonitor.on('shutdown', onSystemShutdown as unknown as () => void);
  mainWindow = createWindow(sidestage);
}

function createWindow(services: Sidestage): BrowserWindow {
  const window = createMainWindow({
    url: rendererUrl,
    logger,
    quit: () => app.quit(),
    window: {
      width: 1100,
      height: 760,
      minWidth: 720,
      minHeight: 520,
      title: appName,
      show: false,
      backgroundColor: '#0e0e10',
      icon: join(resources, 'icon.png'),
      webPreferences: secureWebPreferences(join(here, '../preload/index.cjs')),
    },
  });
  window.on('close', (event) => {
    // A broadcaster closes the window mid-stream and expects the hotkey and alerts to keep
    // working; not where no tray shows, which would leave no way back to the window.
    if (!quitting && services.live.closesToTray() && trayUnavailable === null) {
      event.preventDefault();
      window.hide();
    }
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  // Windows: a shutdown or log-off emits neither before-quit nor will-quit (Electron's app docs).
  // query-session-end may be delayed ("if ending the session puts the user at risk of losing
  // data"): long enough to save, then Sidestage quits and the session goes on.
  window.on('query-session-end', (event) => {
    if (disposed) return;
    event.preventDefault();
    void shutDown('Windows is ending the session').finally(() => app.quit());
  });
  window.on('session-end', () => {
    void shutDown('Windows ended the session');
  });
  return window;
}
