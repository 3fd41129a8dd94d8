import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../../../test-support/emulator-test-client';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { startEmulator } from '../../../server';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { eventSubOf } from '../../../eventsub/eventsub-state';

const BROADCASTER = '501234567';
const VIEWER = '612345001';
const MODERATOR = '612345003';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const REDEMPTION_ADD = 'channel.channel_points_custom_reward_redemption.add';

interface Auth {
  token: string;
  clientId: string;
}

const demo = useDemoEmulator({ reset: false });
const sockets = useTestSockets();

async function mint(clientId: string, userId: string | undefined, scopes: string[] = []): Promise<Auth> {
  return { token: await demo.mint(userId ?? null, scopes, { client_id: clientId }), clientId };
}

const newClient = () => demo.newClient('eventsub rest test');
/** A fresh client per test keeps the per-client+user limits and lists apart. */
const auth = async (userId: string, scopes: string[] = []) => mint(await newClient(), userId, scopes);

async function session(): Promise<string> {
  const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
  sockets.push(socket);
  return sessionId;
}

const path = `/helix/eventsub/subscriptions`;
const list = (a: Auth, query = '') => demo.helix('GET', `/eventsub/subscriptions${query}`, { token: a.token, clientId: a.clientId });
const remove = (a: Auth, query: string) => demo.helix('DELETE', `/eventsub/subscriptions${query}`, { token: a.token, clientId: a.clientId });
const create = (a: Auth, body: unknown) => demo.helix('POST', '/eventsub/subscriptions', { token: a.token, clientId: a.clientId, json: body });
const online = (broadcaster: string, sessionId: string) => ({
  type: 'stream.online',
  version: '1',
  condition: { broadcaster_user_id: broadcaster },
  transport: { method: 'websocket', session_id: sessionId },
});

function expectError(res: { status: number; json: unknown }, status: number, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json).toEqual({ error: expect.any(String), status, message: typeof message === 'string' ? message : expect.stringMatching(message) });
}

