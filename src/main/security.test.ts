import { describe, expect, it, vi } from 'vitest';
import {
  contentSecurityPolicy,
  sessionPolicyFor,
  isPermissionAllowed,
  restrictPermissions,
  guardWebContents,
  isAllowedExternalUrl,
  isTrustedRendererUrl,
  secureWebPreferences,
  type WebContentsLike,
} from './security';

describe('secureWebPreferences', () => {
  it('isolates the renderer', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(prefs.preload).toBe('/app/preload.cjs');
  });
});

describe('contentSecurityPolicy', () => {
  it('allows only the app itself to run scripts', () => {
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy).toContain("object-src 'none'");
  });
});

describe('sessionPolicyFor', () => {
  const built = 'file:///app/out/renderer/index.html';
  it('keeps the strict policy for the built page, with the overlay origin framed, and leaves the overlay pages their own policy', () => {
    expect(sessionPolicyFor(built, built, 'http://127.0.0.1:4455')).toBe(`${contentSecurityPolicy}; frame-src http://127.0.0.1:4455`);
    expect(sessionPolicyFor('http://127.0.0.1:4455/overlay/alerts?token=x', built, 'http://127.0.0.1:4455')).toBeNull();
    // Another port of the same host is not the overlay server.
    expect(sessionPolicyFor('http://127.0.0.1:44551/overlay/alerts', built, 'http://127.0.0.1:4455')).toContain('frame-src http://127.0.0.1:4455');
    expect(sessionPolicyFor(built, built, null)).toBe(contentSecurityPolicy);
  });
  it('lets the loopback dev server run its inline refresh script, and nothing else more', () => {
    const dev = sessionPolicyFor('http://localhost:5173/', 'http://localhost:5173/', null)!;
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev.replace(" 'unsafe-inline'", '')).toBe(contentSecurityPolicy);
    expect(sessionPolicyFor('http://example.com:5173/', 'http://example.com:5173/', null)).toBe(contentSecurityPolicy);
  });
});

describe('isAllowedExternalUrl', () => {
  const policy = { emulatorOrigin: 'http://127.0.0.1:4567' };
  it.each([
    ['https://id.twitch.tv/oauth2/authorize?client_id=x', true],
    ['https://www.twitch.tv/activate', true],
    ['http://127.0.0.1:4567/oauth2/authorize?client_id=x', true],
    ['http://127.0.0.1:4567/activate', true],
    ['http://id.twitch.tv/oauth2/authorize', false],
    ['https://evil.example/twitch.tv', false],
    ['https://id.twitch.tv.evil.example/', false],
    ['https://user:pass@id.twitch.tv/', false],
    ['http://127.0.0.1:4567/_emulator/reset', false],
    ['https://clips.twitch.tv/FunnyOtterKappa-abc/edit', true],
    ['http://127.0.0.1:4567/clips/FunnyOtterKappa-abc/edit', true],
    ['http://127.0.0.1:4567/clips/FunnyOtterKappa-abc', true],
    ['http://127.0.0.1:4567/clips/a/b/edit', false],
    ['http://127.0.0.1:9999/clips/FunnyOtterKappa-abc/edit', false],
    ['http://127.0.0.1:9999/oauth2/authorize', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s -> %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(allowed);
  });
  it('allows no emulator page without an emulator', () => {
    expect(isAllowedExternalUrl('http://127.0.0.1:4567/oauth2/authorize', { emulatorOrigin: null })).toBe(false);
  });
});

describe('isTrustedRendererUrl', () => {
  it('trusts the packaged file and nothing else', () => {
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html', 'file:///app/out/renderer/index.html')).toBe(true);
    expect(isTrustedRendererUrl('file:///etc/other.html', 'file:///app/out/renderer/index.html')).toBe(false);
    expect(isTrustedRendererUrl('https://evil.example/', 'file:///app/out/renderer/index.html')).toBe(false);
  });
  it('compares the file Chromium reports with the one loaded, as Chromium canonicalises it', () => {
    // pathToFileURL keeps a lower-case drive letter; Chromium's frame URL has it upper-cased.
    const loaded = 'file:///c:/Users/Streamer/Sidestage/out/renderer/index.html';
    expect(isTrustedRendererUrl('file:///C:/Users/Streamer/Sidestage/out/renderer/index.html', loaded)).toBe(true);
    expect(isTrustedRendererUrl('file:///C:/Users/streamer/sidestage/out/renderer/index.html', loaded)).toBe(true);
    // Escaped differently, the same folder: a space, a # and a ? in it.
    const odd = 'file:///home/me/My%20Stuff%20%23%231%3F/out/renderer/index.html';
    expect(isTrustedRendererUrl('file:///home/me/My Stuff %23%231%3F/out/renderer/index.html', odd)).toBe(true);
    expect(isTrustedRendererUrl('file:///home/me/My%20Stuff%20%23%231%3F/out/renderer/index.html', odd)).toBe(true);
    // A folder whose name is only the start of it, another drive, or another case on Linux are other files.
    expect(isTrustedRendererUrl('file:///home/me/My%20Stuff%20/out/renderer/index.html', odd)).toBe(false);
    expect(isTrustedRendererUrl('file:///D:/Users/Streamer/Sidestage/out/renderer/index.html', loaded)).toBe(false);
    expect(isTrustedRendererUrl('file:///app/OUT/renderer/index.html', 'file:///app/out/renderer/index.html')).toBe(false);
    // A UNC share keeps its host; another host is another file.
    expect(isTrustedRendererUrl('file://server/share/out/index.html', 'file://SERVER/share/out/index.html')).toBe(true);
    expect(isTrustedRendererUrl('file://other/share/out/index.html', 'file://server/share/out/index.html')).toBe(false);
    expect(isTrustedRendererUrl('file:///app/out/%E0%A4%A/index.html', 'file:///app/out/renderer/index.html')).toBe(false);
  });
  it('trusts the dev server origin', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/#/ingest', 'http://localhost:5173/')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });
});

function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents = {
    on: (event: string, listener: (event: { preventDefault(): void }, url: string) => void) => listeners.set(event, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
  } as unknown as WebContentsLike;
  const fire = (event: string, url = '') => {
    const preventDefault = vi.fn();
    listeners.get(event)?.({ preventDefault }, url);
    return preventDefault.mock.calls.length > 0;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }) };
}

