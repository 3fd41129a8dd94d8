/**
 * Electron's security checklist in one module: webPreferences, the CSP, navigation and
 * new-window guards, the openExternal allow-list, permission denial and the IPC sender check.
 * It imports no Electron: the guards take structural types, so they are unit-tested in Node.
 */

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: http://127.0.0.1:* https://static-cdn.jtvnw.net",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The renderer's policy with what one run adds: WebSocket origins to connect to (the dock's own)
 * and the one origin whose pages may be framed, the overlay server's (the Overlays panel's preview).
 */
export function contentSecurityPolicyWith(extra: { connectSrc?: readonly string[]; frameSrc?: readonly string[] }): string {
  const connect = contentSecurityPolicy.replace("connect-src 'self'", ["connect-src 'self'", ...(extra.connectSrc ?? [])].join(' '));
  return extra.frameSrc?.length ? `${connect}; frame-src ${extra.frameSrc.join(' ')}` : connect;
}

/**
 * The policy Electron sends with every response of the window's session: the renderer's, allowing
 * frames of the overlay origin; none for the overlay server's own pages, which carry their own
 * stricter one. For `npm run dev` only, whose dev server puts React's refresh runtime in an inline
 * script, inline scripts pass too: a response header and the page's meta tag both apply (a script
 * must pass both), so relaxing the meta tag alone (electron.vite.config.ts) left the dev window
 * blank. Only a loopback dev server gets it; the built file never does.
 */
export function sessionPolicyFor(responseUrl: string, rendererUrl: string, overlayOrigin: string | null): string | null {
  if (overlayOrigin !== null && responseUrl.startsWith(`${overlayOrigin}/`)) return null;
  const policy = contentSecurityPolicyWith({ frameSrc: overlayOrigin ? [overlayOrigin] : [] });
  return isDevServerUrl(rendererUrl) ? policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'") : policy;
}

function isDevServerUrl(rawUrl: string): boolean {
  try {
    const url = new URL(rawUrl);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
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
  } as const;
}

/** Hosts of the real platform that Sidestage may open in the system browser. */
const platformHosts = new Set(['www.twitch.tv', 'twitch.tv', 'id.twitch.tv', 'dev.twitch.tv', 'dashboard.twitch.tv', 'help.twitch.tv', 'clips.twitch.tv']);
/** Pages of an emulator that a person must see: its consent and device-activation pages. */
const emulatorPages = new Set(['/oauth2/authorize', '/auth/authorize', '/activate']);

export interface ExternalUrlPolicy {
  /** Origin of the emulator the app talks to (demo mode or SIDESTAGE_*_URL), if any. */
  emulatorOrigin: string | null;
}

export function isAllowedExternalUrl(rawUrl: string, policy: ExternalUrlPolicy): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && platformHosts.has(url.hostname)) return true;
  if (policy.emulatorOrigin && url.origin === policy.emulatorOrigin && isLoopbackHost(url.hostname)) {
    // A clip's page and its editor (the clip hotkey's notification links to the editor).
    return emulatorPages.has(url.pathname) || /^\/clips\/[^/]+(\/edit)?$/.test(url.pathname);
  }
  return false;
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** The renderer is loaded from a file (production) or the dev server: only that origin is trusted. */
export function isTrustedRendererUrl(rawUrl: string, rendererUrl: string): boolean {
  try {
    const url = new URL(rawUrl);
    const expected = new URL(rendererUrl);
    if (expected.protocol === 'file:') return url.protocol === 'file:' && sameFile(url, expected);
    return url.origin === expected.origin;
  } catch {
    return false;
  }
}

/**
 * Whether two file URLs name the same file. The frame's URL is Chromium's canonical form of the
 * one Sidestage loaded, which is not Node's: on Windows the drive letter is upper-cased
 * (`file:///c:/` comes back as `file:///C:/`) and characters may be escaped differently, so the
 * paths are compared decoded, with the drive letter's case ignored, and case-insensitively for a
 * Windows path (its file systems are).
 */
function sameFile(a: URL, b: URL): boolean {
  const left = fileUrlPath(a);
  const right = fileUrlPath(b);
  if (left === null || right === null) return false;
  return isWindowsPath(left) || isWindowsPath(right) ? left.toLowerCase() === right.toLowerCase() : left === right;
}

/** `host` + decoded path with forward slashes and an upper-case drive letter; null when it cannot be decoded. */
function fileUrlPath(url: URL): string | null {
  const host = url.hostname.toLowerCase() === 'localhost' ? '' : url.hostname.toLowerCase();
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  path = path.replace(/\\/g, '/').replace(/^\/([a-zA-Z])[:|]/, (_m, drive: string) => `/${drive.toUpperCase()}:`);
  return `//${host}${path}`;
}

function isWindowsPath(normalised: string): boolean {
  // A drive letter, or a UNC share (a file URL with a host).
  return /^\/\/[^/]*\/[A-Z]:/.test(normalised) || !normalised.startsWith('///');
}

export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean): void;
}

/**
 * Writing to the clipboard ("Copy server", "Copy stream key") is the one permission the app's own
 * page gets; every other permission, and every other page, is refused.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, rendererUrl: string): boolean {
  return permission === 'clipboard-sanitized-write' && isTrustedRendererUrl(requestingUrl, rendererUrl);
}

/**
 * Every navigation, redirect, webview and new window is denied. A window.open of an allowed
 * URL (a platform page, the emulator's consent page) goes to the system browser instead.
 */
export function guardWebContents(
  contents: WebContentsLike,
  options: { rendererUrl: string; policy: ExternalUrlPolicy; openExternal: (url: string) => void },
): void {
  const denyNavigation = (event: { preventDefault(): void }, url: string) => {
    // The dev server reloads the page in place; anything else is a navigation away from the app.
    if (!isTrustedRendererUrl(url, options.rendererUrl)) event.preventDefault();
  };
  contents.on('will-navigate', denyNavigation);
  contents.on('will-redirect', denyNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url, options.policy)) options.openExternal(url);
    return { action: 'deny' };
  });
}

export function restrictPermissions(session: SessionLike, rendererUrl: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl ?? '', rendererUrl)),
  );
  // A check names only the origin; file:// pages have the opaque origin "file://".
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin.startsWith('file:') ? rendererUrl : requestingOrigin, rendererUrl),
  );
}
