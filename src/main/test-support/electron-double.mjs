/**
 * A recording double of the `electron` module, for running the built desktop shell
 * (out/main/index.js) in plain Node where no Electron binary exists. It is what
 * register-electron-double.mjs resolves `electron` to, in a child process started with an IPC
 * channel: every call the shell makes is sent to the parent as a record `{ kind, ... }`, and the
 * parent drives the app with commands `{ id, command, ... }` (invoke an IPC channel, fetch response
 * headers through the session, click a notification, close the window, end the session, quit),
 * each answered with `{ kind: 'reply', id, result }` or `{ kind: 'reply', id, error }`.
 *
 * It refuses what Electron refuses and withholds what Electron withholds, where Sidestage depends
 * on it (each as Electron 41's documentation or its issues say):
 * - windows, trays and global shortcuts before `ready` throw; safeStorage before `ready` is
 *   unavailable with the backend "unknown"; a command-line switch appended after `ready` does nothing;
 * - `loadURL` loads what Chromium would: the URL canonicalised (a drive letter upper-cased,
 *   unreserved escapes decoded; `senderFrame.url` is that form), a file URL only when its path (up
 *   to a raw `#` or `?`) is a file, else `did-fail-load` (ERR_FILE_NOT_FOUND) and a rejected promise;
 *   `ready-to-show` may never come (`ELECTRON_DOUBLE_READY_TO_SHOW=never`, or
 *   `paintWhenInitiallyHidden: false`); the renderer can crash (`render-process-gone`);
 * - `globalShortcut.register` of a combination another app holds (`ELECTRON_DOUBLE_TAKEN_SHORTCUTS`)
 *   returns false on Windows and true elsewhere, and is then never heard ("this call will silently
 *   fail"); on a Wayland session (`XDG_SESSION_TYPE=wayland`) a shortcut is heard only when the
 *   GlobalShortcutsPortal feature was switched on before `ready`;
 * - a Notification is held weakly: once nothing in the app references it, `collectGarbage` (the
 *   child runs with --expose-gc) collects it and a later click is lost; on Windows a toast that
 *   times out into the Action Center emits `close` and can still be clicked there;
 *   `ELECTRON_DOUBLE_NOTIFICATIONS=unsupported` makes `isSupported()` false;
 * - safeStorage per `ELECTRON_DOUBLE_KEYRING` (gnome_libsecret, the default; kwallet6; basic_text,
 *   what Chromium falls back to when the keyring cannot be reached, with encryption still
 *   "available"; unavailable): data encrypted by one keyring backend does not decrypt with another;
 * - the platform (`ELECTRON_DOUBLE_PLATFORM`, set by register-electron-double.mjs): on Windows a
 *   shutdown or log-off emits `query-session-end` then `session-end` on each window, never
 *   `before-quit` or `will-quit`, and the process ends once `session-end` is handled unless the
 *   query was prevented; on Linux and macOS `powerMonitor` emits `shutdown`, and the process ends
 *   unless it was prevented; without `Menu.setApplicationMenu` Electron's default menu (with
 *   Reload and the developer tools) is set at `ready`.
 * Plain JavaScript, so that the child runs the build with node alone.
 */
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const record = (kind, fields = {}) => process.send?.({ kind, ...fields });
const env = process.env;
const platform = process.platform;
const wayland = platform === 'linux' && env.XDG_SESSION_TYPE === 'wayland';

// ---------- app ----------

class CommandLine {
  switches = new Map();

  appendSwitch(name, value = '') {
    record('app.commandLine.appendSwitch', { name, value, afterReady: app.isReady });
    // Chromium reads its switches at start-up: one appended later changes nothing.
    if (!app.isReady) this.switches.set(name, value);
  }

  getSwitchValue(name) {
    return this.switches.get(name) ?? '';
  }

  hasSwitch(name) {
    return this.switches.has(name);
  }
}

