/**
 * Fuzz suite of the control API: what a local stranger (or a web page in any browser on the
 * machine) can send it. Every route with every method, malformed and oversized bodies, wrong and
 * borrowed tokens, brute-forced claim secrets, foreign Hosts and Origins, malformed WebSocket
 * handshakes and frames: all refused in words (a typed JSON error), nothing ends the process, no
 * quick action runs without a token of its scope, and no answer carries a token it should not.
 *
 * Seeded: SIDESTAGE_FUZZ_SEED=<n> replays another set of tries. Bounded; 127.0.0.1 only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotkeyAction } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { frame, rawExchange, rawRequest, rawWebSocket, upgradeHeaders } from '../../../emulator/test-support/raw-http';
import { badFrames, createFuzzSuite, expectClean, judgeHttp as judge, type Verdict } from '../../test-support/fuzz-suite';
import { fakeControlDeck } from '../../test-support/fake-control-deck';
import { silentLogger } from '../logger';
import { ControlClients } from './control-clients';
import { ControlPairing } from './control-pairing';
import type { ControlState } from './control-schemas';
import { ControlServer } from './control-server';

const suite = createFuzzSuite({ title: 'control API fuzz', defaultSeed: 20261202, counted: 'presses', alive });
const { random, pick, int } = suite;

const state: ControlState = { signedIn: true, live: false, startedAt: null, viewers: null, shieldMode: false, chatModes: null, nextAdAt: null, adEndsAt: null, alerts: { paused: false, waiting: 0 } };
let dir: string;
let clients: ControlClients;
let server: ControlServer;
let port: number;
/** A client with read only, and one with every scope. */
let reader: string;
let owner: string;
const pressed: HotkeyAction[] = [];
const deck = fakeControlDeck();

/** An area in which no quick action may run: a press is counted against it. */
function noPress() {
  const before = pressed.length;
  return { after: async () => (pressed.length > before ? [`${pressed.length - before} quick actions ran: ${pressed.slice(before).join(', ')}`] : []) };
}