describe('guardWebContents', () => {
  const setup = () => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    guardWebContents(fake.contents, { rendererUrl: 'file:///app/index.html', policy: { emulatorOrigin: null }, openExternal });
    return { ...fake, openExternal };
  };
  it('denies navigation and redirects away from the app', () => {
    const { fire } = setup();
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', 'https://id.twitch.tv/')).toBe(true);
    expect(fire('will-navigate', 'file:///app/index.html')).toBe(false);
  });
  it('denies webviews', () => {
    const { fire } = setup();
    expect(fire('will-attach-webview')).toBe(true);
  });
  it('denies every new window, sending allowed URLs to the system browser', () => {
    const { open, openExternal } = setup();
    expect(open('https://id.twitch.tv/oauth2/authorize')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://id.twitch.tv/oauth2/authorize');
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('restrictPermissions', () => {
  const rendererUrl = 'file:///app/out/renderer/index.html';
  const setup = () => {
    let request: ((c: unknown, p: string, cb: (g: boolean) => void, d: { requestingUrl?: string }) => void) | undefined;
    let check: ((c: unknown, p: string, origin: string) => boolean) | undefined;
    restrictPermissions({ setPermissionRequestHandler: (h) => (request = h), setPermissionCheckHandler: (h) => (check = h) }, rendererUrl);
    const ask = (permission: string, requestingUrl: string) => {
      const callback = vi.fn();
      request?.({}, permission, callback, { requestingUrl });
      return callback.mock.calls[0]?.[0] as boolean;
    };
    return { ask, check: (permission: string, origin: string) => check?.({}, permission, origin) };
  };

  it('refuses every permission but the clipboard write of the app itself', () => {
    const { ask, check } = setup();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(ask(permission, rendererUrl)).toBe(false);
      expect(check(permission, 'file://')).toBe(false);
    }
    expect(ask('clipboard-sanitized-write', rendererUrl)).toBe(true);
    expect(check('clipboard-sanitized-write', 'file://')).toBe(true);
  });

  it('refuses the clipboard to any other page', () => {
    const { ask, check } = setup();
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(check('clipboard-sanitized-write', 'https://evil.example')).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'http://localhost:5173/', 'http://localhost:5173/')).toBe(true);
  });
});
