import { MAX_MEDIA_BASE64_CHARS, signedOutAuthState } from '../../shared/ipc/contract';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcRouter } from '../ipc/ipc-router';
import { silentLogger } from '../services/logger';
import { createFakeClock } from '../test-support/fake-clock';
import { loadOrCreateDockSecret } from './dock-secret';
import { MAX_BODY_BYTES, startDockServer, type RunningDock } from './dock-server';
import { frame, rawExchange, rawRequest, rawWebSocket, upgradeHeaders } from '../../emulator/test-support/raw-http';

let dir: string;
let dock: RunningDock;
let router: IpcRouter;
const secret = 'a'.repeat(32);
let signOuts = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sidestage-dock-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Sidestage</title>');
  router = new IpcRouter(silentLogger);
  router.handle('auth:getState', () => signedOutAuthState);
  router.handle('auth:signOut', () => {
    signOuts += 1;
    return signedOutAuthState;
  });
  router.handle('ingest:select', () => {
    throw new Error('not reached by these tests');
  });
  dock = await startDockServer({ router, rendererDir: dir, secret, logger: silentLogger });
});

afterAll(async () => {
  await dock.close();
  await rm(dir, { recursive: true, force: true });
});

const host = () => `127.0.0.1:${dock.port}`;

/** Opens the printed URL as a browser would and returns the session cookie it was given. */
async function sessionCookie(): Promise<string> {
  const res = await request(dock.url);
  await res.body.dump();
  const setCookie = String(res.headers['set-cookie']);
  return setCookie.split(';')[0]!;
}
const call = (headers: Record<string, string>, body = '{}') =>
  request(`${dock.origin}/ipc/auth:getState`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('dock server', () => {
  it('trades the secret in the URL for a strict HttpOnly session cookie and drops it from the address', async () => {
    const res = await request(dock.url);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^sidestage_dock_${dock.port}=[\\w-]{40,};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    // Cookies ignore ports: every server on 127.0.0.1 would receive a cookie, so it never holds the secret.
    expect(setCookie).not.toContain(secret);
    await res.body.dump();
  });

  it('refuses a cookie that carries the secret itself or an unknown session', async () => {
    for (const value of [secret, 'x'.repeat(43)]) {
      const res = await request(`${dock.origin}/`, { headers: { cookie: `sidestage_dock_${dock.port}=${value}` } });
      expect(res.statusCode).toBe(401);
      await res.body.dump();
    }
  });

  it('answers a malformed escape in a path with a client error, not a crash', async () => {
    const res = await request(`${dock.origin}/ipc/%E0%A4%A`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, origin: dock.origin, 'content-type': 'application/json' }, body: '{}' });
    expect(res.statusCode).toBe(400);
    await res.body.dump();
  });

  it('serves the renderer with the session cookie and a CSP', async () => {
    const res = await request(`${dock.origin}/`, { headers: { cookie: await sessionCookie() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(await res.body.text()).toContain('Sidestage');
  });

  it('lets the renderer frame the overlay server’s origin only (the Overlays panel’s preview)', async () => {
    const framing = await startDockServer({ router, rendererDir: dir, secret, logger: silentLogger, frameOrigins: () => ['http://127.0.0.1:4455'] });
    try {
      const res = await request(`${framing.origin}/`, { headers: { authorization: `Bearer ${secret}` } });
      await res.body.dump();
      expect(res.headers['content-security-policy']).toMatch(/; frame-src http:\/\/127\.0\.0\.1:4455$/);
      const plain = await request(`${dock.origin}/`, { headers: { cookie: await sessionCookie() } });
      await plain.body.dump();
      expect(plain.headers['content-security-policy']).not.toContain('frame-src');
    } finally {
      await framing.close();
    }
  });

  it('answers a call with the secret and a matching Origin', async () => {
    const res = await call({ authorization: `Bearer ${secret}`, origin: dock.origin });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ ok: true, value: signedOutAuthState });
  });

  it.each([
    ['no secret', { origin: 'ORIGIN' }, 401],
    ['a wrong secret', { authorization: `Bearer ${'b'.repeat(32)}`, origin: 'ORIGIN' }, 401],
    ['a wrong secret of another length', { authorization: 'Bearer short', origin: 'ORIGIN' }, 401],
    ['a foreign Origin', { authorization: `Bearer ${secret}`, origin: 'http://evil.example' }, 403],
    ['another port on loopback', { authorization: `Bearer ${secret}`, origin: 'http://127.0.0.1:1' }, 403],
    ['no Origin', { authorization: `Bearer ${secret}` }, 403],
    ['a foreign Host (DNS rebinding)', { authorization: `Bearer ${secret}`, origin: 'ORIGIN', host: 'evil.example' }, 421],
  ])('refuses a call with %s', async (_name, headers, status) => {
    const res = await call(Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === 'ORIGIN' ? dock.origin : v])));
    expect(res.statusCode).toBe(status);
    await res.body.dump();
  });

  it('refuses a wrong secret in the URL', async () => {
    const res = await request(`${dock.origin}/?secret=${'c'.repeat(32)}`);
    expect(res.statusCode).toBe(401);
    await res.body.dump();
  });

  it('refuses static files without the secret and paths outside the renderer', async () => {
    const noSecret = await request(`${dock.origin}/`);
    expect(noSecret.statusCode).toBe(401);
    await noSecret.body.dump();
    const traversal = await request(`${dock.origin}/..%2f..%2fetc%2fpasswd`, { headers: { authorization: `Bearer ${secret}` } });
    expect(traversal.statusCode).toBe(404);
    await traversal.body.dump();
  });

  it('answers bad calls with typed errors, not crashes', async () => {
    const headers = { authorization: `Bearer ${secret}`, origin: dock.origin };
    const invalid = await call(headers, '{not json');
    expect(invalid.statusCode).toBe(400);
    await invalid.body.dump();
    const unknown = await request(`${dock.origin}/ipc/nope:nothing`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect(await unknown.body.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    const badArg = await call(headers, JSON.stringify({ arg: { x: 1 } }));
    expect(await badArg.body.json()).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('pushes events over the WebSocket to an authorised page', async () => {
    const ws = new WebSocket(`ws://${host()}/events`, { headers: { origin: dock.origin, cookie: await sessionCookie() } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const frame = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    router.emit('auth:changed', signedOutAuthState);
    expect(await frame).toEqual({ event: 'auth:changed', payload: signedOutAuthState });
    ws.close();
  });

  it.each([
    ['no secret', { origin: 'ORIGIN' }],
    ['a foreign Origin', { origin: 'http://evil.example', cookie: 'COOKIE' }],
    ['no Origin', { cookie: 'COOKIE' }],
    ['a foreign Host', { origin: 'ORIGIN', cookie: 'COOKIE', host: 'evil.example' }],
  ])('refuses a WebSocket upgrade with %s', async (_name, raw) => {
    const session = await sessionCookie();
    const headers = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, v === 'ORIGIN' ? dock.origin : v === 'COOKIE' ? session : v]),
    );
    const ws = new WebSocket(`ws://${host()}/events`, { headers });
    const outcome = await new Promise<string>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
      ws.once('error', () => resolve('error'));
    });
    expect(outcome).toMatch(/^refused|error/);
    ws.terminate();
  });
});