async function alive(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/state`, { headers: { authorization: `Bearer ${reader}` }, signal: AbortSignal.timeout(5_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

const host = () => `127.0.0.1:${port}`;
const routes = [
  '/api/v1/pair',
  '/api/v1/pair/x/claim',
  '/api/v1/state',
  '/api/v1/actions',
  '/api/v1/actions/marker',
  '/api/v1/actions/shieldMode',
  '/api/v1/events',
  '/api/v1/events/ticket',
  '/api/v1/automations',
  '/api/v1/automations/a-hydrate/run',
  '/api/v1/variables',
  '/api/v1/variables/deaths',
  '/api/v1/alerts/pause',
  '/api/v1/alerts/skip',
  '/api/v1/obs/scenes',
  '/api/v1/obs/scene',
  '/api/v1',
  '/',
  '/api/v2/state',
];
/** What a reader (scope read only) may GET. */
const readable = ['/api/v1/state', '/api/v1/actions', '/api/v1/automations', '/api/v1/variables', '/api/v1/obs/scenes'];
const junk = () => Array.from({ length: 1 + int(40) }, () => String.fromCharCode(32 + int(95))).join('');

/** A refusal must be a 4xx with a typed JSON error. */
function judgeJson(answer: Awaited<ReturnType<typeof rawExchange>>, method: string, mayAccept: boolean): Verdict {
  const verdict = judge(answer, method, mayAccept);
  if (verdict !== 'refused' || method === 'HEAD' || answer.status === 421 || answer.status === 400) return verdict;
  try {
    const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string' ? 'refused' : `${answer.status} without a typed error: ${answer.body.slice(0, 80)}`;
  } catch {
    // Refusals of the loopback guard itself (another site) are a sentence.
    return answer.status === 403 && /other sites/.test(answer.body) ? 'refused' : `${answer.status} not JSON: ${answer.body.slice(0, 80)}`;
  }
}

describe('control API fuzz', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sidestage-control-fuzz-'));
    clients = await ControlClients.open({ dataDir: dir, logger: silentLogger });
    const pairing = new ControlPairing(undefined, { maxPending: 5, perMinute: 1_000 });
    const changes = new Emitter<void>();
    server = new ControlServer({
      clients,
      pairing,
      deck: deck.ports,
      logger: silentLogger,
      ports: { runAction: async (action) => (pressed.push(action), { done: true, message: 'Done.' }), actionLabel: (a) => a, readState: () => state, onStateChange: (l) => changes.on(l) },
    });
    port = await server.listen(0);
    reader = (await clients.add('Reader', ['read'])).token;
    owner = (await clients.add('Owner', ['read', 'actions', 'moderation'])).token;
    suite.start();
  });
  afterAll(async () => {
    suite.finish();
    await server?.dispose();
    await clients?.settled();
    await rm(dir, { recursive: true, force: true });
  });

  it('routes, methods and targets: refused in words unless a reader asks what it may read', async () => {
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'BREW'];
    const targets = () => pick([...routes, `/api/v1/${junk()}`, `/api/v1/actions/${encodeURIComponent(junk())}`, `/api/v1/pair/${encodeURIComponent(junk())}/claim`, '/api/v1/actions/%E0%A4%A', `/api/v1/state?token=${reader}`, '//evil.example/api/v1/state', '/api/v1/../v1/state']);
    const tries = Array.from({ length: 200 }, () => async () => {
      const method = pick(methods);
      const target = targets();
      const token = pick([null, reader, 'wrong', `${reader}x`]);
      const headers: Record<string, string> = { Host: host() };
      if (token) headers.Authorization = `Bearer ${token}`;
      const answer = await rawExchange(port, rawRequest(method, target, headers));
      const path = new URL(target, 'http://x').pathname;
      // A reader may also ask for a socket ticket.
      const mayAccept = token === reader && (((method === 'GET' || method === 'HEAD') && readable.includes(path)) || (method === 'POST' && path === '/api/v1/events/ticket'));
      return judgeJson(answer, method, mayAccept);
    });
    expectClean(await suite.area('routes and methods', tries, { probeEvery: 20, ...noPress() }));
    expect(deck.runs).toEqual([]);
  });

  it('headers: a foreign Host or Origin, a wrong or borrowed token, or a missing scope is refused', async () => {
    const tries = Array.from({ length: 80 }, () => async () => {
      const headers: Record<string, string> = { Host: pick([host(), `evil.example:${port}`, `127.0.0.1:${port + 1}`, `localhost:${port}`, '']) };
      if (random() < 0.5) headers.Origin = pick(['https://evil.example', `http://127.0.0.1:${port}`, 'null', `http://127.0.0.1:${port}.evil.example`]);
      headers.Authorization = pick([`Bearer ${reader}`, `bearer ${owner}`, owner, `Bearer ${owner} extra`, `Basic ${owner}`, `Bearer ${'a'.repeat(5000)}`, 'Bearer']);
      const answer = await rawExchange(port, rawRequest('POST', pick(['/api/v1/actions/marker', '/api/v1/actions/shieldMode']), headers));
      // Only the owner's token, exactly so, on this Host with no foreign Origin, may press.
      const mayAccept =
        headers.Authorization === `Bearer ${owner}` && [host(), `localhost:${port}`].includes(headers.Host!) && (headers.Origin === undefined || headers.Origin === `http://${headers.Host}`);
      return judgeJson(answer, 'POST', mayAccept);
    });
    expectClean(await suite.area('headers and tokens', tries, { probeEvery: 20 }));
  });

  it('bodies: malformed, oversized and mistyped pairing bodies are refused and pair nobody', async () => {
    const bodies = () =>
      pick([
        '',
        '{',
        'null',
        '[]',
        '"name"',
        '{"name":1}',
        '{"name":""}',
        `{"name":"${'x'.repeat(100)}"}`,
        '{"name":"a\\u0000b"}',
        '{"name":"ok","admin":true}',
        '{"__proto__":{"name":"x"}}',
        'x'.repeat(20_000),
        Buffer.from(Array.from({ length: int(200) }, () => int(256))).toString('latin1'),
      ]);
    const tries = Array.from({ length: 80 }, () => async () => {
      const body = bodies();
      const type = pick(['application/json', 'text/plain', '']);
      const target = pick(['/api/v1/pair', '/api/v1/pair/x/claim']);
      const headers: Record<string, string> = { Host: host() };
      if (type) headers['Content-Type'] = type;
      const answer = await rawExchange(port, rawRequest('POST', target, headers, body));
      return judgeJson(answer, 'POST', false);
    });
    expectClean(await suite.area('bodies', tries, { probeEvery: 20, ...noPress() }));
    expect(clients.list().map((c) => c.name)).toEqual(['Reader', 'Owner']);
  });

  it('brute force: guessed claim secrets and tokens find nothing', async () => {
    const started = (await (await fetch(`http://127.0.0.1:${port}/api/v1/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Target"}' })).json()) as { requestId: string };
    const tries = Array.from({ length: 60 }, (_, i) => async () => {
      if (i % 2 === 0) {
        const answer = await rawExchange(port, rawRequest('POST', `/api/v1/pair/${started.requestId}/claim`, { Host: host(), 'Content-Type': 'application/json' }, JSON.stringify({ claimSecret: junk() })));
        return judgeJson(answer, 'POST', false);
      }
      const guess = Buffer.from(Array.from({ length: 32 }, () => int(256))).toString('base64url');
      return judgeJson(await rawExchange(port, rawRequest('GET', '/api/v1/state', { Host: host(), Authorization: `Bearer ${guess}` })), 'GET', false);
    });
    expectClean(await suite.area('brute force', tries, { probeEvery: 20, ...noPress() }));
  });

  it('WebSocket upgrades: a malformed or unauthorised handshake is refused with a 4xx', async () => {
    const tries = Array.from({ length: 60 }, () => async () => {
      const authorization = pick([`Bearer ${reader}`, 'Bearer wrong', '', `Bearer ${owner}`]);
      const extra: Record<string, string> = {};
      if (authorization) extra.Authorization = authorization;
      if (random() < 0.4) extra.Origin = pick(['https://evil.example', 'null']);
      if (random() < 0.3) extra['Sec-WebSocket-Version'] = pick(['8', 'x', '']);
      if (random() < 0.2) extra['Sec-WebSocket-Key'] = pick(['', 'short', junk()]);
      const target = pick(['/api/v1/events', '/api/v1/state', `/api/v1/events?token=${reader}`, '/nope']);
      const answer = await rawExchange(port, rawRequest('GET', target, upgradeHeaders(pick([host(), `evil.example:${port}`]), extra)).replace('Connection: close\r\n', ''), 3_000);
      if (answer.status === 101) {
        const good = target === '/api/v1/events' && (authorization === `Bearer ${reader}` || authorization === `Bearer ${owner}`) && extra.Origin === undefined;
        return good ? 'accepted' : `101 for ${target} ${authorization} ${extra.Origin ?? ''}`;
      }
      return judge(answer, 'GET', false);
    });
    expectClean(await suite.area('WebSocket upgrades', tries, { probeEvery: 20, ...noPress() }));
  });

  it('socket tickets: guessed, malformed, spent, borrowed and foreign-site tickets open no socket', async () => {
    const ticketOf = async () =>
      ((await (await fetch(`http://127.0.0.1:${port}/api/v1/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${reader}` } })).json()) as { ticket: string }).ticket;
    const spent = await ticketOf();
    const opened = await rawExchange(port, rawRequest('GET', `/api/v1/events?ticket=${spent}`, upgradeHeaders(host(), {})).replace('Connection: close\r\n', ''), 3_000);
    expect(opened.status).toBe(101);
    const tries = Array.from({ length: 60 }, () => async () => {
      const fresh = random() < 0.3 ? await ticketOf() : null;
      const ticket = fresh ?? pick([spent, Buffer.from(Array.from({ length: 32 }, () => int(256))).toString('base64url'), reader, owner, encodeURIComponent(junk()), '', `${spent}x`, `${spent}&ticket=${spent}`]);
      // A fresh ticket is tried only where it must be refused: from another site, or on another route.
      const extra: Record<string, string> = fresh ? { Origin: pick(['https://evil.example', 'null']) } : random() < 0.3 ? { Origin: `http://${host()}` } : {};
      const target = fresh && random() < 0.3 ? `/api/v1/state?ticket=${fresh}` : `/api/v1/events?ticket=${ticket}`;
      const answer = await rawExchange(port, rawRequest('GET', target, upgradeHeaders(host(), extra)).replace('Connection: close\r\n', ''), 3_000);
      return answer.status === 101 ? `101 for ${target.slice(0, 80)}` : judge(answer, 'GET', false);
    });
    expectClean(await suite.area('socket tickets', tries, { probeEvery: 20, ...noPress() }));
  });

  it('deck bodies: malformed, oversized and mistyped bodies for the variables, alerts and OBS are refused in words and change nothing', async () => {
    const bodies = () =>
      pick([
        '',
        '{',
        'null',
        '[]',
        '{"kind":"set"}',
        '{"kind":"add","by":"1"}',
        '{"kind":"add","by":1e400}',
        '{"kind":"set","value":{"x":1}}',
        '{"kind":"reset","extra":1}',
        '{"kind":"explode"}',
        '{"paused":"yes"}',
        '{"paused":true,"also":1}',
        '{"name":""}',
        `{"name":"${'x'.repeat(300)}"}`,
        '{"__proto__":{"paused":true}}',
        'x'.repeat(20_000),
        Buffer.from(Array.from({ length: int(200) }, () => int(256))).toString('latin1'),
      ]);
    const before = JSON.stringify([...deck.variables.values()]);
    const tries = Array.from({ length: 80 }, () => async () => {
      const body = bodies();
      const type = pick(['application/json', 'text/plain', '']);
      const target = pick(['/api/v1/variables/deaths', '/api/v1/variables/Deaths', `/api/v1/variables/${encodeURIComponent(junk())}`, '/api/v1/alerts/pause', '/api/v1/obs/scene']);
      const headers: Record<string, string> = { Host: host(), Authorization: `Bearer ${owner}` };
      if (type) headers['Content-Type'] = type;
      const answer = await rawExchange(port, rawRequest('POST', target, headers, body));
      return judgeJson(answer, 'POST', false);
    });
    expectClean(await suite.area('deck bodies', tries, { probeEvery: 20, ...noPress() }));
    expect(JSON.stringify([...deck.variables.values()])).toBe(before);
    expect(deck.alerts.paused).toBe(false);
    expect(deck.obs.current).toBe('Main');
  });

  it('WebSocket frames: a bad frame closes the socket, a malformed message is answered in words, a press without its scope runs nothing; the server goes on', async () => {
    // The reader has no "moderation": its Shield Mode press must not run.
    const own = ['{"action":"shieldMode"}', '{"subscribe":["nope"]}', '{"subscribe":"state"}', '{"action":"marker","extra":1}', 'null', '{', '[]'].map((text) => frame({ opcode: 1, payload: Buffer.from(text) }));
    const tries = badFrames(suite, 40, own).map((bytes) => async () => closesOrAnswers(await rawWebSocket(port, '/api/v1/events', { Host: host(), Authorization: `Bearer ${reader}` }), bytes));
    expectClean(await suite.area('WebSocket frames', tries, { probeEvery: 10, ...noPress() }));
  });

  it('the phone deck’s server: guessed pairing codes pair nobody, its page takes GET only, malformed claims are refused in words', async () => {
    const code = Buffer.from(Array.from({ length: 16 }, () => int(256))).toString('base64url');
    let paired = 0;
    const phone = new ControlServer({
      clients,
      pairing: new ControlPairing(),
      deck: deck.ports,
      logger: silentLogger,
      ports: { runAction: async (action) => (pressed.push(action), { done: true, message: 'Done.' }), actionLabel: (a) => a, readState: () => state, onStateChange: () => () => {} },
      phone: { claim: async (presented) => (presented === code ? (paired++, { token: 't', clientId: 'c', scopes: ['read'] }) : null), buttons: () => [{ action: 'marker' }] },
    });
    const phonePort = await phone.listen(0);
    try {
      const phoneHost = `127.0.0.1:${phonePort}`;
      const tries = Array.from({ length: 80 }, (_, i) => async () => {
        if (i % 4 === 0) {
          const method = pick(['GET', 'POST', 'PUT', 'DELETE', 'HEAD']);
          const target = pick(['/phone', '/phone/app.js', '/phone/manifest.webmanifest', '/phone/icon.svg', '/phone/../api/v1/state', '/phone/x', '/']);
          const answer = await rawExchange(phonePort, rawRequest(method, target, { Host: phoneHost }));
          const mayAccept = (method === 'GET' || method === 'HEAD') && ['/phone', '/phone/app.js', '/phone/manifest.webmanifest', '/phone/icon.svg', '/'].includes(new URL(target, 'http://x').pathname);
          return judgeJson(answer, method, mayAccept);
        }
        const body = pick([
          JSON.stringify({ code: Buffer.from(Array.from({ length: 16 }, () => int(256))).toString('base64url') }),
          JSON.stringify({ code: junk() }),
          '{"code":1}',
          '{"code":"short"}',
          `{"code":"${'a'.repeat(200)}"}`,
          '{',
          '[]',
          JSON.stringify({ code, extra: true }),
        ]);
        return judgeJson(await rawExchange(phonePort, rawRequest('POST', '/api/v1/phone/claim', { Host: phoneHost, 'Content-Type': 'application/json' }, body)), 'POST', false);
      });
      expectClean(await suite.area('phone deck', tries, { probeEvery: 20, ...noPress() }));
      expect(paired).toBe(0);
    } finally {
      await phone.dispose();
    }
  });

  it('WebSocket floods: a client that sends frames without end is closed with a code', async () => {
    const ws = await rawWebSocket(port, '/api/v1/events', { Host: host(), Authorization: `Bearer ${reader}` });
    for (let i = 0; i < 200 && !ws.socket.destroyed; i++) ws.socket.write(frame({ opcode: 1, payload: Buffer.from('{"subscribe":["state"]}') }));
    const end = await Promise.race([ws.closed, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref())]);
    ws.socket.destroy();
    expect(end).toEqual({ code: 4429 });
    expect(await alive()).toBe(true);
  });
});

/**
 * Writes `bytes` on an open socket: refused when the server closes it within a second (a close code
 * in range, or none), or keeps it open and has answered (a malformed message is answered in words).
 */
async function closesOrAnswers(ws: Awaited<ReturnType<typeof rawWebSocket>>, bytes: Buffer): Promise<Verdict> {
  ws.socket.write(bytes);
  const end = await Promise.race([ws.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1_000).unref())]);
  ws.socket.destroy();
  if (end === 'open') return 'refused';
  return end.code === null || (end.code >= 1000 && end.code < 5000) ? 'refused' : `closed with ${end.code}`;
}