describe('POST /helix/eventsub/subscriptions', () => {
  it('creates a WebSocket subscription: 202 in the platform shape', async () => {
    const a = await auth(BROADCASTER);
    const sessionId = await session();
    const res = await create(a, online(BROADCASTER, sessionId));
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      data: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          status: 'enabled',
          type: 'stream.online',
          version: '1',
          condition: { broadcaster_user_id: BROADCASTER },
          created_at: expect.stringMatching(TIMESTAMP),
          transport: { method: 'websocket', session_id: sessionId, connected_at: expect.stringMatching(TIMESTAMP) },
          cost: 0,
        },
      ],
      total: 1,
      total_cost: 0,
      max_total_cost: 10,
    });
    expect(res.header('ratelimit-limit')).toBe('800');
  });

  it("is served at Twitch CLI's /eventsub/subscriptions and under /mock as well", async () => {
    const a = await auth(BROADCASTER);
    const sessionId = await session();
    const cli = await call(`${demo.url}/eventsub/subscriptions`, { headers: helixHeaders(a.token, a.clientId), json: online(BROADCASTER, sessionId) });
    expect(cli.status).toBe(202);
    const mock = await call(`${demo.url}/mock/eventsub/subscriptions`, { headers: helixHeaders(a.token, a.clientId) });
    expect(mock.json.data.map((s: { id: string }) => s.id)).toEqual([cli.json.data[0].id]);
  });

  it('answers 401 without a valid token or with a Client-Id of another client', async () => {
    const a = await auth(BROADCASTER);
    const sessionId = await session();
    const missing = await call(`${demo.url}${path}`, { json: online(BROADCASTER, sessionId) });
    expectError(missing, 401, 'OAuth token is missing');
    const mismatch = await call(`${demo.url}${path}`, { headers: helixHeaders(a.token, await newClient()), json: online(BROADCASTER, sessionId) });
    expectError(mismatch, 401, 'Client ID and OAuth token do not match');
  });

  it('answers 400 for a malformed body, type, version or condition, naming the field', async () => {
    const a = await auth(BROADCASTER, ['channel:read:redemptions']);
    const sessionId = await session();
    const transport = { method: 'websocket', session_id: sessionId };
    const cases: [unknown, string | RegExp][] = [
      [undefined, 'Missing request body'],
      [[1], 'Request body must be a JSON object'],
      [{ version: '1', condition: {}, transport }, 'Missing required parameter "type"'],
      [{ type: 42, version: '1', condition: {}, transport }, 'Invalid parameter "type": must be a string'],
      [{ type: 'stream.online', condition: {}, transport }, 'Missing required parameter "version"'],
      [{ type: 'channel.no_such_event', version: '1', condition: {}, transport }, /^Invalid parameter "type"/],
      [{ type: 'channel.raid', version: '1', condition: {}, transport }, /^Invalid parameter "condition": give exactly one of/],
      [{ type: 'channel.raid', version: '1', condition: { from_broadcaster_user_id: BROADCASTER, to_broadcaster_user_id: BROADCASTER }, transport }, /^Invalid parameter "condition": give exactly one of/],
      [{ type: 'stream.online', version: '2', condition: {}, transport }, /^Invalid parameter "version"/],
      [{ type: 'stream.online', version: '1', transport }, 'Missing required parameter "condition"'],
      [{ type: 'stream.online', version: '1', condition: 'x', transport }, 'Invalid parameter "condition": must be an object'],
      [{ type: 'stream.online', version: '1', condition: {}, transport }, 'Missing required parameter "condition.broadcaster_user_id"'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: 5 }, transport }, 'Invalid parameter "condition.broadcaster_user_id": must be a string'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: '999999999' }, transport }, 'Invalid parameter "condition.broadcaster_user_id": unknown user'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: BROADCASTER, reward_id: 'x' }, transport }, /^Invalid parameter "condition.reward_id"/],
      [{ type: REDEMPTION_ADD, version: '1', condition: { broadcaster_user_id: BROADCASTER, reward_id: 7 }, transport }, 'Invalid parameter "condition.reward_id": must be a string'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: BROADCASTER } }, 'Missing required parameter "transport"'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: {} }, 'Missing required parameter "transport.method"'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'carrier-pigeon' } }, /^Invalid parameter "transport.method"/],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'webhook', callback: 'https://x' } }, 'invalid transport and auth combination'],
      [{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'websocket' } }, 'Missing required parameter "transport.session_id"'],
      [online(BROADCASTER, 'AQoQnosuchsession'), 'websocket transport session does not exist or has already disconnected'],
    ];
    for (const [body, message] of cases) expectError(await create(a, body), 400, message);
  });

  it('answers 400 for the WebSocket transport with an app token', async () => {
    const clientId = await newClient();
    const app = await mint(clientId, undefined);
    const sessionId = await session();
    expectError(await create(app, online(BROADCASTER, sessionId)), 400, 'invalid transport and auth combination');
  });

  it('answers 400 when the session belongs to another client or user', async () => {
    const owner = await auth(BROADCASTER);
    const sessionId = await session();
    expect((await create(owner, online(BROADCASTER, sessionId))).status).toBe(202);
    const otherUser = await mint(owner.clientId, VIEWER);
    expectError(await create(otherUser, online(BROADCASTER, sessionId)), 400, 'websocket transport session belongs to another client ID or user');
    const otherClient = await auth(BROADCASTER);
    expectError(await create(otherClient, online(BROADCASTER, sessionId)), 400, 'websocket transport session belongs to another client ID or user');
  });

  it('answers 403 without the type scope, or for another broadcaster', async () => {
    const sessionId = await session();
    const redemption = (broadcaster: string) => ({
      type: REDEMPTION_ADD,
      version: '1',
      condition: { broadcaster_user_id: broadcaster },
      transport: { method: 'websocket', session_id: sessionId },
    });
    const noScope = await auth(BROADCASTER, ['channel:read:charity']);
    expectError(await create(noScope, redemption(BROADCASTER)), 403, 'subscription missing proper authorization');
    const scoped = await auth(BROADCASTER, ['channel:manage:redemptions']);
    expectError(await create(scoped, redemption(VIEWER)), 403, 'subscription missing proper authorization');
    expect((await create(scoped, redemption(BROADCASTER))).status).toBe(202);

    const charity = { type: 'channel.charity_campaign.donate', version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'websocket', session_id: sessionId } };
    expectError(await create(scoped, charity), 403, 'subscription missing proper authorization');
    const mods = { type: 'channel.moderator.add', version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'websocket', session_id: sessionId } };
    expectError(await create(scoped, mods), 403, 'subscription missing proper authorization');
  });

  it('accepts each type with its scope (either of two where the platform allows two)', async () => {
    const a = await auth(BROADCASTER, ['channel:read:redemptions', 'channel:read:charity', 'channel:manage:moderators']);
    const sessionId = await session();
    const types = [
      REDEMPTION_ADD,
      'channel.channel_points_custom_reward_redemption.update',
      'channel.charity_campaign.donate',
      'stream.online',
      'stream.offline',
      'channel.moderator.add',
      'channel.moderator.remove',
    ];
    for (const type of types) {
      const res = await create(a, { type, version: '1', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'websocket', session_id: sessionId } });
      expect(res.status, `${type}: ${JSON.stringify(res.json)}`).toBe(202);
      expect(res.json.data[0].cost).toBe(0);
    }
    const update = await create(a, { type: 'channel.update', version: '2', condition: { broadcaster_user_id: BROADCASTER }, transport: { method: 'websocket', session_id: sessionId } });
    expect(update.status).toBe(202);
  });

  it('channel.follow needs the token user as moderator_user_id and a moderator of the channel', async () => {
    let sessionId = await session();
    const follow = (moderator: string) => ({
      type: 'channel.follow',
      version: '2',
      condition: { broadcaster_user_id: BROADCASTER, moderator_user_id: moderator },
      transport: { method: 'websocket', session_id: sessionId },
    });
    const viewer = await auth(VIEWER, ['moderator:read:followers']);
    expectError(await create(viewer, follow(VIEWER)), 403, 'subscription missing proper authorization');
    const broadcaster = await auth(BROADCASTER, ['moderator:read:followers']);
    expectError(await create(broadcaster, follow(VIEWER)), 403, 'subscription missing proper authorization');
    const created = await create(broadcaster, follow(BROADCASTER));
    expect(created.status).toBe(202);
    expect(created.json.data[0].condition).toEqual({ broadcaster_user_id: BROADCASTER, moderator_user_id: BROADCASTER });
    if (!demo.state.moderators.isModerator(BROADCASTER, MODERATOR)) demo.state.moderators.add(BROADCASTER, MODERATOR, demo.state.clock.iso());
    const moderator = await auth(MODERATOR, ['moderator:read:followers']);
    sessionId = await session();
    expect((await create(moderator, follow(MODERATOR))).status).toBe(202);
  });

  it('answers 409 for the same type, version, condition and session', async () => {
    const a = await auth(BROADCASTER, ['channel:read:redemptions']);
    const sessionId = await session();
    expect((await create(a, online(BROADCASTER, sessionId))).status).toBe(202);
    expectError(await create(a, online(BROADCASTER, sessionId)), 409, 'subscription already exists');
    // Another session, or another reward filter, is another subscription.
    expect((await create(a, online(BROADCASTER, await session()))).status).toBe(202);
    const reward = (rewardId: string) => ({
      type: REDEMPTION_ADD,
      version: '1',
      condition: { broadcaster_user_id: BROADCASTER, reward_id: rewardId },
      transport: { method: 'websocket', session_id: sessionId },
    });
    expect((await create(a, reward('r1'))).status).toBe(202);
    expect((await create(a, reward('r2'))).status).toBe(202);
    expectError(await create(a, reward('r1')), 409, 'subscription already exists');
  });
});

