/**
 * The app's window: created hidden and shown once it has something to show, and never left
 * hidden or blank. Electron's `ready-to-show` "is not very stable" (Electron's own words when it
 * added a fallback) and is never emitted with `paintWhenInitiallyHidden: false`, so the window is
 * shown on whichever comes first: `ready-to-show`, `did-finish-load`, a failed load, or a timeout.
 * A page that fails to load says so in a dialog (try again or quit); a renderer that crashes is
 * loaded again, and after repeated crashes the broadcaster is asked.
 */
import { BrowserWindow, dialog, type BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../services/logger';

export interface MainWindowOptions {
  url: string;
  window: BrowserWindowConstructorOptions;
  logger: Logger;
  quit: () => void;
  /** Shown anyway after this long when the page has not said it is ready. Default 10 s. */
  showAfterMs?: number;
}

/** Chromium's net::ERR_ABORTED: a load replaced by another one (the dev server's reload), not a failure. */
const loadAborted = -3;
/** Crashes within `crashWindowMs` that are reloaded without asking. */
const crashesReloaded = 2;
const crashWindowMs = 60_000;

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { logger } = options;
  const window = new BrowserWindow(options.window);
  const contents = window.webContents;
  let shown = false;
  let asking = false;
  const crashes: number[] = [];

  const showOnce = (why: string) => {
    if (shown || window.isDestroyed()) return;
    shown = true;
    clearTimeout(fallback);
    if (why !== 'ready-to-show') logger.info(`window shown on ${why}`);
    window.show();
  };
  const fallback = setTimeout(() => showOnce('a timeout (the page never said it was ready)'), options.showAfterMs ?? 10_000);
  fallback.unref?.();

  const load = () => {
    // A failure is handled by `did-fail-load`, which comes with Chromium's reason.
    window.loadURL(options.url).catch(() => {});
  };
  const ask = (message: string, detail: string, retry: string) => {
    if (asking || window.isDestroyed()) return;
    asking = true;
    // A window hidden in the tray would hide its dialog too.
    if (!window.isVisible()) window.show();
    dialog
      .showMessageBox(window, { type: 'error', title: 'Sidestage', message, detail, buttons: [retry, 'Quit Sidestage'], defaultId: 0, cancelId: 1, noLink: true })
      .then(({ response }) => {
        asking = false;
        if (response === 0) load();
        else options.quit();
      })
      .catch((error: unknown) => {
        asking = false;
        logger.error('the window could not ask what to do', { error });
      });
  };

  window.once('ready-to-show', () => showOnce('ready-to-show'));
  contents.on('did-finish-load', () => showOnce('did-finish-load'));
  contents.on('did-fail-load', (_event, errorCode, errorDescription, validatedUrl, isMainFrame) => {
    if (!isMainFrame || errorCode === loadAborted) return;
    logger.error('the window could not load the app', { errorCode, errorDescription, url: validatedUrl });
    showOnce('did-fail-load');
    const devServer = !options.url.startsWith('file:');
    const hint = devServer
      ? 'The development server did not answer: is `npm run dev` still running?'
      : "The app's files are missing or incomplete: run `npm run build` (or `npm start`, which builds) and start Sidestage again.";
    ask('Sidestage could not load its window.', `${errorDescription} (${errorCode}) for ${validatedUrl}\n\n${hint}`, 'Try again');
  });
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - crashes[0]! > crashWindowMs) crashes.shift();
    logger.error('the window’s page stopped', { reason: details.reason, exitCode: details.exitCode, recently: crashes.length });
    showOnce('render-process-gone');
    if (crashes.length <= crashesReloaded) {
      load();
      return;
    }
    ask(
      'The Sidestage window keeps stopping.',
      `Its page stopped ${crashes.length} times within a minute (${details.reason}, exit code ${details.exitCode}). Hotkeys, notifications and the tray keep working meanwhile.`,
      'Reload the window',
    );
  });
  window.once('closed', () => clearTimeout(fallback));
  load();
  return window;
}