describe('loadOrCreateDockSecret', () => {
  it('creates a long secret once, readable only by the user', async () => {
    const first = await loadOrCreateDockSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateDockSecret(dir)).toBe(first);
    expect((await stat(join(dir, 'dock-secret'))).mode & 0o777).toBe(0o600);
  });
});

describe('dock server: what a local stranger or a broken client sends', () => {
  const auth = () => ({ Host: host(), Authorization: `Bearer ${secret}`, Origin: dock.origin });
  // In the dock process, any of these would have ended it.
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeAll(() => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  async function stillAnswers(): Promise<void> {
    expect(uncaught).toEqual([]);
    const res = await call({ authorization: `Bearer ${secret}`, origin: dock.origin });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  }

  it.each(['http://[', 'http://[::1', '*', 'http://evil.example/events', '//[/events'])(
    'refuses an upgrade to the malformed target %s with a 400 and keeps running',
    async (target) => {
      const answer = await rawExchange(dock.port, rawRequest('GET', target, upgradeHeaders(host())));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.length).toBeGreaterThan(0);
      await stillAnswers();
    },
  );

  it.each(['http://[', 'http://[::1', '*', 'http://127.0.0.1/'])('answers a plain GET of the malformed target %s with a 400, not a 500', async (target) => {
    const answer = await rawExchange(dock.port, rawRequest('GET', target, auth()));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/not a valid path/);
    await stillAnswers();
  });

  it('answers a request line the parser refuses with a 400 and a sentence', async () => {
    const answer = await rawExchange(dock.port, 'GET /\x01 HTTP/1.1\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/malformed/);
  });

  it.each<[string, Buffer]>([
    ['over maxPayload', frame({ opcode: 1, payload: Buffer.alloc(5000, 0x61) })],
    ['invalid UTF-8', frame({ opcode: 1, payload: Buffer.from([0xc3, 0x28]) })],
    ['unmasked', frame({ opcode: 1, masked: false, payload: Buffer.from('hi') })],
    ['a reserved opcode', frame({ opcode: 3, payload: Buffer.from('hi') })],
    ['RSV1 without an extension', frame({ opcode: 1, rsv: 4, payload: Buffer.from('hi') })],
    ['a fragmented control frame', frame({ opcode: 9, fin: false, payload: Buffer.from('hi') })],
    ['a continuation with nothing to continue', frame({ opcode: 0, payload: Buffer.from('hi') })],
  ])('closes an event socket that sends a frame %s and keeps running', async (_name, bytes) => {
    const ws = await rawWebSocket(dock.port, '/events', auth());
    ws.socket.write(bytes);
    const { code } = await ws.closed;
    expect([1002, 1007, 1009]).toContain(code);
    await stillAnswers();
  });

  it.each([
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"arg"'],
    ['fields besides arg', '{"arg":null,"sneaky":1}'],
    ['a prototype key', '{"__proto__":{"polluted":true}}'],
  ])('refuses a call whose body is %s with a 400 and does not run the handler', async (_name, body) => {
    const before = signOuts;
    const res = await request(`${dock.origin}/ipc/auth:signOut`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, origin: dock.origin },
      body,
    });
    expect(res.statusCode).toBe(400);
    expect(await res.body.text()).toMatch(/JSON object|other than "arg"/);
    expect(signOuts).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers an argument the contract refuses with a 400 that carries the typed error', async () => {
    const res = await call({ authorization: `Bearer ${secret}`, origin: dock.origin }, JSON.stringify({ arg: 42 }));
    expect(res.statusCode).toBe(400);
    expect(await res.body.json()).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('bounds an error message that quotes the input', async () => {
    const res = await request(`${dock.origin}/ipc/ingest:select`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, origin: dock.origin },
      body: JSON.stringify({ arg: { serverId: 1, ['k'.repeat(900_000)]: 1 } }),
    });
    expect(res.statusCode).toBe(400);
    expect((await res.body.text()).length).toBeLessThan(1_000);
  });

  it('answers a body over the limit with a 413, and takes the largest call there is (a 20 MB video for the media library, in base64)', async () => {
    const res = await call({ authorization: `Bearer ${secret}`, origin: dock.origin }, JSON.stringify({ arg: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(res.statusCode).toBe(413);
    await res.body.dump();
    const video = await call({ authorization: `Bearer ${secret}`, origin: dock.origin }, JSON.stringify({ arg: { name: 'alert.webm', dataBase64: 'A'.repeat(MAX_MEDIA_BASE64_CHARS) } }));
    expect(video.statusCode).not.toBe(413);
    await video.body.dump();
  });

  it.each(['/.//evil.example/', '//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/', '/renderer/deep'])(
    'redirects the secret exchange at %s only to the renderer root',
    async (path) => {
      const answer = await rawExchange(dock.port, rawRequest('GET', `${path}?secret=${secret}&lang=en`, { Host: host() }));
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/?lang=en');
    },
  );
});

describe('dock sessions', () => {
  it('expire when idle and after their lifetime, and an open event socket keeps one alive', async () => {
    const clock = createFakeClock();
    const local = await startDockServer({ router, rendererDir: dir, secret, logger: silentLogger, clock, sessionLimits: { idleMs: 1_000, lifetimeMs: 10_000, max: 8 } });
    const cookieOf = async () => {
      const res = await request(local.url);
      await res.body.dump();
      return String(res.headers['set-cookie']).split(';')[0]!;
    };
    const get = async (cookieValue: string) => {
      const res = await request(`${local.origin}/`, { headers: { cookie: cookieValue } });
      await res.body.dump();
      return res.statusCode;
    };
    try {
      const idle = await cookieOf();
      clock.advance(900);
      expect(await get(idle)).toBe(200); // use refreshes the idle time
      clock.advance(900);
      expect(await get(idle)).toBe(200);
      clock.advance(1_000);
      expect(await get(idle)).toBe(401);

      const watched = await cookieOf();
      const ws = new WebSocket(`ws://127.0.0.1:${local.port}/events`, { headers: { origin: local.origin, cookie: watched } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      clock.advance(5_000);
      expect(await get(watched)).toBe(200); // idle for 5 s, but the page is open
      clock.advance(5_000);
      expect(await get(watched)).toBe(401); // past its lifetime
      router.emit('auth:changed', signedOutAuthState); // the next event finds the socket's session gone
      expect(await closed).toBe(4401);
    } finally {
      await local.close();
    }
  });

  it('keeps at most the limit, evicting the least recently used', async () => {
    const clock = createFakeClock();
    const local = await startDockServer({ router, rendererDir: dir, secret, logger: silentLogger, clock, sessionLimits: { max: 3 } });
    try {
      const cookies: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await request(local.url);
        await res.body.dump();
        cookies.push(String(res.headers['set-cookie']).split(';')[0]!);
        clock.advance(10);
      }
      expect(local.sessionCount()).toBe(3);
      const statuses = [];
      for (const c of cookies) {
        const res = await request(`${local.origin}/`, { headers: { cookie: c } });
        await res.body.dump();
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 200, 200, 200]);
    } finally {
      await local.close();
    }
  });
});
