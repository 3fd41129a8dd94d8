/**
 * A recording double of the `electron` module, for running the built desktop shell
 * (out/main/index.js) in plain Node where no Electron binary exists. It is what
 * register-electron-double.mjs resolves `electron` to, in a child process started with an IPC
 * channel: every call the shell makes is sent to the parent as a record `{ kind, ... }`, and the
 * parent drives the app with commands `{ id, command, ... }` (invoke an IPC channel, fetch response
 * headers through the session, click a notification, close the window, quit), each answered with
 * `{ kind: 'reply', id, result }` or `{ kind: 'reply', id, error }`.
 * It behaves as Electron documents where the shell depends on it: `whenReady`, the quit sequence
 * (before-quit, windows' close, will-quit, each preventable), one handler per IPC channel.
 * Plain JavaScript, so that the child runs the build with node alone.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';

const record = (kind, fields = {}) => process.send?.({ kind, ...fields });

// ---------- app ----------

class App extends EventEmitter {
  isReady = false;
  quitting = false;
  #ready = new Promise((resolve) => {
    // Electron is ready after the entry module has run: its listeners are in place by then.
    setImmediate(() => {
      this.isReady = true;
      record('app.ready');
      this.emit('ready', {}, {});
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
    const dir = process.env.ELECTRON_DOUBLE_USER_DATA;
    if (name !== 'userData' || !dir) throw new Error(`electron double: app.getPath(${JSON.stringify(name)}) is not provided`);
    return dir;
  }

  getVersion() {
    return '0.0.0-double';
  }

  getName() {
    return 'sidestage';
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

function preventable() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** The last records must reach the parent before the process ends. */
function exitAfterRecords(code) {
  if (!process.send) process.exit(code);
  process.send({ kind: 'exiting', code }, () => process.exit(code));
}

export const app = new App();

// ---------- windows ----------

let nextContentsId = 1;

class WebContents extends EventEmitter {
  id = nextContentsId++;
  destroyed = false;
  url = '';
  windowOpenHandler = null;

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

  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
    record('webContents.setWindowOpenHandler');
  }
}

export class BrowserWindow extends EventEmitter {
  static windows = [];
  visible = false;
  destroyed = false;

  static getAllWindows() {
    return [...BrowserWindow.windows];
  }

  constructor(options = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    BrowserWindow.windows.push(this);
    record('BrowserWindow.new', { options: JSON.parse(JSON.stringify(options)) });
    app.emit('web-contents-created', {}, this.webContents);
  }

  async loadURL(url) {
    this.webContents.url = url;
    record('BrowserWindow.loadURL', { url });
    setImmediate(() => this.emit('ready-to-show', {}));
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

export const nativeImage = {
  createFromPath(path) {
    record('nativeImage.createFromPath', { path, exists: existsSync(path) });
    return { path, isEmpty: () => !existsSync(path) };
  },
};

export const Menu = {
  buildFromTemplate(template) {
    return { items: template };
  },
};

const trays = [];

export class Tray extends EventEmitter {
  constructor(image) {
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

// ---------- shortcuts, notifications, keychain, shell, clipboard ----------

const shortcuts = new Map();

export const globalShortcut = {
  register(accelerator, callback) {
    shortcuts.set(accelerator, callback);
    record('globalShortcut.register', { accelerator });
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

const notifications = [];

export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }

  constructor(options = {}) {
    super();
    this.options = options;
    this.index = notifications.push(this) - 1;
  }

  show() {
    record('Notification.show', { index: this.index, title: this.options.title, body: this.options.body, actions: this.options.actions ?? [] });
  }

  close() {
    record('Notification.close', { index: this.index });
    this.emit('close', {});
  }
}

const sealed = 'electron-double-sealed:';

export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  // Reversible and not secret: the double stands in for the OS keychain, not for its strength.
  encryptString: (plain) => Buffer.from(sealed + Buffer.from(plain, 'utf8').toString('base64')),
  decryptString: (data) => {
    const text = Buffer.from(data).toString('utf8');
    if (!text.startsWith(sealed)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice(sealed.length), 'base64').toString('utf8');
  },
};

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

const commands = {
  /** What the page would send through the preload, from the frame at `url` (default: the window's page). */
  async invoke({ channel, arg, url }) {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    const contents = BrowserWindow.windows[0]?.webContents;
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
    const handler = BrowserWindow.windows[0]?.webContents.windowOpenHandler;
    if (!handler) throw new Error('no window open handler');
    return handler({ url });
  },
  /** The broadcaster presses a registered global shortcut anywhere; false when none is registered for it. */
  async pressShortcut({ accelerator }) {
    const callback = shortcuts.get(accelerator);
    callback?.();
    return callback !== undefined;
  },
  async clickNotification({ index }) {
    notifications[index]?.emit('click', {});
  },
  async closeWindow() {
    return BrowserWindow.windows[0]?.requestClose() ?? false;
  },
  async quit() {
    app.quit();
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

const electron = { app, BrowserWindow, ipcMain, session, nativeImage, Menu, Tray, globalShortcut, Notification, safeStorage, shell, clipboard };
export default electron;