class App extends EventEmitter {
  isReady = false;
  isPackaged = false;
  quitting = false;
  name = 'sidestage';
  commandLine = new CommandLine();
  paths = new Map();
  #ready = new Promise((resolve) => {
    // Electron is ready after the entry module has run: its listeners are in place by then.
    setImmediate(() => {
      this.isReady = true;
      record('app.ready');
      this.emit('ready', {}, {});
      // Electron sets its default menu at ready when the app has set none.
      if (applicationMenu === undefined) {
        applicationMenu = defaultMenu();
        record('Menu.default', { items: describeMenu(applicationMenu.items) });
      }
      resolve();
    });
  });

  whenReady() {
    return this.#ready;
  }

  requestSingleInstanceLock() {
    record('app.requestSingleInstanceLock');
    return true;
  }

  getPath(name) {
    if (this.paths.has(name)) return this.paths.get(name);
    const dir = env.ELECTRON_DOUBLE_USER_DATA;
    if (name !== 'userData' || !dir) throw new Error(`electron double: app.getPath(${JSON.stringify(name)}) is not provided`);
    return dir;
  }

  setPath(name, path) {
    record('app.setPath', { name, path });
    this.paths.set(name, path);
  }

  getVersion() {
    return '0.0.0-double';
  }

  getName() {
    return this.name;
  }

  setName(name) {
    record('app.setName', { name });
    this.name = name;
  }

  setAppUserModelId(id) {
    // Documented for Windows; a no-op elsewhere.
    record('app.setAppUserModelId', { id, platform });
  }

  /** Electron's order: before-quit, then every window's close, then will-quit; each may be prevented. */
  quit() {
    record('app.quit.called');
    const beforeQuit = preventable();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return record('app.quit.prevented', { by: 'before-quit' });
    this.quitting = true;
    for (const window of [...BrowserWindow.windows]) {
      if (!window.requestClose()) {
        this.quitting = false;
        return record('app.quit.prevented', { by: 'window close' });
      }
    }
    const willQuit = preventable();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return record('app.quit.prevented', { by: 'will-quit' });
    }
    this.emit('quit', {}, 0);
    record('app.quit');
    exitAfterRecords(0);
  }

  exit(code = 0) {
    record('app.exit', { code });
    exitAfterRecords(code);
  }
}

