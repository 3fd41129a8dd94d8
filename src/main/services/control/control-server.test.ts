import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HotkeyAction } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { rawExchange, rawRequest } from '../../../emulator/test-support/raw-http';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { silentLogger } from '../logger';
import { ControlClients, controlFileName } from './control-clients';
import { ControlPairing } from './control-pairing';
import type { ControlScope, ControlState } from './control-schemas';
import { ControlServer } from './control-server';

const offState: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 12, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null };

describe('the control API', () => {
  let dir: string;
  let clock: FakeClock;
  let clients: ControlClients;
  let pairing: ControlPairing;
  let server: ControlServer;
  let base: string;
  let port: number;
  let state: ControlState;
  const stateChanges = new Emitter<void>();
  const pressed: HotkeyAction[] = [];
  const sockets: WebSocket[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-control-'));
    clock = createFakeClock();
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger, clock });
    pairing = new ControlPairing(clock, { maxPending: 3, perMinute: 4 });
    state = { ...offState };
    pressed.length = 0;
    server = new ControlServer({
      clients,
      pairing,
      logger: silentLogger,
      ports: {
        runAction: async (action) => {
          pressed.push(action);
          return action === 'clip' ? { done: false, message: 'You are not live.' } : { done: true, message: 'Done.' };
        },
        actionLabel: (action) => `Label of ${action}`,
        readState: () => state,
        onStateChange: (listener) => stateChanges.on(listener),
      },
    });
    port = await server.listen(0);
    base = `http://127.0.0.1:${port}/api/v1`;
  });
  afterEach(async () => {
    for (const ws of sockets) ws.terminate();
    sockets.length = 0;
    await server.dispose();
    await clients.settled();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Pairs a client through the API with `scopes` approved; answers its token. */
  async function pair(scopes: ControlScope[], name = 'Stream Deck'): Promise<string> {
    const started = (await (await post('/pair', { name })).json()) as { requestId: string; claimSecret: string; code: string };
    expect(started.code).toMatch(/^\d{6}$/);
    expect(pairing.list()).toContainEqual(expect.objectContaining({ id: started.requestId, name, code: started.code }));
    expect(await (await post(`/pair/${started.requestId}/claim`, { claimSecret: started.claimSecret })).json()).toEqual({ status: 'pending' });
    expect(pairing.approve(started.requestId, scopes)).toBe(true);
    const claimed = (await (await post(`/pair/${started.requestId}/claim`, { claimSecret: started.claimSecret })).json()) as { status: string; token: string; scopes: string[] };
    expect(claimed).toMatchObject({ status: 'approved', scopes });
    return claimed.token;
  }

  it('pairs a client that the broadcaster approves, hands its token once and keeps only its hash', async () => {
    const started = (await (await post('/pair', { name: 'Phone' })).json()) as { requestId: string; claimSecret: string };
    pairing.approve(started.requestId, ['read']);
    const claim = () => post(`/pair/${started.requestId}/claim`, { claimSecret: started.claimSecret });
    const first = (await (await claim()).json()) as { token: string };
    expect((await claim()).status).toBe(404); // once
    await clients.settled();
    const file = await readFile(join(dir, controlFileName), 'utf8');
    expect(file).not.toContain(first.token);
    expect(file).toContain('"name":"Phone"');
    expect((await fetch(`${base}/state`, { headers: auth(first.token) })).status).toBe(200);
  });

  it('refuses a claim with the wrong secret, and drops the request after a few', async () => {
    const started = (await (await post('/pair', { name: 'Deck' })).json()) as { requestId: string; claimSecret: string };
    pairing.approve(started.requestId, ['read', 'actions']);
    for (let i = 0; i < 5; i++) expect((await post(`/pair/${started.requestId}/claim`, { claimSecret: 'guess' })).status).toBe(404);
    expect((await post(`/pair/${started.requestId}/claim`, { claimSecret: started.claimSecret })).status).toBe(404);
    expect(clients.list()).toEqual([]);
  });

  it('says a denied request is denied, and expires one nobody answered', async () => {
    const denied = (await (await post('/pair', { name: 'Stranger' })).json()) as { requestId: string; claimSecret: string };
    pairing.deny(denied.requestId);
    const answer = await post(`/pair/${denied.requestId}/claim`, { claimSecret: denied.claimSecret });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: { code: 'forbidden', message: expect.stringMatching(/declined/) } });
    const waiting = (await (await post('/pair', { name: 'Late' })).json()) as { requestId: string; claimSecret: string };
    clock.advance(121_000);
    expect(pairing.list()).toEqual([]);
    expect((await post(`/pair/${waiting.requestId}/claim`, { claimSecret: waiting.claimSecret })).status).toBe(404);
  });

  it('limits pairing requests, with a typed 429', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/pair', { name: `Client ${i}` })).status).toBe(201);
    const refused = await post('/pair', { name: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: { code: 'too_many_requests', message: expect.any(String) } });
  });

  it('refuses a malformed pairing request in words', async () => {
    for (const [body, message] of [
      [{}, /name/],
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(61) }, /60 characters/],
      [{ name: 'two\nlines' }, /one line/],
      [{ name: 'Deck', extra: 1 }, /extra|Unrecognized/],
      [[], /object/],
    ] as const) {
      const answer = await post('/pair', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect((await fetch(`${base}/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' })).status).toBe(400);
    expect((await fetch(`${base}/pair`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(415);
    expect((await post('/pair', { name: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await fetch(`${base}/pair`)).status).toBe(405);
  });

  it('answers the state and the actions to a client with read, and refuses without a token or with another', async () => {
    const token = await pair(['read']);
    const answer = await fetch(`${base}/state`, { headers: auth(token) });
    expect(await answer.json()).toEqual(offState);
    const actions = (await (await fetch(`${base}/actions`, { headers: auth(token) })).json()) as { actions: { id: string; scope: string }[] };
    expect(actions.actions).toContainEqual({ id: 'shieldMode', label: 'Label of shieldMode', scope: 'moderation' });
    for (const headers of [{}, auth('not-a-token'), auth(`${token}x`), { authorization: token }]) {
      const refused = await fetch(`${base}/state`, { headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/Authorization: Bearer/) } });
    }
    // Never from a URL.
    expect((await fetch(`${base}/state?token=${token}`)).status).toBe(401);
  });

  it('runs a quick action only with its scope, and answers its outcome', async () => {
    const reader = await pair(['read'], 'Reader');
    const presser = await pair(['read', 'actions'], 'Presser');
    const forbidden = await post('/actions/marker', {}, auth(reader));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: { code: 'forbidden', message: expect.stringMatching(/"actions" scope/) } });
    expect(pressed).toEqual([]);
    expect(await (await post('/actions/marker', {}, auth(presser))).json()).toEqual({ action: 'marker', done: true, message: 'Done.' });
    expect(await (await post('/actions/clip', {}, auth(presser))).json()).toEqual({ action: 'clip', done: false, message: 'You are not live.' });
    // Shield Mode is moderation.
    expect((await post('/actions/shieldMode', {}, auth(presser))).status).toBe(403);
    const moderator = await pair(['moderation'], 'Moderator');
    expect((await post('/actions/shieldMode', {}, auth(moderator))).status).toBe(200);
    expect(pressed).toEqual(['marker', 'clip', 'shieldMode']);
    expect((await post('/actions/nonsense', {}, auth(presser))).status).toBe(404);
    expect((await fetch(`${base}/actions/marker`, { headers: auth(presser) })).status).toBe(405);
  });

  it('refuses a revoked client at once, its socket included', async () => {
    const token = await pair(['read', 'actions']);
    const ws = await connect(token);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(await clients.revoke(clients.list()[0]!.id)).toBe(true);
    expect((await fetch(`${base}/state`, { headers: auth(token) })).status).toBe(401);
    expect(await closed).toBe(4401);
  });

  it('pushes the state on connecting and on every change to clients with read', async () => {
    const token = await pair(['read']);
    const frames: unknown[] = [];
    const ws = await connect(token, frames);
    await waitUntil(() => frames.length === 1, 5_000, 'the first frame');
    state = { ...state, shieldMode: true };
    stateChanges.fire();
    await waitUntil(() => frames.length === 2, 5_000, 'the change');
    expect(frames[1]).toEqual({ topic: 'state', state: { ...offState, shieldMode: true } });
    ws.send('anything');
    await new Promise((resolve) => ws.once('close', resolve));
  });

  it('refuses an event socket without a token, without read, or from another site', async () => {
    const presser = await pair(['actions']);
    await expect(connect(null)).rejects.toThrow('401');
    await expect(connect(presser)).rejects.toThrow('403');
    const reader = await pair(['read'], 'Reader');
    await expect(connect(reader, [], 'https://evil.example')).rejects.toThrow('403');
  });

  it('refuses a foreign Host and a foreign Origin (a web page) on every request', async () => {
    const token = await pair(['read']);
    expect((await rawExchange(port, rawRequest('GET', '/api/v1/state', { Host: `evil.example:${port}`, Authorization: `Bearer ${token}` }))).status).toBe(421);
    expect((await rawExchange(port, rawRequest('GET', '/api/v1/state', { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example', Authorization: `Bearer ${token}` }))).status).toBe(403);
    expect((await rawExchange(port, rawRequest('POST', '/api/v1/pair', { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example', 'Content-Type': 'application/json' }, '{"name":"x"}'))).status).toBe(403);
  });

  function connect(token: string | null, frames: unknown[] = [], origin?: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (origin) headers.origin = origin;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers });
      sockets.push(ws);
      ws.on('message', (data) => frames.push(JSON.parse(String(data))));
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
      ws.once('error', reject);
    });
  }
});
