import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../../test-support/emulator-test-client';
import { subscribe, TestSocket } from '../../test-support/eventsub-test-client';
import { MAX_KEPT_FAULTS } from '../../http/faults';
import { useDemoEmulator } from '../../test-support/demo-emulator';
import { rawCall } from '../../test-support/raw-http';

const BROADCASTER = '501234567';

const demo = useDemoEmulator({ reset: false });
let token: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  token = await demo.mint(BROADCASTER, []);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await call(`${demo.url}/_emulator/faults`, { method: 'DELETE' });
  // Each test starts without sessions (a reconnecting one ends with its short grace).
  await expect.poll(async () => (await call(`${demo.url}/_emulator/eventsub/sessions`)).json.sessions).toEqual([]);
  await demo.simulate('/eventsub/settings', { reconnect_grace_ms: 30_000 });
});

const addFault = (body: unknown) => call(`${demo.url}/_emulator/faults`, { json: body });
const users = () => demo.helix('GET', '/users', { token });

describe('POST /_emulator/faults', () => {
  it('answers the fault with its id; GET lists, DELETE clears', async () => {
    const res = await addFault({ path: '^/helix/users$', method: 'get', status: 503, count: 2 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      path: '^/helix/users$',
      method: 'GET',
      status: 503,
      latency_ms: null,
      answer_delay_ms: null,
      count: 2,
      drop_connection: false,
      drop_websockets: false,
      reconnect_websockets: false,
      created_at: expect.any(String),
    });
    expect((await call(`${demo.url}/_emulator/faults`)).json).toEqual({ faults: [res.json] });
    expect((await call(`${demo.url}/_emulator/faults/${res.json.id}`, { method: 'DELETE' })).json).toEqual({ cleared: 1 });
    expect((await call(`${demo.url}/_emulator/faults/${res.json.id}`, { method: 'DELETE' })).status).toBe(404);
    await addFault({ status: 500 });
    await addFault({ latency_ms: 10 });
    expect((await call(`${demo.url}/_emulator/faults`, { method: 'DELETE' })).json).toEqual({ cleared: 2 });
    expect((await call(`${demo.url}/_emulator/faults`)).json).toEqual({ faults: [] });
  });

  it('rejects a bad body with 400 naming the field', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ path: '([', status: 500 }, /^Invalid field "path": must be a valid regular expression/],
      // RE2 syntax: no look-around or back-references, and a bounded program size.
      [{ path: '(?=x)', status: 500 }, /^Invalid field "path": must be a valid regular expression in RE2 syntax/],
      [{ path: '(a)\\1', status: 500 }, /^Invalid field "path": must be a valid regular expression in RE2 syntax/],
      [{ path: '(.*){100}', status: 500 }, 'Invalid field "path": is too complex a regular expression: use fewer or smaller repetitions'],
      [{ drop_connection: true, status: 500 }, 'A fault either answers "status" or drops the connection, not both'],
      [{ drop_connection: false }, /^Invalid field "drop_connection"/],
      [{ status: 200 }, /^Invalid field "status"/],
      [{ status: 600 }, /^Invalid field "status"/],
      [{ status: 500, count: 0 }, /^Invalid field "count"/],
      [{ latency_ms: -1 }, /^Invalid field "latency_ms"/],
      [{ answer_delay_ms: 0 }, /^Invalid field "answer_delay_ms"/],
      [{ answer_delay_ms: 100, status: 500 }, '"answer_delay_ms" holds back the answer of a request that is handled: it goes with neither "status" nor "drop_connection"'],
      [{ method: 'FETCH', status: 500 }, /^Invalid field "method"/],
      [{ drop_websockets: false }, /^Invalid field "drop_websockets"/],
      [{ status: 500, colour: 'red' }, 'Unknown field "colour"'],
      [{}, 'A fault needs "status", "latency_ms", "answer_delay_ms", "drop_connection", "drop_websockets" or "reconnect_websockets"'],
      [{ path: '^/helix', count: 2 }, 'A fault needs "status", "latency_ms", "answer_delay_ms", "drop_connection", "drop_websockets" or "reconnect_websockets"'],
      [{ drop_websockets: true, count: 2 }, '"path", "method" and "count" apply to HTTP faults: add "status", "latency_ms", "answer_delay_ms" or "drop_connection"'],
      [[1], 'Request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await addFault(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: typeof message === 'string' ? message : expect.stringMatching(message) });
    }
    expect((await call(`${demo.url}/_emulator/faults`)).json.faults).toEqual([]);
  });

  it(`keeps at most ${MAX_KEPT_FAULTS} HTTP faults`, async () => {
    for (let i = 0; i < MAX_KEPT_FAULTS; i++) expect((await addFault({ path: `^/nothing/${i}$`, status: 500 })).status).toBe(200);
    const res = await addFault({ path: '^/helix/users$', status: 500 });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(`At most ${MAX_KEPT_FAULTS} HTTP faults are kept at once: clear some first`);
    expect((await users()).status).toBe(200);
  });
});

