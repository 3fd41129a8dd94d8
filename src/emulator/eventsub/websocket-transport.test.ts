import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../test-support/emulator-test-client';
import { useDemoEmulator } from '../test-support/demo-emulator';
import { subscribe, TestSocket } from '../test-support/eventsub-test-client';
import { eventSubOf } from './eventsub-state';

const BROADCASTER = '501234567';
const VIEWER = '612345001';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const demo = useDemoEmulator({ reset: false });
const sockets: TestSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await call(`${demo.url}/_emulator/faults`, { method: 'DELETE' });
  await settings({ unused_timeout_ms: 10_000, reconnect_grace_ms: 30_000, keepalive_interval_ms: null, ping_interval_ms: 60_000 });
});

const settings = (body: object) => demo.simulate('/eventsub/settings', body);

/** A fresh client per test keeps the per-client+user limits and lists apart. */
async function auth(userId: string, scopes: string[] = []): Promise<{ token: string; clientId: string }> {
  const clientId = await demo.newClient('eventsub test');
  return { token: await demo.mint(userId, scopes, { client_id: clientId }), clientId };
}

async function connect(query = '') {
  const opened = await TestSocket.welcomed(`${demo.wsUrl}${query}`);
  sockets.push(opened.socket);
  return opened;
}

async function subscribed(a: { token: string; clientId: string }, type: string, condition: Record<string, string>, sessionId: string) {
  const res = await subscribe(demo.url, a, type, condition, sessionId);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  return res.json.data[0];
}

describe('session_welcome and keepalive', () => {
  it('welcomes at once with the session in the platform shape', async () => {
    const started = Date.now();
    const { welcome } = await connect();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(welcome).toEqual({
      metadata: { message_id: expect.stringMatching(UUID), message_type: 'session_welcome', message_timestamp: expect.stringMatching(TIMESTAMP) },
      payload: {
        session: {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{28}$/),
          status: 'connected',
          connected_at: expect.stringMatching(TIMESTAMP),
          keepalive_timeout_seconds: 10,
          reconnect_url: null,
        },
      },
    });
  });

  it('clamps keepalive_timeout_seconds to 10..600', async () => {
    for (const [given, expected] of [['5', 10], ['10', 10], ['30', 30], ['600', 600], ['601', 600], ['abc', 10]] as const) {
      const { welcome } = await connect(`?keepalive_timeout_seconds=${given}`);
      expect(welcome.payload.session.keepalive_timeout_seconds, given).toBe(expected);
    }
  });

  it('sends session_keepalive when nothing else was sent for a keepalive window', async () => {
    await settings({ keepalive_interval_ms: 200 });
    const { socket } = await connect();
    const first = await socket.next('session_keepalive');
    await socket.next('session_keepalive');
    expect(first).toEqual({
      metadata: { message_id: expect.stringMatching(UUID), message_type: 'session_keepalive', message_timestamp: expect.stringMatching(TIMESTAMP) },
      payload: {},
    });
    // Each keepalive follows the previous frame by a whole window (timer slack allowed), not sooner.
    for (let i = 1; i < socket.frames.length; i++) {
      expect(socket.arrivals[i]! - socket.arrivals[i - 1]!).toBeGreaterThanOrEqual(150);
    }
  });

  it('sends no keepalive while other frames keep the connection busy', async () => {
    // The window is wide against the 200 ms gaps, so a loaded machine's timer slack cannot run it out.
    await settings({ keepalive_interval_ms: 1500 });
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await connect();
    await subscribed(a, 'stream.offline', { broadcaster_user_id: BROADCASTER }, sessionId);
    const started = Date.now();
    // A notification every 200 ms for longer than the 1.5 s window: the window never runs out.
    for (let i = 0; i < 9; i++) {
      eventSubOf(demo.state).notifications.publish({ type: 'stream.offline', broadcasterUserId: BROADCASTER, event: {} });
      await socket.next('notification');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(Date.now() - started).toBeGreaterThan(1500);
    expect(socket.all('session_keepalive')).toEqual([]);
    const keepalive = await socket.next('session_keepalive');
    const index = socket.frames.indexOf(keepalive);
    expect(socket.arrivals[index]! - socket.arrivals[index - 1]!).toBeGreaterThanOrEqual(1400);
  });

  it('answers a plain HTTP request on /ws with 426 in the platform shape', async () => {
    const res = await call(`${demo.url}/ws`);
    expect(res.status).toBe(426);
    expect(res.json).toEqual({ error: 'Upgrade Required', status: 426, message: 'This endpoint takes WebSocket connections only' });
  });
});

