import { signedOutAuthState } from '../../shared/ipc/contract';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcRouter } from '../ipc/ipc-router';
import { silentLogger } from '../services/logger';
import { loadOrCreateDockSecret } from './dock-secret';
import { startDockServer, type RunningDock } from './dock-server';


let dir: string;
let dock: RunningDock;
let router: IpcRouter;
const secret = 'a'.repeat(32);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sidestage-dock-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Sidestage</title>');
  router = new IpcRouter(silentLogger);
  router.handle('auth:getState', () => signedOutAuthState);
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