function preventable(fields = {}) {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

function beforeReady(what) {
  if (!app.isReady) throw new Error(`${what} cannot be used before the app is ready`);
}

// Electron's message loop runs until the app quits, whatever the app has pending.
const messageLoop = setInterval(() => {}, 2 ** 30);

/** The last records must reach the parent before the process ends. */
function exitAfterRecords(code) {
  clearInterval(messageLoop);
  if (!process.send) process.exit(code);
  process.send({ kind: 'exiting', code }, () => process.exit(code));
}

export const app = new App();

// ---------- windows ----------

let nextContentsId = 1;

/** The URL as Chromium keeps it: a Windows drive letter upper-cased, escapes of unreserved characters decoded. */
function chromiumCanonical(raw) {
  const url = new URL(raw);
  if (url.protocol === 'file:') {
    url.pathname = url.pathname
      .replace(/^\/([a-z])(?::|%3A|\||%7C)/i, (_m, drive) => `/${drive.toUpperCase()}:`)
      .replace(/%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  }
  return url.href;
}

/** What Chromium finds at a URL: a file URL names the file up to its query or fragment. */
function loadable(canonical) {
  const url = new URL(canonical);
  if (url.protocol !== 'file:') return { ok: url.protocol === 'http:' || url.protocol === 'https:' };
  url.search = '';
  url.hash = '';
  try {
    return { ok: statSync(fileURLToPath(url)).isFile() };
  } catch {
    return { ok: false };
  }
}

class WebContents extends EventEmitter {
  id = nextContentsId++;
  destroyed = false;
  url = '';
  windowOpenHandler = null;

  constructor(window) {
    super();
    this.window = window;
  }

  send(channel, ...args) {
    // The payloads stay here: only which event went to the page is recorded.
    record('webContents.send', { channel, event: typeof args[0] === 'string' ? args[0] : null });
  }

  isDestroyed() {
    return this.destroyed;
  }

  getURL() {
    return this.url;
  }

  reload() {
    record('webContents.reload');
    void this.window.loadURL(this.url).catch(() => {});
  }

  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
    record('webContents.setWindowOpenHandler');
  }
}

export class BrowserWindow extends EventEmitter {
  static windows = [];
  visible = false;
  destroyed = false;
  readyToShowEmitted = false;

  static getAllWindows() {
    return [...BrowserWindow.windows];
  }

  constructor(options = {}) {
    beforeReady('BrowserWindow');
    super();
    this.options = options;
    this.webContents = new WebContents(this);
    BrowserWindow.windows.push(this);
    record('BrowserWindow.new', { options: JSON.parse(JSON.stringify(options)) });
    app.emit('web-contents-created', {}, this.webContents);
  }

  loadURL(url) {
    record('BrowserWindow.loadURL', { url });
    const canonical = chromiumCanonical(url);
    const { ok } = loadable(canonical);
    return new Promise((resolve, reject) => {
      setImmediate(() => {
        if (this.destroyed) return reject(new Error('the window was closed'));
        if (!ok) {
          record('webContents.did-fail-load', { url: canonical });
          this.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', canonical, true, 1, 1);
          return reject(new Error(`ERR_FILE_NOT_FOUND (-6) loading '${canonical}'`));
        }
        this.webContents.url = canonical;
        const paints = this.options.paintWhenInitiallyHidden !== false && env.ELECTRON_DOUBLE_READY_TO_SHOW !== 'never';
        if (paints && !this.visible && !this.readyToShowEmitted) {
          this.readyToShowEmitted = true;
          this.emit('ready-to-show', {});
        }
        record('webContents.did-finish-load', { url: canonical });
        this.webContents.emit('did-finish-load', {});
        resolve();
      });
    });
  }

  show() {
    this.visible = true;
    record('BrowserWindow.show');
  }

  hide() {
    this.visible = false;
    record('BrowserWindow.hide');
  }

  focus() {
    record('BrowserWindow.focus');
  }

  isVisible() {
    return this.visible;
  }

  isMinimized() {
    return false;
  }

  restore() {}

  isDestroyed() {
    return this.destroyed;
  }

  /** The user (or the quit sequence) closes the window: false when a 'close' listener prevented it. */
  requestClose() {
    const event = preventable();
    this.emit('close', event);
    if (event.defaultPrevented) {
      record('BrowserWindow.close.prevented');
      return false;
    }
    this.destroy();
    return true;
  }

  close() {
    this.requestClose();
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    BrowserWindow.windows = BrowserWindow.windows.filter((w) => w !== this);
    record('BrowserWindow.closed');
    this.emit('closed');
    if (BrowserWindow.windows.length === 0 && !app.quitting) app.emit('window-all-closed');
  }
}

// ---------- dialogs ----------

const dialogs = [];

export const dialog = {
  /** Stays open until the parent answers it (`answerDialog`), as a person would. */
  showMessageBox(window, options) {
    const opts = options ?? window;
    return new Promise((resolve) => {
      const index = dialogs.push(resolve) - 1;
      record('dialog.showMessageBox', { index, type: opts.type ?? 'none', message: opts.message, detail: opts.detail ?? '', buttons: opts.buttons ?? [] });
    });
  },
  showErrorBox(title, content) {
    record('dialog.showErrorBox', { title, content });
  },
};

// ---------- IPC ----------

const handlers = new Map();

export const ipcMain = {
  handle(channel, handler) {
    // As Electron: a second handler for one channel is an error.
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, handler);
    record('ipcMain.handle', { channel });
  },
  removeHandler(channel) {
    handlers.delete(channel);
    record('ipcMain.removeHandler', { channel });
  },
  on(channel) {
    record('ipcMain.on', { channel });
  },
  removeAllListeners() {},
};

// ---------- session ----------

const sessionHandlers = { headers: null, permissionRequest: null, permissionCheck: null };

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler) {
      sessionHandlers.permissionRequest = handler;
      record('session.setPermissionRequestHandler');
    },
    setPermissionCheckHandler(handler) {
      sessionHandlers.permissionCheck = handler;
      record('session.setPermissionCheckHandler');
    },
    webRequest: {
      onHeadersReceived(listener) {
        sessionHandlers.headers = listener;
        record('session.webRequest.onHeadersReceived');
      },
    },
  },
};