describe('notifications', () => {
  it('delivers stream.online and stream.offline from the simulation API, in the platform shape', async () => {
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await connect();
    const online = await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);
    await subscribed(a, 'stream.offline', { broadcaster_user_id: BROADCASTER }, sessionId);

    const started = await demo.simulate(`/streams/${BROADCASTER}/online`, { title: 'Going live' });
    expect(started.status).toBe(200);
    const notification = await socket.next('notification');
    expect(notification).toEqual({
      metadata: {
        message_id: expect.stringMatching(UUID),
        message_type: 'notification',
        message_timestamp: expect.stringMatching(TIMESTAMP),
        subscription_type: 'stream.online',
        subscription_version: '1',
      },
      payload: {
        subscription: {
          id: online.id,
          status: 'enabled',
          type: 'stream.online',
          version: '1',
          cost: 0,
          condition: { broadcaster_user_id: BROADCASTER },
          transport: { method: 'websocket', session_id: sessionId },
          created_at: online.created_at,
        },
        event: {
          id: started.json.id,
          broadcaster_user_id: BROADCASTER,
          broadcaster_user_login: 'sidestage_demo',
          broadcaster_user_name: 'Sidestage_Demo',
          type: 'live',
          started_at: started.json.started_at,
        },
      },
    });

    expect((await demo.simulate(`/streams/${BROADCASTER}/offline`, {})).status).toBe(200);
    const offline = await socket.next('notification');
    expect(offline.metadata.subscription_type).toBe('stream.offline');
    expect(offline.payload.event).toEqual({
      broadcaster_user_id: BROADCASTER,
      broadcaster_user_login: 'sidestage_demo',
      broadcaster_user_name: 'Sidestage_Demo',
    });
  });

  it('delivers every published event type to the matching subscription', async () => {
    const a = await auth(BROADCASTER, ['channel:read:redemptions', 'channel:read:charity', 'moderation:read']);
    const { socket, sessionId } = await connect();
    const types = [
      'channel.channel_points_custom_reward_redemption.add',
      'channel.channel_points_custom_reward_redemption.update',
      'channel.charity_campaign.donate',
      'channel.moderator.add',
      'channel.moderator.remove',
    ] as const;
    for (const type of types) await subscribed(a, type, { broadcaster_user_id: BROADCASTER }, sessionId);
    for (const type of types) {
      eventSubOf(demo.state).notifications.publish({ type, broadcasterUserId: BROADCASTER, rewardId: 'r1', event: { marker: type } });
      const frame = await socket.next('notification');
      expect(frame.metadata.subscription_type).toBe(type);
      expect(frame.payload.subscription.type).toBe(type);
      expect(frame.payload.event).toEqual({ marker: type });
    }
  });

  it('filters on the condition: another broadcaster, another reward', async () => {
    const a = await auth(BROADCASTER, ['channel:manage:redemptions']);
    const { socket, sessionId } = await connect();
    const type = 'channel.channel_points_custom_reward_redemption.add';
    const any = await subscribed(a, type, { broadcaster_user_id: BROADCASTER }, sessionId);
    const onlyA = await subscribed(a, type, { broadcaster_user_id: BROADCASTER, reward_id: 'reward-a' }, sessionId);
    expect(any.condition).toEqual({ broadcaster_user_id: BROADCASTER, reward_id: '' });
    expect(onlyA.condition).toEqual({ broadcaster_user_id: BROADCASTER, reward_id: 'reward-a' });

    eventSubOf(demo.state).notifications.publish({ type, broadcasterUserId: VIEWER, rewardId: 'reward-a', event: { n: 1 } });
    eventSubOf(demo.state).notifications.publish({ type, broadcasterUserId: BROADCASTER, rewardId: 'reward-b', event: { n: 2 } });
    eventSubOf(demo.state).notifications.publish({ type, broadcasterUserId: BROADCASTER, rewardId: 'reward-a', event: { n: 3 } });
    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 4 } });
    eventSubOf(demo.state).notifications.publish({ type, broadcasterUserId: BROADCASTER, rewardId: 'reward-a', event: { n: 5 } });

    const received = [];
    for (let i = 0; i < 5; i++) {
      const frame = await socket.next('notification');
      received.push([frame.payload.event.n, frame.payload.subscription.id]);
    }
    expect(received).toEqual([
      [2, any.id],
      [3, any.id],
      [3, onlyA.id],
      [5, any.id],
      [5, onlyA.id],
    ]);
  });

  it('delivers to every session subscribed, each with its own subscription', async () => {
    const a = await auth(BROADCASTER);
    const one = await connect();
    const two = await connect();
    const s1 = await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, one.sessionId);
    const s2 = await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, two.sessionId);
    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: {} });
    expect((await one.socket.next('notification')).payload.subscription.id).toBe(s1.id);
    expect((await two.socket.next('notification')).payload.subscription.id).toBe(s2.id);
  });
});