describe('limits', () => {
  it('costs 1 for another broadcaster without authorization, up to max_total_cost 10', async () => {
    const a = await auth(BROADCASTER);
    const sessionId = await session();
    const others: string[] = [];
    for (let i = 0; i < 11; i++) {
      const user = await call(`${demo.url}/_emulator/users`, { json: { login: `cost_${randomBytes(4).toString('hex')}` } });
      others.push(user.json.id as string);
    }
    for (let i = 0; i < 10; i++) {
      const res = await create(a, online(others[i]!, sessionId));
      expect(res.status).toBe(202);
      expect(res.json).toMatchObject({ data: [{ cost: 1 }], total: i + 1, total_cost: i + 1, max_total_cost: 10 });
    }
    expectError(await create(a, online(others[10]!, sessionId)), 429, 'subscription total cost exceeded');
    // Cost-free subscriptions still fit.
    expect((await create(a, online(BROADCASTER, sessionId))).json).toMatchObject({ data: [{ cost: 0 }], total: 11, total_cost: 10 });
    // Deleting one frees its cost.
    const first = (await list(a, '?type=stream.online')).json.data.at(-1);
    expect((await remove(a, `?id=${first.id}`)).status).toBe(204);
    expect((await create(a, online(others[10]!, sessionId))).status).toBe(202);
  });

  it('takes 300 enabled subscriptions per session and answers 429 past that; lists them 100 per page, newest first', async () => {
    const a = await auth(BROADCASTER, ['channel:read:redemptions']);
    const sessionId = await session();
    const body = (n: number, session = sessionId) => ({
      type: REDEMPTION_ADD,
      version: '1',
      condition: { broadcaster_user_id: BROADCASTER, reward_id: `reward-${n}` },
      transport: { method: 'websocket', session_id: session },
    });
    const ids: string[] = [];
    for (let n = 1; n <= 300; n++) {
      const res = await create(a, body(n));
      expect(res.status).toBe(202);
      ids.push(res.json.data[0].id as string);
    }
    expectError(await create(a, body(301)), 429, 'websocket transport session subscription limit exceeded');
    expect((await create(a, body(301, await session()))).status).toBe(202);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(a, `?type=${REDEMPTION_ADD}${cursor ? `&after=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(301);
      expect(res.json.data.length).toBeLessThanOrEqual(100);
      seen.push(...res.json.data.map((s: { id: string }) => s.id));
      cursor = res.json.pagination.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.slice(1)).toEqual([...ids].reverse());

    // Deleting one makes room again on the full session.
    expect((await remove(a, `?id=${ids[0]}`)).status).toBe(204);
    expect((await create(a, body(302))).status).toBe(202);
  });

  it('binds at most 3 sessions per client and user: the 4th answers 429', async () => {
    const a = await auth(BROADCASTER);
    const sessions = [await session(), await session(), await session(), await session()];
    for (const s of sessions.slice(0, 3)) expect((await create(a, online(BROADCASTER, s))).status).toBe(202);
    expectError(await create(a, online(BROADCASTER, sessions[3]!)), 429, 'websocket transport limit exceeded');
    // Another user of the same client has their own three.
    const viewer = await mint(a.clientId, VIEWER);
    expect((await create(viewer, online(BROADCASTER, sessions[3]!))).status).toBe(202);

    const b = await mint(a.clientId, BROADCASTER);
    const fifth = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(fifth.socket);
    expectError(await create(b, online(BROADCASTER, fifth.sessionId)), 429, 'websocket transport limit exceeded');
    // Closing a bound session frees its place.
    const first = sockets[0]!;
    first.close();
    await first.closedWith();
    await expect.poll(async () => (await create(b, online(BROADCASTER, fifth.sessionId))).status).toBe(202);
  });
});