describe('HTTP faults', () => {
  it('answers the status in the platform shape count times, then lets requests through', async () => {
    const fault = (await addFault({ path: '^/helix/users', status: 503, count: 2 })).json;
    for (let i = 0; i < 2; i++) {
      const res = await users();
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ error: 'Service Unavailable', status: 503, message: 'Service Unavailable' });
      expect(res.header('x-emulator-fault')).toBe(fault.id);
    }
    expect((await users()).status).toBe(200);
    expect((await call(`${demo.url}/_emulator/faults`)).json.faults).toEqual([]);
  });

  it('applies until cleared without a count', async () => {
    await addFault({ path: '^/helix/users$', status: 500 });
    for (let i = 0; i < 3; i++) expect((await users()).status).toBe(500);
    expect((await call(`${demo.url}/_emulator/faults`)).json.faults[0].count).toBeNull();
    await call(`${demo.url}/_emulator/faults`, { method: 'DELETE' });
    expect((await users()).status).toBe(200);
  });

  it('matches the path regex against the path only, and the method', async () => {
    await addFault({ path: '^/helix/streams$', method: 'POST', status: 500 });
    await addFault({ path: 'key$', status: 502 });
    const streams = await demo.helix('GET', `/streams?user_id=${BROADCASTER}`, { token });
    expect(streams.status).toBe(200);
    expect((await users()).status).toBe(200);
    const key = await demo.helix('GET', `/streams/key?broadcaster_id=${BROADCASTER}&x=key`, { token });
    expect(key.status).toBe(502);
    const queryOnly = await demo.helix('GET', '/users?login=key', { token });
    expect(queryOnly.status).toBe(200);
  });

  it("answers identity-service paths in the identity service's shape, with rate-limit headers on 429", async () => {
    await addFault({ path: '^/oauth2/validate$', status: 429, count: 1 });
    const res = await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${token}` } });
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ status: 429, message: 'Too Many Requests' });
    expect(res.header('ratelimit-remaining')).toBe('0');
    expect(Number(res.header('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 5);
    expect((await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${token}` } })).status).toBe(200);
  });

  it('delays matching requests by latency_ms, alone or before a status', async () => {
    await addFault({ path: '^/helix/users$', latency_ms: 500, count: 1 });
    let started = Date.now();
    expect((await users()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    started = Date.now();
    await users();
    expect(Date.now() - started).toBeLessThan(450);

    await addFault({ path: '^/helix/users$', latency_ms: 200, status: 504, count: 1 });
    started = Date.now();
    expect((await users()).status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('answer_delay_ms handles the request at once and holds back only its answer: a chat echo arrives first', async () => {
    await addFault({ path: '^/helix/chat/messages$', answer_delay_ms: 1000, count: 1 });
    const notifications = demo.recordEvents();
    const chatToken = await demo.mint(BROADCASTER, ['user:write:chat']);
    let answered = false;
    const sending = demo
      .helix('POST', '/chat/messages', { token: chatToken, json: { broadcaster_id: BROADCASTER, sender_id: BROADCASTER, message: 'echo first' } })
      .then((res) => ((answered = true), res));
    await expect.poll(() => notifications.some((n) => JSON.stringify(n).includes('echo first')), { timeout: 5000 }).toBe(true);
    expect(answered).toBe(false);
    const res = await sending;
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ message_id: expect.any(String), is_sent: true });
  });

  it('matches in linear time: a pattern that backtracks exponentially in JavaScript does not stall the emulator', async () => {
    await addFault({ path: '^/(a+)+$', status: 500 });
    const started = Date.now();
    // Seconds with JavaScript's backtracking engine (0.6 s at 24 "a"s, doubling with each further one); milliseconds here.
    const res = await rawCall(demo.url, { target: `/${'a'.repeat(28)}!` });
    expect(res.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await call(`${demo.url}/aaaa`)).status).toBe(500);
  });

  it('matches the decoded, normalised path, whatever the target spells', async () => {
    await addFault({ path: '^/helix/users$', status: 503 });
    for (const target of ['/helix/%75sers', '/helix/./users', 'http://elsewhere.example/helix/users?login=x']) {
      const res = await rawCall(demo.url, { target, headers: helixHeaders(token, demo.clientId) });
      expect(res.status, target).toBe(503);
    }
  });

  it('drop_connection ends the connection without an answer, count times', async () => {
    const fault = (await addFault({ path: '^/oauth2/validate$', drop_connection: true, count: 1 })).json;
    expect(fault).toMatchObject({ drop_connection: true, status: null, count: 1 });
    await expect(rawCall(demo.url, { target: '/oauth2/validate', headers: { authorization: `OAuth ${token}` } })).rejects.toThrow('connection closed without an answer (0 bytes)');
    expect((await call(`${demo.url}/oauth2/validate`, { headers: { authorization: `OAuth ${token}` } })).status).toBe(200);
    expect((await call(`${demo.url}/_emulator/faults`)).json.faults).toEqual([]);
  });

  it('drop_connection after latency_ms, for one method only', async () => {
    await addFault({ path: '^/helix/users$', method: 'POST', latency_ms: 200, drop_connection: true });
    expect((await users()).status).toBe(200);
    const started = Date.now();
    await expect(rawCall(demo.url, { method: 'POST', target: '/helix/users' })).rejects.toThrow('connection closed without an answer (0 bytes)');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('drop_connection refuses a WebSocket upgrade by ending its socket', async () => {
    await addFault({ path: '^/ws$', drop_connection: true, count: 1 });
    await expect(TestSocket.open(demo.wsUrl)).rejects.toThrow();
    const { socket } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
  });

  it('never applies to the simulation API', async () => {
    await addFault({ status: 500 });
    expect((await call(`${demo.url}/_emulator/state`)).status).toBe(200);
    expect((await call(`${demo.url}/_emulator/faults`)).status).toBe(200);
    expect((await users()).status).toBe(500);
  });

  it('refuses the WebSocket upgrade on /ws with the status', async () => {
    await addFault({ path: '^/ws$', status: 503, count: 1 });
    await expect(TestSocket.open(demo.wsUrl)).rejects.toThrow('Unexpected server response: 503');
    const { socket } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
  });
});

describe('WebSocket faults', () => {
  it('drop_websockets ends every EventSub socket abruptly, once', async () => {
    const a = await TestSocket.welcomed(demo.wsUrl);
    const b = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(a.socket, b.socket);
    expect((await subscribe(demo.url, { token, clientId: demo.clientId }, 'stream.online', { broadcaster_user_id: BROADCASTER }, a.sessionId)).status).toBe(202);

    const res = await addFault({ drop_websockets: true });
    expect(res.json).toMatchObject({ drop_websockets: true, reconnect_websockets: false, count: 0, websocket_sessions_dropped: 2, websocket_sessions_reconnected: 0 });
    expect((await a.socket.closedWith()).code).toBe(1006);
    expect((await b.socket.closedWith()).code).toBe(1006);
    const list = await demo.helix('GET', '/eventsub/subscriptions', { token });
    expect(list.json.data[0].status).toBe('websocket_network_error');
    expect((await call(`${demo.url}/_emulator/faults`)).json.faults).toEqual([]);

    // Once: new sockets are not affected.
    const c = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(c.socket);
    expect(c.socket.closed).toBeNull();
    expect((await call(`${demo.url}/_emulator/eventsub/sessions`)).json.sessions.map((s: { id: string }) => s.id)).toEqual([c.sessionId]);
  });

  it('reconnect_websockets sends every session one session_reconnect', async () => {
    await demo.simulate('/eventsub/settings', { reconnect_grace_ms: 300 });
    const a = await TestSocket.welcomed(demo.wsUrl);
    const b = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(a.socket, b.socket);
    expect((await addFault({ reconnect_websockets: true })).json.websocket_sessions_reconnected).toBe(2);
    for (const { socket, sessionId } of [a, b]) {
      const frame = await socket.next('session_reconnect');
      expect(frame.payload.session).toMatchObject({ id: sessionId, status: 'reconnecting' });
    }
    // Sessions already reconnecting are not asked again.
    expect((await addFault({ reconnect_websockets: true })).json.websocket_sessions_reconnected).toBe(0);
    const sessions = (await call(`${demo.url}/_emulator/eventsub/sessions`)).json.sessions;
    expect(sessions.map((s: { status: string }) => s.status)).toEqual(['reconnecting', 'reconnecting']);
  });
});

describe('a reset', () => {
  it('clears the HTTP faults with the rest of the state', async () => {
    expect((await addFault({ path: '^/helix/users$', status: 503 })).status).toBe(200);
    demo.state.reset();
    expect((await call(`${demo.url}/_emulator/faults`)).json.faults).toEqual([]);
    token = await demo.mint(BROADCASTER, []);
    expect((await users()).status).toBe(200);
  });
});