describe('session_reconnect', () => {
  it('moves the session with its subscriptions to the reconnect URL and closes the old socket with 4004', async () => {
    await settings({ reconnect_grace_ms: 1000 });
    const a = await auth(BROADCASTER);
    const { socket: old, sessionId } = await connect('?keepalive_timeout_seconds=30');
    await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);

    const fault = await demo.simulate('/faults', { reconnect_websockets: true });
    expect(fault.json.websocket_sessions_reconnected).toBeGreaterThanOrEqual(1);
    const reconnect = await old.next('session_reconnect');
    expect(reconnect).toEqual({
      metadata: { message_id: expect.stringMatching(UUID), message_type: 'session_reconnect', message_timestamp: expect.stringMatching(TIMESTAMP) },
      payload: {
        session: {
          id: sessionId,
          status: 'reconnecting',
          connected_at: expect.stringMatching(TIMESTAMP),
          keepalive_timeout_seconds: null,
          reconnect_url: expect.stringMatching(new RegExp(`^${demo.wsUrl}\\?reconnect=[A-Za-z0-9_-]+$`)),
        },
      },
    });

    // Until the client moves, events still go to the old socket.
    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 1 } });
    expect((await old.next('notification')).payload.event).toEqual({ n: 1 });

    const { socket: fresh, welcome } = await TestSocket.welcomed(reconnect.payload.session.reconnect_url);
    sockets.push(fresh);
    expect(welcome.metadata.message_type).toBe('session_welcome');
    expect(welcome.payload.session).toMatchObject({ id: sessionId, status: 'connected', keepalive_timeout_seconds: 30, reconnect_url: null });

    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 2 } });
    const notification = await fresh.next('notification');
    expect(notification.payload.event).toEqual({ n: 2 });
    expect(notification.payload.subscription.transport.session_id).toBe(sessionId);

    expect(await old.closedWith()).toEqual({ code: 4004, reason: 'reconnect grace time expired' });
    expect(old.all('notification')).toHaveLength(1);
    expect(fresh.closed).toBeNull();
    const list = await demo.helix('GET', '/eventsub/subscriptions', { token: a.token, clientId: a.clientId });
    expect(list.json.data.map((s: { status: string }) => s.status)).toEqual(['enabled']);
  });

  it('resends what the dropped old socket missed, with the same message_id, after the new welcome', async () => {
    const a = await auth(BROADCASTER);
    const { socket: old, sessionId } = await connect();
    await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);
    await demo.simulate('/faults', { reconnect_websockets: true });
    const reconnect = await old.next('session_reconnect');

    const dropped = await demo.simulate('/faults', { drop_websockets: true });
    expect(dropped.json.websocket_sessions_dropped).toBeGreaterThanOrEqual(1);
    expect((await old.closedWith()).code).toBe(1006);

    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 1 } });
    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 2 } });

    const fresh = await TestSocket.open(reconnect.payload.session.reconnect_url);
    sockets.push(fresh);
    const welcome = await fresh.next();
    expect(welcome.metadata.message_type).toBe('session_welcome');
    expect(welcome.payload.session.id).toBe(sessionId);
    const first = await fresh.next('notification');
    const second = await fresh.next('notification');
    expect([first.payload.event.n, second.payload.event.n]).toEqual([1, 2]);
    expect(first.metadata.message_id).not.toBe(second.metadata.message_id);

    // A second move: frames already delivered are not sent again; new ones are delivered once.
    await demo.simulate('/faults', { reconnect_websockets: true });
    const again = await fresh.next('session_reconnect');
    const third = await TestSocket.open(again.payload.session.reconnect_url);
    sockets.push(third);
    expect((await third.next()).payload.session.id).toBe(sessionId);
    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: { n: 3 } });
    expect((await third.next('notification')).payload.event).toEqual({ n: 3 });
    expect(third.all('notification')).toHaveLength(1);
  });

  it('ends a session whose client never reconnects: 4004, subscriptions websocket_failed_to_reconnect', async () => {
    await settings({ reconnect_grace_ms: 200 });
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await connect();
    await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);
    await demo.simulate('/faults', { reconnect_websockets: true });
    const reconnect = await socket.next('session_reconnect');
    expect(await socket.closedWith()).toEqual({ code: 4004, reason: 'reconnect grace time expired' });

    const list = await demo.helix('GET', '/eventsub/subscriptions', { token: a.token, clientId: a.clientId });
    expect(list.json.data[0].status).toBe('websocket_failed_to_reconnect');
    expect(list.json.data[0].transport.disconnected_at).toMatch(TIMESTAMP);
    const late = await TestSocket.open(reconnect.payload.session.reconnect_url);
    expect(await late.closedWith()).toEqual({ code: 4007, reason: 'invalid reconnect' });
  });

  it('closes an invalid or spent reconnect URL with 4007 and no welcome', async () => {
    const bogus = await TestSocket.open(`${demo.wsUrl}?reconnect=not-a-token`);
    expect(await bogus.closedWith()).toEqual({ code: 4007, reason: 'invalid reconnect' });
    expect(bogus.frames).toEqual([]);

    const { socket } = await connect();
    await demo.simulate('/faults', { reconnect_websockets: true });
    const url = (await socket.next('session_reconnect')).payload.session.reconnect_url as string;
    const first = await TestSocket.open(url);
    sockets.push(first);
    await first.next('session_welcome');
    const second = await TestSocket.open(url);
    expect(await second.closedWith()).toEqual({ code: 4007, reason: 'invalid reconnect' });
  });
});