describe('GET /helix/eventsub/subscriptions', () => {
  it("lists the token's client+user subscriptions newest first, with totals", async () => {
    const a = await auth(BROADCASTER);
    const sessionId = await session();
    const first = (await create(a, online(BROADCASTER, sessionId))).json.data[0];
    const second = (await create(a, { ...online(BROADCASTER, sessionId), type: 'stream.offline' })).json.data[0];
    const res = await list(a);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [second, first], total: 2, total_cost: 0, max_total_cost: 10, pagination: {} });

    const otherClient = await auth(BROADCASTER);
    expect((await list(otherClient)).json).toMatchObject({ data: [], total: 0 });
    const otherUser = await mint(a.clientId, VIEWER);
    expect((await list(otherUser)).json.data).toEqual([]);
    const app = await mint(a.clientId, undefined);
    expect((await list(app)).json).toEqual({ data: [], total: 0, total_cost: 0, max_total_cost: 10, pagination: {} });
  });

  it('filters by status, type, user_id or subscription_id, one at a time', async () => {
    const a = await auth(BROADCASTER);
    const live = await session();
    const s1 = (await create(a, online(BROADCASTER, live))).json.data[0];
    const s2 = (await create(a, online(VIEWER, live))).json.data[0];
    const closing = await TestSocket.welcomed(demo.wsUrl);
    const s3 = (await create(a, { ...online(BROADCASTER, closing.sessionId), type: 'stream.offline' })).json.data[0];
    closing.socket.close();
    await expect.poll(async () => (await list(a, '?status=websocket_disconnected')).json.data.map((s: { id: string }) => s.id)).toEqual([s3.id]);

    const ids = async (query: string) => (await list(a, query)).json.data.map((s: { id: string }) => s.id);
    expect(await ids('?status=enabled')).toEqual([s2.id, s1.id]);
    expect(await ids('?type=stream.online')).toEqual([s2.id, s1.id]);
    expect(await ids('?type=stream.offline')).toEqual([s3.id]);
    expect(await ids(`?user_id=${VIEWER}`)).toEqual([s2.id]);
    expect(await ids(`?subscription_id=${s1.id}`)).toEqual([s1.id]);
    expect(await ids('?status=authorization_revoked')).toEqual([]);
    expect((await list(a, '?status=enabled')).json.total).toBe(3);

    expectError(await list(a, '?status=enabled&type=stream.online'), 400, 'Use only one of the filters "status", "type", "user_id", "subscription_id"');
    expectError(await list(a, '?status=sleeping'), 400, 'Invalid parameter "status": unknown status "sleeping"');
    expectError(await list(a, '?after=%%%'), 400, 'Invalid parameter "after": not a valid cursor');
    expectError(await list(a, `?after=${Buffer.from('{"s":-1}').toString('base64url')}`), 400, 'Invalid parameter "after": not a valid cursor');
  });
});

