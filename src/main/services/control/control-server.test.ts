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
import { fakeControlDeck, type FakeControlDeck } from '../../test-support/fake-control-deck';
import { silentLogger } from '../logger';
import { ControlClients, controlFileName } from './control-clients';
import { ControlPairing } from './control-pairing';
import type { ControlScope, ControlState } from './control-schemas';
import { ControlServer } from './control-server';

const offState: ControlState = { signedIn: true, live: true, startedAt: null, viewers: 12, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };

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
  let deck: FakeControlDeck;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-control-'));
    clock = createFakeClock();
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger, clock });
    pairing = new ControlPairing(clock, { maxPending: 3, perMinute: 4 });
    state = { ...offState };
    pressed.length = 0;
    deck = fakeControlDeck();
    server = new ControlServer({
      clients,
      pairing,
      deck: deck.ports,
      maxBufferedBytes: 64 * 1024,
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
    // A change that changes nothing a deck shows sends nothing.
    stateChanges.fire();
    ws.send('anything');
    await waitUntil(() => frames.length === 3, 5_000, 'the answer to a malformed frame');
    expect(frames[2]).toEqual({ topic: 'error', message: 'The frame is not valid JSON.' });
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it('runs an automation by hand only with the automations scope, once per Idempotency-Key, and says an unknown one', async () => {
    const reader = await pair(['read'], 'Reader');
    const runner = await pair(['read', 'automations'], 'Runner');
    expect(await (await fetch(`${base}/automations`, { headers: auth(reader) })).json()).toEqual({
      automations: [
        { id: 'a-hydrate', name: 'Hydrate', enabled: true },
        { id: 'a-brb', name: 'Be right back', enabled: false },
      ],
    });
    const refused = await post('/automations/a-hydrate/run', {}, auth(reader));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/"automations" scope/);
    expect(deck.runs).toEqual([]);
    const first = await post('/automations/a-hydrate/run', {}, { ...auth(runner), 'idempotency-key': 'press-1' });
    expect(await first.json()).toEqual({ ok: true, runId: 'run-1', again: false });
    expect(await (await post('/automations/a-hydrate/run', {}, { ...auth(runner), 'idempotency-key': 'press-1' })).json()).toEqual({ ok: true, runId: 'run-1', again: true });
    // Without a key every press is its own.
    expect(await (await post('/automations/a-hydrate/run', {}, auth(runner))).json()).toMatchObject({ runId: 'run-2', again: false });
    expect(deck.runs.map((r) => r.clientName)).toEqual(['Runner', 'Runner']);
    expect((await post('/automations/nope/run', {}, auth(runner))).status).toBe(404);
    expect((await post('/automations/a-hydrate/run', {}, { ...auth(runner), 'idempotency-key': 'two words' })).status).toBe(400);
    expect((await fetch(`${base}/automations/a-hydrate/run`, { headers: auth(runner) })).status).toBe(405);
  });

  it('lists and changes variables with the variables scope, and refuses a change that does not fit in words', async () => {
    const reader = await pair(['read'], 'Reader');
    const changer = await pair(['read', 'variables'], 'Changer');
    expect(await (await fetch(`${base}/variables`, { headers: auth(reader) })).json()).toEqual({ variables: [{ name: 'deaths', value: 3, updatedAt: expect.any(String) }] });
    expect((await post('/variables/deaths', { kind: 'add', by: 1 }, auth(reader))).status).toBe(403);
    expect(await (await post('/variables/deaths', { kind: 'add', by: 2 }, auth(changer))).json()).toEqual({ variable: { name: 'deaths', value: 5, updatedAt: expect.any(String) } });
    expect(await (await post('/variables/deaths', { kind: 'reset' }, auth(changer))).json()).toMatchObject({ variable: { value: 0 } });
    const wrongType = await post('/variables/deaths', { kind: 'set', value: 'many' }, auth(changer));
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { error: { message: string } }).error.message).toMatch(/holds a number/);
    expect((await post('/variables/lives', { kind: 'reset' }, auth(changer))).status).toBe(404);
    const badName = await post('/variables/Deaths!', { kind: 'reset' }, auth(changer));
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { error: { message: string } }).error.message).toMatch(/lowercase letter/);
    expect((await post('/variables/deaths', { kind: 'explode' }, auth(changer))).status).toBe(400);
  });

  it('pauses, resumes and skips alerts with the actions scope', async () => {
    const reader = await pair(['read'], 'Reader');
    const presser = await pair(['read', 'actions'], 'Presser');
    expect((await post('/alerts/pause', { paused: true }, auth(reader))).status).toBe(403);
    expect(deck.alerts.paused).toBe(false);
    expect(await (await post('/alerts/pause', { paused: true }, auth(presser))).json()).toEqual({ ok: true });
    expect(deck.alerts.paused).toBe(true);
    expect(await (await post('/alerts/pause', { paused: false }, auth(presser))).json()).toEqual({ ok: true });
    expect(deck.alerts.paused).toBe(false);
    expect(((await (await post('/alerts/pause', { paused: 'yes' }, auth(presser))).json()) as { error: { message: string } }).error.message).toMatch(/"paused": true or false/);
    expect((await post('/alerts/skip', {}, auth(reader))).status).toBe(403);
    expect(await (await post('/alerts/skip', {}, auth(presser))).json()).toEqual({ ok: true });
    expect(deck.alerts.skipped).toBe(1);
  });

  it('lists OBS scenes and switches one with the actions scope; OBS not connected is a 503 in words', async () => {
    const reader = await pair(['read'], 'Reader');
    const presser = await pair(['read', 'actions'], 'Presser');
    expect(await (await fetch(`${base}/obs/scenes`, { headers: auth(reader) })).json()).toEqual({ current: 'Main', scenes: ['Main', 'Be right back'] });
    expect((await post('/obs/scene', { name: 'Be right back' }, auth(reader))).status).toBe(403);
    expect(await (await post('/obs/scene', { name: 'Be right back' }, auth(presser))).json()).toEqual({ ok: true });
    expect(deck.obs.current).toBe('Be right back');
    const missing = await post('/obs/scene', { name: 'Nowhere' }, auth(presser));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe('OBS has no scene "Nowhere".');
    deck.obs.connected = false;
    for (const answer of [await fetch(`${base}/obs/scenes`, { headers: auth(reader) }), await post('/obs/scene', { name: 'Main' }, auth(presser))]) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ error: { code: 'unavailable', message: 'OBS is not connected.' } });
    }
  });

  it('topics: a client that subscribes hears the channel’s events, the variables and the alert queue; the events are asked of the platform only while one listens', async () => {
    const token = await pair(['read', 'variables', 'actions']);
    const frames: { topic: string }[] = [];
    const ws = await connect(token, frames);
    await waitUntil(() => frames.length === 1, 5_000, 'the first state');
    expect(deck.heldKinds()).toEqual([]);
    ws.send(JSON.stringify({ subscribe: ['events', 'variables', 'alerts'] }));
    // The topics just chosen start with where they are now.
    await waitUntil(() => frames.some((f) => f.topic === 'alerts') && frames.some((f) => f.topic === 'variables'), 5_000, 'the alerts and variables now');
    expect(deck.heldKinds()).toContain('follow');
    const follow = { kind: 'follow' as const, id: 'ev-1', at: '2026-01-01T00:00:00.000Z', source: 'live' as const, user: { id: 'u1', login: 'viewer', name: '<b>Viewer</b>' } };
    deck.emitEvent(follow);
    await post('/variables/deaths', { kind: 'add', by: 1 }, auth(token));
    await post('/alerts/pause', { paused: true }, auth(token));
    await waitUntil(() => frames.some((f) => f.topic === 'events') && frames.filter((f) => f.topic === 'variables').length === 2 && frames.filter((f) => f.topic === 'alerts').length === 2, 5_000, 'an event, a variable, the queue');
    expect(frames.find((f) => f.topic === 'events')).toEqual({ topic: 'events', event: follow });
    expect(frames.filter((f) => f.topic === 'variables')[1]).toMatchObject({ variable: { name: 'deaths', value: 4 } });
    expect(frames.filter((f) => f.topic === 'alerts')[1]).toEqual({ topic: 'alerts', alerts: { paused: true, waiting: 2 } });
    // Without "state" in its topics, the state is not sent.
    state = { ...state, viewers: 99 };
    stateChanges.fire();
    ws.send(JSON.stringify({ subscribe: ['state'] }));
    await waitUntil(() => frames.filter((f) => f.topic === 'state').length === 2, 5_000, 'the state again');
    expect(frames.filter((f) => f.topic === 'state')).toHaveLength(2);
    expect(deck.heldKinds()).toEqual([]);
    ws.send(JSON.stringify({ subscribe: ['gossip'] }));
    await waitUntil(() => frames.some((f) => f.topic === 'error'), 5_000, 'a refusal in words');
    expect(frames.find((f) => f.topic === 'error')).toEqual({ topic: 'error', message: expect.stringMatching(/There is no topic "gossip"/) });
  });

  it('presses a quick action sent on the socket, only with its scope, and answers with the request id', async () => {
    const token = await pair(['read', 'actions']);
    const frames: { topic: string }[] = [];
    const ws = await connect(token, frames);
    ws.send(JSON.stringify({ action: 'marker', requestId: 'k1' }));
    ws.send(JSON.stringify({ action: 'shieldMode', requestId: 'k2' }));
    await waitUntil(() => frames.filter((f) => f.topic === 'action').length === 2, 5_000, 'two answers');
    // Answers come as presses end: matched by their request id.
    expect((frames.filter((f) => f.topic === 'action') as unknown as { requestId: string }[]).sort((a, b) => a.requestId.localeCompare(b.requestId))).toEqual([
      { topic: 'action', requestId: 'k1', action: 'marker', done: true, message: 'Done.' },
      { topic: 'action', requestId: 'k2', action: 'shieldMode', done: false, message: expect.stringMatching(/"moderation" scope/) },
    ]);
    expect(pressed).toEqual(['marker']);
  });

  it('closes a socket that does not read its frames with a code, and not the others', async () => {
    const token = await pair(['read', 'actions']);
    const slow = await connect(token);
    const fine: unknown[] = [];
    const healthy = await connect(token, fine);
    const slowClosed = new Promise<number>((resolve) => slow.once('close', (code) => resolve(code)));
    // The slow client stops reading: its frames pile up in the server's buffer.
    (slow as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(400);
    let closedCode: number | null = null;
    void slowClosed.then((code) => (closedCode = code));
    for (let i = 0; i < 20_000 && closedCode === null; i++) {
      state = { ...state, startedAt: `${big}${i}` };
      stateChanges.fire();
      if (i % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    (slow as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await slowClosed).toBe(4408);
    expect(healthy.readyState).toBe(WebSocket.OPEN);
    await waitUntil(() => fine.length > 100, 10_000, 'the healthy client’s frames');
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

  it('opens the event socket with a one-time ticket a client with read asked for (a browser’s way): once, as that client, never the token in the URL', async () => {
    const reader = await pair(['read'], 'Phone');
    const askTicket = (token: string | null) => fetch(`${base}/events/ticket`, { method: 'POST', headers: token ? auth(token) : {} });
    const asked = await askTicket(reader);
    expect(asked.status).toBe(201);
    const { ticket, expiresInMs } = (await asked.json()) as { ticket: string; expiresInMs: number };
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresInMs).toBe(30_000);
    const frames: unknown[] = [];
    await connect(null, frames, undefined, `?ticket=${ticket}`);
    await waitUntil(() => frames.length === 1, 5_000, 'the state on the ticket’s socket');
    expect(frames[0]).toEqual({ topic: 'state', state: offState });
    // Used once.
    await expect(connect(null, [], undefined, `?ticket=${ticket}`)).rejects.toThrow('401');
    // Not a ticket: the token itself, a made-up one, two at once, an empty one.
    await expect(connect(null, [], undefined, `?ticket=${reader}`)).rejects.toThrow('401');
    await expect(connect(null, [], undefined, `?ticket=${'A'.repeat(43)}`)).rejects.toThrow('401');
    const [first, second] = await Promise.all([askTicket(reader), askTicket(reader)].map(async (r) => ((await (await r).json()) as { ticket: string }).ticket));
    await expect(connect(null, [], undefined, `?ticket=${first}&ticket=${second}`)).rejects.toThrow('401');
    await expect(connect(null, [], undefined, '?ticket=')).rejects.toThrow('401');
    // A ticket needs the token, and read; it is GET-less.
    expect((await askTicket(null)).status).toBe(401);
    expect((await askTicket(await pair(['actions'], 'Presser'))).status).toBe(403);
    expect((await fetch(`${base}/events/ticket`, { headers: auth(reader) })).status).toBe(405);
    // A client revoked before it used its ticket: the ticket is worth nothing.
    const { ticket: late } = (await (await askTicket(reader)).json()) as { ticket: string };
    await clients.revoke(clients.list().find((c) => c.name === 'Phone')!.id);
    await expect(connect(null, [], undefined, `?ticket=${late}`)).rejects.toThrow('401');
  });

  it('a ticket’s socket is the client’s like any other: it presses with the client’s scopes and closes when it is revoked', async () => {
    const token = await pair(['read', 'actions'], 'Phone');
    const { ticket } = (await (await fetch(`${base}/events/ticket`, { method: 'POST', headers: auth(token) })).json()) as { ticket: string };
    const frames: { topic?: string }[] = [];
    const ws = await connect(null, frames, `http://127.0.0.1:${port}`, `?ticket=${ticket}`);
    ws.send(JSON.stringify({ action: 'marker', requestId: 'r1' }));
    await waitUntil(() => frames.some((f) => f.topic === 'action'), 5_000, 'the press answered');
    expect(pressed).toEqual(['marker']);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await clients.revoke(clients.list()[0]!.id);
    expect(await closed).toBe(4401);
  });

  function connect(token: string | null, frames: unknown[] = [], origin?: string, query = ''): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (origin) headers.origin = origin;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events${query}`, { headers });
      sockets.push(ws);
      ws.on('message', (data) => frames.push(JSON.parse(String(data))));
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
      ws.once('error', reject);
    });
  }
});