// ---------- tray, menu, images ----------

/** Width and height of a PNG (its IHDR), or of an ICO's largest image; null when unreadable. */
function imageFacts(path) {
  try {
    const data = readFileSync(path);
    if (data.subarray(1, 4).toString('latin1') === 'PNG') return { sizes: [[data.readUInt32BE(16), data.readUInt32BE(20)]] };
    if (data.readUInt16LE(0) === 0 && data.readUInt16LE(2) === 1) {
      const count = data.readUInt16LE(4);
      const sizes = [];
      for (let i = 0; i < count; i += 1) sizes.push([data[6 + i * 16] || 256, data[7 + i * 16] || 256]);
      return { sizes };
    }
  } catch {
    // Missing or not an image: an empty image, as Electron makes it.
  }
  return { sizes: [] };
}

export const nativeImage = {
  createFromPath(path) {
    const exists = existsSync(path);
    const ext = extname(path);
    const stem = basename(path, ext);
    const hiDpi = `${path.slice(0, -ext.length)}@2x${ext}`;
    const facts = {
      path,
      exists,
      sizes: imageFacts(path).sizes,
      hiDpiSizes: existsSync(hiDpi) ? imageFacts(hiDpi).sizes : [],
      // "Template" at the end of the name makes a template image on macOS only.
      template: platform === 'darwin' && stem.endsWith('Template'),
    };
    record('nativeImage.createFromPath', facts);
    return { ...facts, isEmpty: () => facts.sizes.length === 0, isTemplateImage: () => facts.template };
  },
};

let applicationMenu;

function describeMenu(items) {
  return items.map((item) => ({ label: item.label ?? null, role: item.role ?? null, ...(Array.isArray(item.submenu) ? { submenu: describeMenu(item.submenu) } : {}) }));
}