describe('DELETE /helix/eventsub/subscriptions', () => {
  it('deletes with 204, then 404; stops delivery; 400 without id; 404 for another client', async () => {
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const sub = (await create(a, online(BROADCASTER, sessionId))).json.data[0];
    const keep = (await create(a, { ...online(BROADCASTER, sessionId), type: 'stream.offline' })).json.data[0];

    expectError(await remove(a, ''), 400, 'Missing required parameter "id"');
    expectError(await remove(await auth(BROADCASTER), `?id=${sub.id}`), 404, 'subscription not found');
    const deleted = await remove(a, `?id=${sub.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await remove(a, `?id=${sub.id}`), 404, 'subscription not found');

    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 1 } });
    eventSubOf(demo.state).notifications.publish({ type: 'stream.offline', broadcasterUserId: BROADCASTER, event: { n: 2 } });
    const frame = await socket.next('notification');
    expect(frame.payload.subscription.id).toBe(keep.id);
    expect(socket.all('notification')).toHaveLength(1);
  });
});

describe('simulation API', () => {
  it('validates EventSub settings and lists sessions and subscriptions', async () => {
    expectError(await call(`${demo.url}/_emulator/eventsub/settings`, { json: { unused_timeout_ms: 0 } }), 400, /^Invalid field "unused_timeout_ms"/);
    expectError(await call(`${demo.url}/_emulator/eventsub/settings`, { json: { nope: 1 } }), 400, 'Unknown field "nope"');
    expect((await call(`${demo.url}/_emulator/eventsub/settings`)).json).toEqual({
      unused_timeout_ms: 10_000,
      reconnect_grace_ms: 30_000,
      keepalive_interval_ms: null,
      ping_interval_ms: 60_000,
    });

    const a = await auth(BROADCASTER);
    const sessionId = await session();
    const sub = (await create(a, online(BROADCASTER, sessionId))).json.data[0];
    const sessions = (await call(`${demo.url}/_emulator/eventsub/sessions`)).json.sessions;
    expect(sessions.find((s: { id: string }) => s.id === sessionId)).toEqual({
      id: sessionId,
      status: 'connected',
      connected_at: expect.stringMatching(TIMESTAMP),
      keepalive_timeout_seconds: 10,
      client_id: a.clientId,
      user_id: BROADCASTER,
      enabled_subscriptions: 1,
      open_sockets: 1,
    });
    const subs = (await call(`${demo.url}/_emulator/eventsub/subscriptions`)).json.subscriptions;
    expect(subs.find((s: { id: string }) => s.id === sub.id)).toEqual({ ...sub, client_id: a.clientId, user_id: BROADCASTER });
    expectError(await call(`${demo.url}/_emulator/eventsub/revocations`, { json: { subscription_id: sub.id, status: 'enabled' } }), 400, /^Invalid field "status"/);
  });

  it('reset clears the subscriptions; the sockets stay connected', async () => {
    const local = await startEmulator({ seed: 'demo' });
    try {
      const clientId = (await call(`${local.url}/_emulator/clients`, { json: { name: 'reset test', redirect_uris: [] } })).json.client_id;
      const token = (await call(`${local.url}/_emulator/tokens`, { json: { client_id: clientId, user_id: BROADCASTER, scopes: [] } })).json.access_token;
      const { socket, sessionId } = await TestSocket.welcomed(`${local.url.replace(/^http/, 'ws')}/ws`);
      sockets.push(socket);
      expect((await subscribe(local.url, { token, clientId }, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId)).status).toBe(202);
      expect((await call(`${local.url}/_emulator/reset`, { method: 'POST' })).status).toBe(200);
      expect((await call(`${local.url}/_emulator/eventsub/subscriptions`)).json.subscriptions).toEqual([]);
      expect((await call(`${local.url}/_emulator/eventsub/sessions`)).json.sessions.map((s: { id: string }) => s.id)).toEqual([sessionId]);
      expect(socket.closed).toBeNull();
    } finally {
      await local.close();
    }
  });
});
