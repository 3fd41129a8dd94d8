/**
 * Composition root of the Electron app: lifecycle and wiring only. Everything with logic lives in
 * services (plain Node); everything that touches Electron lives in adapters.
 */
import { app, BrowserWindow, globalShortcut, session } from 'electron';
import ElectronStore from 'electron-store';
import { join } from 'node:path';
import { createSafeStorageCipher } from './adapters/safe-storage-cipher';
import { createExternalOpener } from './adapters/external-browser';
import { connectElectronIpc } from './adapters/electron-ipc';
import { ElectronNotifier } from './adapters/electron-notifier';
import { ElectronShortcutRegistry } from './adapters/global-shortcuts';
import { ElectronTray } from './adapters/tray';
import { createSidestage, type Sidestage } from './composition';
import { guardWebContents, restrictPermissions, secureWebPreferences, sessionPolicyFor } from './security';
import { createAesFileCipher, encryptedFileDescription } from './services/auth/aes-file-cipher';
import { CipherFileTokenStore } from './services/auth/token-store';
import { createConsoleLogger } from './services/logger';
import { DataRecoveryNotices } from './services/common/data-recovery-notices';
import { openSettingsStore, settingsFileMode } from './services/settings/settings-file';

const logger = createConsoleLogger('main');
let sidestage: Sidestage | null = null;
let mainWindow: BrowserWindow | null = null;
let tray: ElectronTray | null = null;
/** Set when the user really quits, so that closing the window no longer hides it to the tray. */
let quitting = false;
/** Set once the services have been disposed, so the second will-quit really quits. */
let disposed = false;
/** How long quitting may wait for the outbox, the marker log and the notification ledger to be saved. */
const DISPOSE_TIMEOUT_MS = 3_000;

// The renderer comes from the dev server in `npm run dev`, from the built file otherwise.
const here = import.meta.dirname;
const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? `file://${join(here, '../renderer/index.html')}`;

if (!app.requestSingleInstanceLock()) {
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
    disposed = true;
    globalShortcut.unregisterAll();
    tray?.dispose();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, DISPOSE_TIMEOUT_MS));
    void Promise.race([sidestage?.dispose(), timeout])
      .catch((error: unknown) => logger.error('Sidestage did not shut down cleanly', { error }))
      .finally(() => app.quit());
  });
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
  const safe = createSafeStorageCipher();
  // One cipher for the tokens and the OBS password, so the key file is read once.
  const secretCipher = safe?.cipher ?? createAesFileCipher(join(dataDir, 'token.key'));
  const tokenStore = safe
    ? new CipherFileTokenStore(join(dataDir, 'tokens.bin'), secretCipher, safe.description, logger, recoveryNotices)
    : new CipherFileTokenStore(join(dataDir, 'tokens.enc'), secretCipher, encryptedFileDescription, logger, recoveryNotices);

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
    notifier: new ElectronNotifier(),
    shortcuts: new ElectronShortcutRegistry(),
    showWindow,
    quit: () => app.quit(),
    overlayPagesDir: join(here, '../overlays'),
  });

  restrictPermissions(session.defaultSession, rendererUrl);
  const services = sidestage;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The overlay server's pages (the Overlays panel's preview) keep their own, stricter policy.
    const policy = sessionPolicyFor(details.url, services.overlays.origin());
    callback(policy === null ? {} : { responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });

  // Handlers first: the page calls main as soon as it loads.
  connectElectronIpc(sidestage.router, { rendererUrl, windows: () => BrowserWindow.getAllWindows().map((w) => w.webContents) });
  tray = new ElectronTray(sidestage.live.tray, {
    live: join(here, '../../resources/tray-live.png'),
    offline: join(here, '../../resources/tray-offline.png'),
  });
  mainWindow = createWindow(sidestage);
}

function createWindow(services: Sidestage): BrowserWindow {
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 520,
    title: 'Sidestage',
    show: false,
    backgroundColor: '#0e0e10',
    icon: join(here, '../../resources/icon.png'),
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs')),
  });
  window.on('close', (event) => {
    // A broadcaster closes the window mid-stream and expects the hotkey and alerts to keep working.
    if (!quitting && services.live.closesToTray()) {
      event.preventDefault();
      window.hide();
    }
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  window.once('ready-to-show', () => window.show());
  window.loadURL(rendererUrl).catch((error: unknown) => logger.error('The window could not load the app', { error }));
  return window;
}