function defaultMenu() {
  const roles = (...names) => names.map((role) => ({ role }));
  return {
    items: [
      { label: 'File', submenu: roles('quit') },
      { label: 'Edit', submenu: roles('undo', 'redo', 'cut', 'copy', 'paste') },
      { label: 'View', submenu: roles('reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'togglefullscreen') },
      { label: 'Window', submenu: roles('minimize', 'zoom', 'close') },
    ],
  };
}

export const Menu = {
  buildFromTemplate(template) {
    return { items: template };
  },
  setApplicationMenu(menu) {
    applicationMenu = menu;
    record('Menu.setApplicationMenu', { items: menu ? describeMenu(menu.items) : null });
  },
  getApplicationMenu() {
    return applicationMenu ?? null;
  },
};

const trays = [];

export class Tray extends EventEmitter {
  constructor(image) {
    beforeReady('Tray');
    super();
    trays.push(this);
    record('Tray.new', { image: image?.path ?? null });
  }

  setImage(image) {
    record('Tray.setImage', { image: image?.path ?? null });
  }

  setToolTip(tooltip) {
    record('Tray.setToolTip', { tooltip });
  }

  setTitle(title) {
    record('Tray.setTitle', { title });
  }

  setContextMenu(menu) {
    this.menu = menu;
    const labels = (items) => items.map((item) => (item.submenu ? { label: item.label, submenu: labels(item.submenu) } : item.label));
    record('Tray.setContextMenu', { labels: labels(menu.items) });
  }

  destroy() {
    record('Tray.destroy');
  }
}

// ---------- shortcuts, notifications, keychain, power, shell, clipboard ----------

/** accelerator -> { callback, heard }: `heard` false where the system accepted it but will never deliver it. */
const shortcuts = new Map();
const takenShortcuts = new Set((env.ELECTRON_DOUBLE_TAKEN_SHORTCUTS ?? '').split(',').filter(Boolean));

export const globalShortcut = {
  register(accelerator, callback) {
    beforeReady('globalShortcut');
    if (takenShortcuts.has(accelerator) && platform === 'win32') {
      record('globalShortcut.register', { accelerator, result: false });
      return false;
    }
    const portal = app.commandLine.getSwitchValue('enable-features').split(',').includes('GlobalShortcutsPortal');
    const heard = !takenShortcuts.has(accelerator) && (!wayland || portal);
    shortcuts.set(accelerator, { callback, heard });
    record('globalShortcut.register', { accelerator, result: true, heard });
    return true;
  },
  unregister(accelerator) {
    shortcuts.delete(accelerator);
    record('globalShortcut.unregister', { accelerator });
  },
  unregisterAll() {
    shortcuts.clear();
    record('globalShortcut.unregisterAll');
  },
  isRegistered(accelerator) {
    return shortcuts.has(accelerator);
  },
};

/** Weak references only: Electron does not keep a Notification alive for the app. */
const notifications = [];

export class Notification extends EventEmitter {
  static isSupported() {
    return env.ELECTRON_DOUBLE_NOTIFICATIONS !== 'unsupported';
  }

  constructor(options = {}) {
    super();
    this.options = options;
    this.index = notifications.push(new WeakRef(this)) - 1;
  }

  show() {
    record('Notification.show', { index: this.index, title: this.options.title, body: this.options.body, actions: this.options.actions ?? [] });
  }

  close() {
    record('Notification.close', { index: this.index });
    this.emit('close', {});
  }
}

const keyringBackend = env.ELECTRON_DOUBLE_KEYRING ?? 'gnome_libsecret';
const sealed = 'electron-double-sealed:';

/** Reversible and not secret: the double stands in for the OS keychain's behaviour, not its strength. */
export const safeStorage = {
  isEncryptionAvailable: () => app.isReady && keyringBackend !== 'unavailable',
  getSelectedStorageBackend: () => {
    if (platform !== 'linux') throw new Error('safeStorage.getSelectedStorageBackend is only available on Linux');
    if (!app.isReady) return 'unknown';
    return keyringBackend === 'unavailable' ? 'basic_text' : keyringBackend;
  },
  encryptString: (plain) => {
    if (!safeStorage.isEncryptionAvailable()) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    // Chromium prefixes v10 for the fixed key of basic_text, v11 for a keyring's key.
    const version = keyringBackend === 'basic_text' ? 'v10' : 'v11';
    return Buffer.from(`${version}${sealed}${keyringBackend}:${Buffer.from(plain, 'utf8').toString('base64')}`);
  },
  decryptString: (data) => {
    const fail = () => new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    if (!safeStorage.isEncryptionAvailable()) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
    const text = Buffer.from(data).toString('utf8');
    const match = /^(v1[01])electron-double-sealed:([a-z0-9_]+):(.*)$/s.exec(text);
    if (!match) throw fail();
    // v10 (the fixed key) always decrypts; v11 only with the keyring that wrote it.
    if (match[1] === 'v11' && match[2] !== keyringBackend) throw fail();
    return Buffer.from(match[3], 'base64').toString('utf8');
  },
};

export const powerMonitor = new EventEmitter();

export const shell = {
  async openExternal(url) {
    record('shell.openExternal', { url });
  },
  async openPath(path) {
    record('shell.openPath', { path });
    return '';
  },
};

export const clipboard = {
  writeText() {
    // What was copied is not recorded: it may be the stream key.
    record('clipboard.writeText');
  },
  readText: () => '',
};

// ---------- the parent's commands ----------

const mainWindow = () => BrowserWindow.windows[0];

const commands = {
  /** What the page would send through the preload, from the frame at `url` (default: the window's page). */
  async invoke({ channel, arg, url }) {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    const contents = mainWindow()?.webContents;
    return handler({ sender: contents, senderFrame: { url: url ?? contents?.url ?? '' } }, arg);
  },
  /** A response as the session's header hook rewrites it. */
  async responseHeaders({ url }) {
    if (!sessionHandlers.headers) throw new Error('no onHeadersReceived listener');
    return new Promise((resolve) => sessionHandlers.headers({ url, responseHeaders: { 'Content-Type': ['text/html'] } }, resolve));
  },
  async permission({ permission, url }) {
    if (!sessionHandlers.permissionRequest) throw new Error('no permission request handler');
    return new Promise((resolve) => sessionHandlers.permissionRequest({}, permission, resolve, { requestingUrl: url }));
  },
  async windowOpen({ url }) {
    const handler = mainWindow()?.webContents.windowOpenHandler;
    if (!handler) throw new Error('no window open handler');
    return handler({ url });
  },
  /** The broadcaster presses a global shortcut anywhere: whether Sidestage heard it. */
  async pressShortcut({ accelerator }) {
    const shortcut = shortcuts.get(accelerator);
    if (!shortcut?.heard) return false;
    shortcut.callback();
    return true;
  },
  /** A click on the notification (in its banner or, later, in the Action Center): false when it was collected. */
  async clickNotification({ index }) {
    const notification = notifications[index]?.deref();
    if (!notification) {
      record('Notification.lost', { index });
      return false;
    }
    notification.emit('click', {});
    return true;
  },
  /** The banner goes away by itself: on Windows into the Action Center, with a `close`. */
  async notificationTimesOut({ index }) {
    notifications[index]?.deref()?.emit('close', {});
  },
  async collectGarbage() {
    if (typeof globalThis.gc !== 'function') throw new Error('run the double with --expose-gc');
    // A WeakRef's target survives the current job: let it end, then collect.
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc();
  },
  async answerDialog({ index, response }) {
    const answer = dialogs[index];
    if (!answer) throw new Error(`no dialog ${index}`);
    dialogs[index] = null;
    answer({ response, checkboxChecked: false });
  },
  async crashRenderer({ reason = 'crashed', exitCode = 133 }) {
    const window = mainWindow();
    if (!window) throw new Error('no window');
    window.webContents.emit('render-process-gone', {}, { reason, exitCode });
  },
  async closeWindow() {
    return mainWindow()?.requestClose() ?? false;
  },
  /** The broadcaster quits (the tray's Quit, Cmd+Q); answered first, as the quit may end the process at once. */
  async quit() {
    setImmediate(() => app.quit());
  },
  /**
   * Windows ends the session (shutdown, restart or log-off): query-session-end (which may be
   * prevented, delaying it until the app quits), then session-end, after which the process ends.
   */
  async endSession({ reasons = ['shutdown'] }) {
    if (platform !== 'win32') throw new Error('session-end is emitted on Windows only');
    let blocked = false;
    record('session.ending', { reasons });
    for (const window of [...BrowserWindow.windows]) {
      const query = preventable({ reasons });
      window.emit('query-session-end', query);
      blocked ||= query.defaultPrevented;
    }
    if (blocked) {
      record('session.delayed');
      return 'delayed';
    }
    for (const window of [...BrowserWindow.windows]) window.emit('session-end', preventable({ reasons }));
    record('session.ended');
    exitAfterRecords(0);
    return 'ended';
  },
  /** Linux or macOS shuts down: powerMonitor's shutdown, which may be prevented to quit cleanly first. */
  async systemShutdown() {
    if (platform === 'win32') throw new Error("powerMonitor's shutdown is emitted on Linux and macOS only");
    const event = preventable();
    record('system.shutting-down');
    powerMonitor.emit('shutdown', event);
    if (event.defaultPrevented) {
      record('system.shutdown.delayed');
      return 'delayed';
    }
    record('system.shutdown');
    exitAfterRecords(0);
    return 'ended';
  },
};

process.on('message', (message) => {
  const { id, command, ...args } = message ?? {};
  const run = commands[command];
  if (!run) return record('reply', { id, error: `unknown command ${JSON.stringify(command)}` });
  run(args).then(
    (result) => record('reply', { id, result: result === undefined ? null : result }),
    (error) => record('reply', { id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The channel must not keep a quit app alive, nor should a vanished parent leave it running.
process.channel?.unref();
process.on('disconnect', () => process.exit(1));

const electron = { app, BrowserWindow, dialog, ipcMain, session, nativeImage, Menu, Tray, globalShortcut, Notification, safeStorage, powerMonitor, shell, clipboard };
export default electron;