describe('revocation and closes', () => {
  it('sends revocation frames when the token is revoked, then removes the subscriptions', async () => {
    const a = await auth(BROADCASTER, ['channel:read:redemptions']);
    const { socket, sessionId } = await connect();
    const type = 'channel.channel_points_custom_reward_redemption.add';
    const sub = await subscribed(a, type, { broadcaster_user_id: BROADCASTER }, sessionId);

    const revoked = await call(`${demo.url}/oauth2/revoke`, { form: { client_id: a.clientId, token: a.token } });
    expect(revoked.status).toBe(200);
    const frame = await socket.next('revocation');
    expect(frame).toEqual({
      metadata: {
        message_id: expect.stringMatching(UUID),
        message_type: 'revocation',
        message_timestamp: expect.stringMatching(TIMESTAMP),
        subscription_type: type,
        subscription_version: '1',
      },
      payload: {
        subscription: {
          id: sub.id,
          status: 'authorization_revoked',
          type,
          version: '1',
          cost: 0,
          condition: { broadcaster_user_id: BROADCASTER, reward_id: '' },
          transport: { method: 'websocket', session_id: sessionId },
          created_at: sub.created_at,
        },
      },
    });

    const other = await demo.mint(BROADCASTER, [], { client_id: a.clientId });
    const list = await demo.helix('GET', '/eventsub/subscriptions', { token: other, clientId: a.clientId });
    expect(list.json.data).toEqual([]);
    eventSubOf(demo.state).notifications.publish({ type, broadcasterUserId: BROADCASTER, event: {} });
    expect(socket.all('notification')).toEqual([]);
  });

  it('revokes one subscription as user_removed through the simulation API', async () => {
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await connect();
    const sub = await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);
    const res = await demo.simulate('/eventsub/revocations', { subscription_id: sub.id });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: sub.id, status: 'user_removed' });
    const frame = await socket.next('revocation');
    expect(frame.payload.subscription.status).toBe('user_removed');
    expect(Object.keys(frame.payload)).toEqual(['subscription']);
    expect((await demo.simulate('/eventsub/revocations', { subscription_id: sub.id })).status).toBe(404);
  });

  it('closes with 4001 when the client sends data; the subscriptions stop', async () => {
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await connect();
    await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);
    socket.ws.send('hello');
    expect(await socket.closedWith()).toEqual({ code: 4001, reason: 'client sent inbound traffic' });
    const list = await demo.helix('GET', '/eventsub/subscriptions', { token: a.token, clientId: a.clientId });
    expect(list.json.data[0].status).toBe('websocket_received_inbound_traffic');
  });

  it('closes an unused connection with 4003; a subscribed one stays', async () => {
    await settings({ unused_timeout_ms: 500 });
    const a = await auth(BROADCASTER);
    const used = await connect();
    await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, used.sessionId);
    const started = Date.now();
    const unused = await connect();
    expect(await unused.socket.closedWith()).toEqual({ code: 4003, reason: 'connection unused' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // The subscribed session passed its own deadline too: it is still open and served.
    eventSubOf(demo.state).notifications.publish({ type: 'stream.online', broadcasterUserId: BROADCASTER, event: {} });
    await used.socket.next('notification');
    expect(used.socket.closed).toBeNull();
  });

  it('closes with 4002 when the client does not answer pings', async () => {
    await settings({ ping_interval_ms: 250 });
    const silent = await TestSocket.open(demo.wsUrl, { autoPong: false });
    sockets.push(silent);
    const polite = await connect();
    const pings: number[] = [];
    polite.socket.ws.on('ping', () => pings.push(Date.now()));
    expect(await silent.closedWith()).toEqual({ code: 4002, reason: 'client failed ping-pong' });
    await expect.poll(() => pings.length).toBeGreaterThanOrEqual(3);
    expect(polite.socket.closed).toBeNull();
  });

  it('marks the subscriptions websocket_disconnected when the client closes, and refuses the old session', async () => {
    const a = await auth(BROADCASTER);
    const { socket, sessionId } = await connect();
    await subscribed(a, 'stream.online', { broadcaster_user_id: BROADCASTER }, sessionId);
    socket.close();
    await socket.closedWith();
    await expect.poll(async () => (await call(`${demo.url}/_emulator/eventsub/sessions`)).json.sessions.some((s: { id: string }) => s.id === sessionId)).toBe(false);
    const list = await demo.helix('GET', '/eventsub/subscriptions', { token: a.token, clientId: a.clientId });
    expect(list.json.data[0]).toMatchObject({ status: 'websocket_disconnected', transport: { session_id: sessionId, disconnected_at: expect.stringMatching(TIMESTAMP) } });
    const res = await subscribe(demo.url, a, 'stream.offline', { broadcaster_user_id: BROADCASTER }, sessionId);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('websocket transport session does not exist or has already disconnected');
  });
});
