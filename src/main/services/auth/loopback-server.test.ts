import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { rawExchange, rawRequest } from '../../../emulator/test-support/raw-http';
import { startLoopbackListener, type LoopbackListener } from './loopback-server';

const state = 'expected-state-0123456789';
let agent: Agent | undefined;
const open: LoopbackListener[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
  await agent?.close();
  agent = undefined;
});

/** Asserts that nothing listens at `url` any more (a fresh connection is refused). */
async function expectRefused(url: string): Promise<void> {
  const fresh = new Agent();
  try {
    await expect(request(url, { dispatcher: fresh })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  } finally {
    await fresh.close();
  }
}

async function listen(options: Partial<Parameters<typeof startLoopbackListener>[0]> = {}): Promise<LoopbackListener> {
  agent = new Agent();
  const listener = await startLoopbackListener({ redirectUri: 'http://127.0.0.1:0/auth/callback', expectedState: state, timeoutMs: 60_000, ...options });
  open.push(listener);
  return listener;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { dispatcher: agent, headers });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await request(url, { method: 'POST', body, dispatcher: agent, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  return { status: res.statusCode, text: await res.body.text() };
}

function callback(listener: LoopbackListener, params: Record<string, string>): string {
  return `${listener.redirectUri}?${new URLSearchParams(params).toString()}`;
}

describe('startLoopbackListener (authorization-code flow)', () => {
  it('binds 127.0.0.1 at the redirect path, refuses wrong state, then accepts one code and closes', async () => {
    const listener = await listen();
    expect(listener.redirectUri).toBe(`http://127.0.0.1:${listener.port}/auth/callback`);

    expect((await get(`http://127.0.0.1:${listener.port}/favicon.ico`)).status).toBe(404);
    const wrong = await get(callback(listener, { code: 'abc', state: 'forged' }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('does not belong to the sign-in');
    expect((await get(callback(listener, { code: 'abc' }))).status).toBe(400);

    const ok = await get(callback(listener, { code: 'the-code', scope: 'channel:read:redemptions user:read:broadcast', state }));
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toContain('text/html');
    expect(ok.text).toContain('You can close this tab and return to Sidestage');
    await expect(listener.result).resolves.toEqual({ type: 'code', code: 'the-code', scope: ['channel:read:redemptions', 'user:read:broadcast'] });

    // The port is closed: a replayed callback finds nobody listening.
    await expectRefused(callback(listener, { code: 'again', state }));
  });

  it('is not reachable on other addresses than 127.0.0.1', async () => {
    const listener = await listen();
    await expect(request(`http://[::1]:${listener.port}/auth/callback`, { dispatcher: agent })).rejects.toThrow();
  });

  it('resolves as cancelled on access_denied with the right state only', async () => {
    const listener = await listen();
    expect((await get(callback(listener, { error: 'access_denied', state: 'forged' }))).status).toBe(400);
    const page = await get(callback(listener, { error: 'access_denied', error_description: 'The user denied you access', state }));
    expect(page.status).toBe(200);
    expect(page.text).toContain('cancelled');
    await expect(listener.result).resolves.toEqual({ type: 'cancelled', reason: 'The user denied you access' });
  });

  it('rejects with the platform error in words for other errors', async () => {
    const listener = await listen();
    const page = await get(callback(listener, { error: 'redirect_mismatch', error_description: 'Parameter redirect_uri does not match registered URI', state }));
    expect(page.status).toBe(400);
    expect(page.text).toContain('The platform refused the sign-in: Parameter redirect_uri does not match registered URI');
    await expect(listener.result).rejects.toMatchObject({ code: 'sign_in_failed', message: 'The platform refused the sign-in: Parameter redirect_uri does not match registered URI' });
  });

  it('times out with AppError timeout and frees the port', async () => {
    const clock = createFakeClock();
    const listener = await listen({ timeoutMs: 120_000, clock });
    clock.advance(119_999);
    expect((await get(callback(listener, { code: 'x', state: 'wrong' }))).status).toBe(400);
    clock.advance(1);
    const err = await listener.result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'timeout' });
    expect(clock.pendingTimers()).toBe(0);
    await expectRefused(callback(listener, { code: 'x', state }));
  });

  it('close() rejects the result as cancelled and clears its timer', async () => {
    const clock = createFakeClock();
    const listener = await listen({ clock });
    await listener.close();
    await expect(listener.result).rejects.toMatchObject({ code: 'cancelled' });
    expect(clock.pendingTimers()).toBe(0);
  });

  it('reports a port in use as unavailable', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      await expect(startLoopbackListener({ redirectUri: `http://localhost:${port}/cb`, expectedState: state, timeoutMs: 1000 })).rejects.toMatchObject({
        code: 'unavailable',
      });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses redirect URIs that are not http loopback addresses', async () => {
    await expect(startLoopbackListener({ redirectUri: 'https://example.com/cb', expectedState: state, timeoutMs: 1000 })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(startLoopbackListener({ redirectUri: 'http://192.168.1.2:3000/cb', expectedState: state, timeoutMs: 1000 })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('keeps a fixed-port redirect URI exactly as registered', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const listener = await listen({ redirectUri: `http://localhost:${port}/cb` });
    expect(listener.redirectUri).toBe(`http://localhost:${port}/cb`);
    expect(listener.port).toBe(port);
  });
});

describe('startLoopbackListener (implicit flow)', () => {
  it('serves a relay page whose script posts the fragment back, and resolves with the token', async () => {
    const listener = await listen({ responseType: 'token' });
    const page = await get(listener.redirectUri);
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const match = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(page.text);
    expect(match).not.toBeNull();
    const [, nonce, script] = match!;
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");

    // Run the page's own script with a browser-like environment whose fetch reaches the real listener.
    const origin = new URL(listener.redirectUri).origin;
    let shown!: (text: string) => void;
    const messageShown = new Promise<string>((resolve) => (shown = resolve));
    const replaced: string[] = [];
    runInNewContext(script!, {
      location: { hash: `#access_token=implicit-token&scope=channel%3Aread%3Aredemptions+user%3Aread%3Abroadcast&state=${state}&token_type=bearer`, pathname: '/auth/callback' },
      history: { replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
      document: { getElementById: () => ({ set textContent(text: string) { shown(text); } }) },
      fetch: async (path: string, init: { method: string; headers: Record<string, string>; body: string }) => {
        const res = await request(origin + path, { method: init.method, headers: { ...init.headers, origin }, body: init.body, dispatcher: agent });
        const text = await res.body.text();
        return { text: async () => text };
      },
    });
    await expect(listener.result).resolves.toEqual({ type: 'token', accessToken: 'implicit-token', scope: ['channel:read:redemptions', 'user:read:broadcast'] });
    expect(await messageShown).toContain('You can close this tab and return to Sidestage');
    expect(replaced).toEqual(['/auth/callback']); // the token leaves the address bar
  });

  it('checks state and origin on the posted fragment and keeps waiting', async () => {
    const listener = await listen({ responseType: 'token' });
    const origin = new URL(listener.redirectUri).origin;
    expect((await post(listener.redirectUri, `access_token=t&state=forged`, { origin })).status).toBe(400);
    expect((await post(listener.redirectUri, `access_token=t&state=${state}`, { origin: 'https://evil.example' })).status).toBe(403);
    const ok = await post(listener.redirectUri, `#access_token=good&scope=&state=${state}`, { origin });
    expect(ok.status).toBe(200);
    await expect(listener.result).resolves.toEqual({ type: 'token', accessToken: 'good', scope: [] });
  });

  it('takes an access_denied answer from the query as cancelled', async () => {
    const listener = await listen({ responseType: 'token' });
    await get(callback(listener, { error: 'access_denied', error_description: 'The user denied you access', state }));
    await expect(listener.result).resolves.toMatchObject({ type: 'cancelled' });
  });

  it('does not take a posted answer in the code flow', async () => {
    const listener = await listen();
    expect((await post(listener.redirectUri, `code=x&state=${state}`)).status).toBe(405);
  });
});

describe('startLoopbackListener: what a local stranger sends', () => {
  it.each(['http://[', '*', 'http://127.0.0.1/auth/callback', '//evil.example/auth/callback'])(
    'answers the request target %s with a client error and keeps waiting for the sign-in',
    async (target) => {
      const listener = await listen();
      for (const upgrade of [false, true]) {
        const headers: Record<string, string> = { Host: `127.0.0.1:${listener.port}` };
        if (upgrade) Object.assign(headers, { Upgrade: 'websocket', Connection: 'Upgrade', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' });
        const answer = await rawExchange(listener.port, rawRequest('GET', target, headers));
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).toMatch(/not part of the Sidestage sign-in/);
      }
      expect((await get(callback(listener, { code: 'abc', state }))).status).toBe(200);
      await expect(listener.result).resolves.toMatchObject({ type: 'code', code: 'abc' });
    },
  );

  it('answers a request line the parser refuses with a 400 and a sentence', async () => {
    const listener = await listen();
    const answer = await rawExchange(listener.port, 'GET /\x01 HTTP/1.1\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/malformed/);
  });
});
