import { afterEach, describe, expect, it } from 'vitest';
import { signedOutAuthState, type AuthState } from '../../../shared/ipc/contract';
import type { ApiRequest, ApiResponse } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { createFakeClock, type FakeClock } from '../../test-support/fake-clock';
import { eventsStatusSchema, type EventsStatus } from '../../../shared/ipc/contract';
import { defaultWebSocketFactory, type WebSocketFactory } from './eventsub-session';
import { setListenerErrorReporter } from '../../../shared/primitives/emitter';
import { CurrentBroadcaster, type AuthSource } from '../common/current-broadcaster';
import { EventsService, type EventsGap, type EventsServiceOptions, type RevokedSubscription } from './events-service';
import { withCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { recordingLogger } from '../../test-support/recording-logger';
import {
  donationEvent,
  redemptionEvent,
  startFakeEventSubServer,
  streamOnlineEvent,
  type FakeConnection,
  type FakeEventSubServer,
} from '../../test-support/fake-eventsub-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const redemptionAdd = 'channel.channel_points_custom_reward_redemption.add';
/** Every type these tests ask for is at version 1. */
const v1 = { version: '1' };
/** The `id` of a notification's event, which the service passes on as it came. */
const idOf = (event: unknown) => (event as { id: string }).id;
const defaultTypes = [
  'stream.online',
  'stream.offline',
  redemptionAdd,
  'channel.channel_points_custom_reward_redemption.update',
  'channel.charity_campaign.donate',
];

/** Waits for a condition on real I/O; the service's own time is the fake clock's. */
async function waitFor<T>(check: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function signedIn(id = '1001', scopes = ['channel:read:redemptions', 'channel:read:charity']): AuthState {
  return withCurrentBroadcaster({
    status: 'signedIn',
    account: { id, login: `user${id}`, displayName: `User${id}`, broadcasterType: 'affiliate', profileImageUrl: '' },
    scopes,
    missingScopes: [],
    pending: null,
    lastValidatedAt: null,
    error: null,
  }, null);
}

const signedOut: AuthState = signedOutAuthState;

class FakeAuth implements AuthSource {
  private readonly listeners = new Set<(state: AuthState) => void>();
  constructor(private state: AuthState) {}
  getState = () => structuredClone(this.state);
  onChange = (listener: (state: AuthState) => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  /** As the auth service would: the current broadcaster worked out from the status and account. */
  set(next: AuthState): void {
    const state = withCurrentBroadcaster(next, this.state.currentBroadcaster);
    this.state = state;
    for (const listener of [...this.listeners]) listener(structuredClone(state));
  }
}

interface CreateBody {
  type: string;
  version: string;
  condition: Record<string, string>;
  transport: { method: string; session_id: string };
}

/** Records every subscription creation; `respond` may throw an ApiError to refuse one. */
function fakeApi(respond: (body: CreateBody) => void = () => {}) {
  const calls: CreateBody[] = [];
  let nextId = 1;
  return {
    calls,
    async request<T>(req: ApiRequest): Promise<ApiResponse<T>> {
      expect(req).toMatchObject({ method: 'POST', path: '/helix/eventsub/subscriptions' });
      const body = req.body as CreateBody;
      calls.push(body);
      await Promise.resolve();
      respond(body);
      const id = `sub-${nextId++}`;
      return { status: 202, data: { data: [{ id, status: 'enabled', type: body.type }] } as T };
    },
    async get<T>(): Promise<T> {
      throw new Error('not used');
    },
  };
}

type TestClock = FakeClock & { jump(ms: number): void };

/** A fake clock whose wall time can also jump without any timer firing, as after a sleep. */
function testClock(): TestClock {
  const inner = createFakeClock();
  let skew = 0;
  return { ...inner, now: () => inner.now() + skew, jump: (ms) => void (skew += ms) };
}

interface World {
  server: FakeEventSubServer;
  api: ReturnType<typeof fakeApi>;
  auth: FakeAuth;
  clock: TestClock;
  logger: ReturnType<typeof recordingLogger>;
  service: EventsService;
  gaps: EventsGap[];
  statuses: EventsStatus[];
  revoked: RevokedSubscription[];
}

async function world(options: { api?: ReturnType<typeof fakeApi>; auth?: AuthState; service?: Partial<EventsServiceOptions>; wanted?: string[] } = {}): Promise<World> {
  const server = await startFakeEventSubServer();
  cleanups.push(() => server.close());
  const api = options.api ?? fakeApi();
  const auth = new FakeAuth(options.auth ?? signedIn());
  // The one current broadcaster, as composition builds it from the auth service.
  const broadcaster = new CurrentBroadcaster(auth);
  cleanups.push(() => broadcaster.dispose());
  const clock = testClock();
  const logger = recordingLogger();
  const service = new EventsService({
    eventsubUrl: server.url,
    api,
    auth,
    logger,
    clock,
    keepaliveTimeoutSeconds: 10,
    backoff: { initialMs: 1000, maxMs: 8000 },
    // The doubling backoff from the first wait, unless a test looks at the quick phase.
    quickReconnect: null,
    // Jitter at its top: every wait is the full step, so the tests know it.
    random: () => 1,
    ...options.service,
    broadcaster,
  });
  cleanups.push(() => service.dispose());
  // What the features ask for in the app (stream status, redemptions, charity).
  for (const type of options.wanted ?? defaultTypes) service.want(type, v1);
  const gaps: EventsGap[] = [];
  const statuses: EventsStatus[] = [];
  const revoked: RevokedSubscription[] = [];
  service.onGap((gap) => gaps.push(gap));
  service.onStatusChange((status) => statuses.push(status));
  service.onRevoked((r) => revoked.push(r));
  return { server, api, auth, clock, logger, service, gaps, statuses, revoked };
}

function allSettled(w: World): boolean {
  const subs = w.service.getStatus().subscriptions;
  return subs.length > 0 && subs.every((s) => s.status !== 'pending');
}

/** Starts the service and waits for the first session's subscriptions. */
async function connected(w: World): Promise<FakeConnection> {
  w.service.start();
  const connection = await w.server.waitForConnection(1);
  await waitFor(() => w.service.getStatus().state === 'connected' && allSettled(w) && w.gaps.length === 1, 'the first session');
  return connection;
}

function subscriptionStatus(w: World, type: string) {
  return w.service.getStatus().subscriptions.find((s) => s.type === type);
}

describe('EventsService: session start', () => {
  it('creates the five subscriptions for the broadcaster only after the welcome, then reports a start gap', async () => {
    const w = await world();
    w.server.autoWelcome.fresh = false;
    w.service.start();
    expect(w.service.getStatus().state).toBe('connecting');
    const conn = await w.server.waitForConnection(1);
    expect(conn.url.searchParams.get('keepalive_timeout_seconds')).toBe('10');

    // A keepalive before the welcome is processed, and still no subscription is made.
    conn.keepalive();
    await waitFor(() => w.service.getStatus().lastMessageAt, 'the keepalive');
    expect(w.api.calls).toHaveLength(0);

    conn.welcome();
    await waitFor(() => allSettled(w) && w.gaps.length === 1, 'subscriptions');
    expect(w.api.calls.map((c) => c.type).sort()).toEqual([...defaultTypes].sort());
    for (const call of w.api.calls) {
      expect(call).toEqual({ type: call.type, version: '1', condition: { broadcaster_user_id: '1001' }, transport: { method: 'websocket', session_id: conn.sessionId } });
    }
    const status = w.service.getStatus();
    expect(eventsStatusSchema.parse(status)).toEqual(status);
    expect(status).toMatchObject({ state: 'connected', sessionId: conn.sessionId, error: null });
    expect(status.connectedAt).not.toBeNull();
    expect(status.subscriptions.every((s) => s.status === 'enabled' && s.error === null)).toBe(true);
    expect(w.gaps).toEqual([{ reason: 'start', since: null }]);
    for (const s of w.statuses) eventsStatusSchema.parse(s);
  });

  it('counts a 409 as existing and records a 403 for its own type without failing the rest', async () => {
    const api = fakeApi((body) => {
      if (body.type === 'stream.online') throw new ApiError(409, 'Conflict', 'subscription already exists');
      if (body.type === 'channel.charity_campaign.donate') throw new ApiError(403, 'Forbidden', 'subscription missing proper authorization');
    });
    const w = await world({ api });
    await connected(w);
    expect(subscriptionStatus(w, 'stream.online')).toEqual({ type: 'stream.online', status: 'enabled', error: null });
    const donate = subscriptionStatus(w, 'channel.charity_campaign.donate');
    expect(donate?.status).toBe('failed');
    expect(donate?.error).toMatch(/not allowed to receive channel\.charity_campaign\.donate events \(subscription missing proper authorization\)\. Sign in again/);
    for (const type of defaultTypes.filter((t) => t !== 'channel.charity_campaign.donate')) expect(subscriptionStatus(w, type)?.status).toBe('enabled');
    expect(w.service.getStatus()).toMatchObject({ state: 'connected', error: expect.stringMatching(/not available/) });
  });

  it('gives up without a reconnect loop when no subscription can ever be created, and tries again after a new sign-in', async () => {
    const api = fakeApi(() => {
      throw new ApiError(403, 'Forbidden', 'missing scope');
    });
    const w = await world({ api });
    w.service.start();
    const conn = await w.server.waitForConnection(1);
    await waitFor(() => w.service.getStatus().state === 'error', 'the error state');
    expect(w.service.getStatus().error).toMatch(/No platform events can be received/);
    await conn.closed;
    w.clock.advance(120_000);
    expect(w.server.connections).toHaveLength(1);
    expect(w.gaps).toHaveLength(0);

    w.auth.set({ ...signedIn(), status: 'signingIn' });
    w.auth.set(signedIn());
    await w.server.waitForConnection(2);
  });

  it('adds a subscription wanted later on the live session', async () => {
    const w = await world();
    await connected(w);
    w.service.want('channel.moderator.add', { version: '1', condition: (id) => ({ broadcaster_user_id: id, moderator_user_id: id }) });
    await waitFor(() => subscriptionStatus(w, 'channel.moderator.add')?.status === 'enabled', 'the new subscription');
    expect(w.api.calls.at(-1)).toMatchObject({ type: 'channel.moderator.add', condition: { broadcaster_user_id: '1001', moderator_user_id: '1001' } });
    expect(w.api.calls).toHaveLength(6);
  });
});

describe('EventsService: what the features ask for', () => {
  it('opens no session while nothing is wanted, and connects when a type is wanted', async () => {
    const w = await world({ wanted: [] });
    w.service.start();
    expect(w.service.getStatus()).toMatchObject({ state: 'idle', subscriptions: [] });
    w.clock.advance(60_000);
    expect(w.server.connections).toHaveLength(0);

    const off = w.service.want('stream.online', v1);
    const conn = await w.server.waitForConnection(1);
    await waitFor(() => allSettled(w) && w.gaps.length === 1, 'the subscription');
    expect(w.api.calls).toEqual([{ type: 'stream.online', version: '1', condition: { broadcaster_user_id: '1001' }, transport: { method: 'websocket', session_id: conn.sessionId } }]);

    // The last hold released: the record goes, and the session with it (the platform would close an unused one).
    off();
    await conn.closed;
    expect(w.service.getStatus()).toMatchObject({ state: 'idle', subscriptions: [] });
  });

  it('keeps a type while anyone holds it, and does not create a released one on the next session', async () => {
    const w = await world({ wanted: [] });
    const offA = w.service.want('stream.online', v1);
    const offB = w.service.want('stream.online', v1);
    const offOther = w.service.want('stream.offline', v1);
    const conn1 = await connected(w);
    expect(w.service.getStatus().subscriptions.map((s) => s.type)).toEqual(['stream.online', 'stream.offline']);
    offA();
    expect(w.service.getStatus().subscriptions.map((s) => s.type)).toEqual(['stream.online', 'stream.offline']);
    offOther();
    offOther();
    expect(w.service.getStatus().subscriptions.map((s) => s.type)).toEqual(['stream.online']);

    conn1.terminate();
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting');
    w.clock.advance(1000);
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2, 'the second session');
    expect(w.api.calls.filter((c) => c.transport.session_id === conn2.sessionId).map((c) => c.type)).toEqual(['stream.online']);
    offB();
  });

  it('creates what is wanted with the version and condition given; listening alone asks for nothing', async () => {
    const w = await world({ wanted: [] });
    w.service.onNotification('channel.follow', () => {});
    expect(w.service.getStatus().subscriptions).toEqual([]);
    w.service.want('channel.follow', { version: '2', condition: (id) => ({ broadcaster_user_id: id, moderator_user_id: id }) });
    w.service.want('channel.charity_campaign.donate', { ...v1, condition: { broadcaster_user_id: '77' } });
    await connected(w);
    expect(w.api.calls.map(({ type, version, condition }) => ({ type, version, condition }))).toEqual([
      { type: 'channel.follow', version: '2', condition: { broadcaster_user_id: '1001', moderator_user_id: '1001' } },
      { type: 'channel.charity_campaign.donate', version: '1', condition: { broadcaster_user_id: '77' } },
    ]);
  });
});

describe('EventsService: delivery', () => {
  it('delivers each event once per message id, as it came (the channel-event stream reads it), and drops broken frames without stopping', async () => {
    const w = await world();
    const conn = await connected(w);
    const online: unknown[] = [];
    const redemptions: unknown[] = [];
    const donations: string[] = [];
    w.service.onNotification('stream.online', (event) => online.push(event));
    w.service.onNotification(redemptionAdd, (event, meta) => {
      expect(meta).toMatchObject({ messageId: expect.any(String), subscriptionVersion: '1' });
      redemptions.push(event);
    });
    w.service.onNotification('channel.charity_campaign.donate', (event) => donations.push(idOf(event)));
    // A listener that throws must not stop the others, and is reported.
    const reported: unknown[] = [];
    setListenerErrorReporter((error) => reported.push(error));
    cleanups.push(() => setListenerErrorReporter((error) => console.error('a listener failed', error)));
    w.service.onNotification('stream.online', () => {
      throw new Error('listener bug');
    });

    conn.notify('stream.online', streamOnlineEvent(), { messageId: 'm1' });
    conn.notify('stream.online', streamOnlineEvent(), { messageId: 'm1' });
    const { reward: _reward, ...withoutReward } = redemptionEvent('bad');
    conn.notify(redemptionAdd, withoutReward, { messageId: 'm2' });
    conn.send('this is not json');
    conn.send({ payload: {} });
    conn.notify(redemptionAdd, redemptionEvent('r1'), { messageId: 'm3' });
    conn.notify('channel.charity_campaign.donate', donationEvent('d1'), { messageId: 'm4' });

    await waitFor(() => donations.length === 1, 'the donation');
    expect(online).toEqual([streamOnlineEvent()]);
    expect(redemptions).toEqual([withoutReward, redemptionEvent('r1')]);
    expect(donations).toEqual(['d1']);
    expect(reported).toEqual([new Error('listener bug')]);
    expect(w.service.getStatus().state).toBe('connected');
  });

  it('a flood of notifications is no flood of status changes: the last message time is read, not announced', async () => {
    const w = await world();
    const conn = await connected(w);
    const donations: string[] = [];
    w.service.onNotification('channel.charity_campaign.donate', (event) => donations.push(idOf(event)));
    const before = w.statuses.length;
    for (let i = 0; i < 20; i++) {
      w.clock.jump(100);
      conn.notify('channel.charity_campaign.donate', donationEvent(`d${i}`), { messageId: `flood-${i}` });
      await waitFor(() => donations.length === i + 1, `donation ${i}`);
    }
    expect(w.statuses.length).toBe(before);
    expect(w.service.getStatus().lastMessageAt).toBe(new Date(w.clock.now()).toISOString());
  });
});

describe('EventsService: connection health', () => {
  it('drops a silent connection after the keepalive window plus margin and reconnects with a drop gap', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.clock.advance(12_000);
    conn1.keepalive();
    const keepaliveAt = w.clock.now();
    await waitFor(() => w.service.getStatus().lastMessageAt === new Date(keepaliveAt).toISOString(), 'the keepalive');

    w.clock.advance(12_999);
    expect(conn1.isClosed()).toBe(false);
    w.clock.advance(1);
    await conn1.closed;
    expect(w.service.getStatus()).toMatchObject({ state: 'reconnecting', error: expect.stringMatching(/\(nothing arrived within 13 s\); reconnecting in 1 s\./) });
    expect(w.service.getStatus().subscriptions.every((s) => s.status === 'pending')).toBe(true);

    w.clock.advance(1000);
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the second session');
    expect(w.api.calls).toHaveLength(10);
    expect(w.api.calls.slice(5).every((c) => c.transport.session_id === conn2.sessionId)).toBe(true);
    expect(w.gaps[1]).toEqual({ reason: 'drop', since: new Date(keepaliveAt) });
    expect(w.service.getStatus()).toMatchObject({ state: 'connected', sessionId: conn2.sessionId, error: null });
  });

  it('drop: reconnects after backoff, re-creates subscriptions, reports a gap and drops a resent message', async () => {
    const w = await world();
    const conn1 = await connected(w);
    const ids: string[] = [];
    w.service.onNotification(redemptionAdd, (event) => ids.push(idOf(event)));
    conn1.notify(redemptionAdd, redemptionEvent('r1'), { messageId: 'x' });
    await waitFor(() => ids.length === 1, 'the first redemption');
    const lastMessage = w.clock.now();

    conn1.terminate();
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting');
    expect(w.service.getStatus().error).toMatch(/Lost the connection.*connection dropped, 1006.*reconnecting in 1 s/);
    w.clock.advance(999);
    expect(w.server.connections).toHaveLength(1);
    w.clock.advance(1);
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the second session');
    expect(w.gaps[1]).toEqual({ reason: 'drop', since: new Date(lastMessage) });
    expect(w.api.calls.slice(5).map((c) => c.transport.session_id)).toEqual(Array(5).fill(conn2.sessionId));

    conn2.notify(redemptionAdd, redemptionEvent('r1'), { messageId: 'x' });
    conn2.notify(redemptionAdd, redemptionEvent('r2'), { messageId: 'y' });
    await waitFor(() => ids.length === 2, 'the second redemption');
    expect(ids).toEqual(['r1', 'r2']);
  });

  it('waits longer after each failed connection, up to the cap', async () => {
    const w = await world();
    w.server.autoWelcome.fresh = false;
    w.service.start();
    const waits: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const conn = await w.server.waitForConnection(n);
      conn.close(4000, 'internal error');
      const error = await waitFor(() => w.service.getStatus().state === 'reconnecting' && w.service.getStatus().error?.match(/reconnecting in (\d+) s/), `retry ${n}`);
      waits.push(Number(error[1]));
      expect(w.service.getStatus().error).toMatch(/Could not connect.*server error, 4000/);
      w.clock.advance(Number(error[1]) * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
  });

  it('retries quickly while an outage is young, then with the doubling backoff', async () => {
    // Attempts are counted where they start, so that the waits do not depend on how fast a socket connects.
    let attempts = 0;
    const wsFactory: WebSocketFactory = (url) => {
      attempts++;
      return defaultWebSocketFactory(url);
    };
    const w = await world({ service: { quickReconnect: { backoff: { initialMs: 100, maxMs: 400 }, forMs: 2_000 }, wsFactory } });
    w.server.autoWelcome.fresh = false;
    w.service.start();
    const outageStart = w.clock.now();
    const waits: number[] = [];
    for (let n = 1; n <= 9; n++) {
      const conn = await w.server.waitForConnection(n);
      conn.close(4000, 'internal error');
      await waitFor(() => w.service.getStatus().state === 'reconnecting' && w.service.getStatus().error !== null, `retry ${n}`);
      // The wait is found by advancing the clock until the next connection is attempted.
      let waited = 0;
      while (attempts === n) {
        w.clock.advance(100);
        waited += 100;
        if (waited > 20_000) throw new Error('no reconnect');
      }
      waits.push(waited);
    }
    // Quick waits while the outage is younger than 2 s (the last one starts at 1.9 s); then 1 s, 2 s (the doubling backoff from its start).
    expect(waits.join(' ')).toBe('100 200 400 400 400 400 400 1000 2000');
    expect(w.clock.now() - outageStart).toBeGreaterThan(2_000);
  });

  it('a successful session ends the outage: the next loss starts quick again', async () => {
    const w = await world({ service: { quickReconnect: { backoff: { initialMs: 100, maxMs: 400 }, forMs: 2_000 } } });
    const conn1 = await connected(w);
    conn1.terminate();
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting');
    w.clock.advance(100);
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.service.getStatus().state === 'connected' && allSettled(w) && w.gaps.length === 2, 'the second session');
    // Well after the first loss (less than the sleep detector's threshold): without the reset, this
    // loss would count as part of the first, old outage.
    w.clock.advance(5_000);
    conn2.terminate();
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting again');
    w.clock.advance(99);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(w.server.connections).toHaveLength(2);
    w.clock.advance(1);
    await w.server.waitForConnection(3);
  });

  it.each([
    [4003, 'connection unused'],
    [4007, 'invalid reconnect'],
  ])('close %i: reconnects with backoff on a fresh session and creates the subscriptions again', async (code, words) => {
    const w = await world();
    const conn1 = await connected(w);
    conn1.close(code, words);
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting');
    expect(w.service.getStatus().error).toContain(`${words}, ${code}`);
    w.clock.advance(1000);
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the second session');
    expect(w.gaps[1]?.reason).toBe('drop');
    expect(w.api.calls.slice(5).every((c) => c.transport.session_id === conn2.sessionId)).toBe(true);
  });

  it('treats a clock jump far beyond the sleep detector interval as a wake from sleep: new session, reconnect gap', async () => {
    const w = await world();
    const conn1 = await connected(w);
    const lastMessage = w.clock.now();
    w.clock.advance(5000);
    expect(conn1.isClosed()).toBe(false);
    w.clock.jump(10 * 60_000);
    w.clock.advance(5000);
    await conn1.closed;
    // No backoff after a wake: the old connection was not refused, it was lost to the sleep.
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the second session');
    expect(w.gaps[1]).toEqual({ reason: 'reconnect', since: new Date(lastMessage) });
    expect(w.service.getStatus().sessionId).toBe(conn2.sessionId);
  });
});

describe('EventsService: session_reconnect', () => {
  it('connects to the reconnect URL, keeps the old socket until the new welcome, creates nothing, loses and doubles nothing', async () => {
    const w = await world();
    const conn1 = await connected(w);
    const ids: string[] = [];
    w.service.onNotification(redemptionAdd, (event) => ids.push(idOf(event)));
    w.server.autoWelcome.reconnects = false;

    conn1.sessionReconnect(w.server.reconnectUrlFor(conn1.sessionId));
    const conn2 = await w.server.waitForConnection(2);
    expect(conn2.reconnectOf).toBe(conn1.sessionId);
    expect(conn1.isClosed()).toBe(false);

    // Until the new welcome, the old socket still delivers.
    conn1.notify(redemptionAdd, redemptionEvent('r1'), { messageId: 'a' });
    await waitFor(() => ids.length === 1, 'the event on the old socket');
    expect(conn1.isClosed()).toBe(false);
    expect(w.service.getStatus().state).toBe('connected');

    conn2.welcome();
    const closed = await conn1.closed;
    expect(closed.code).toBe(1000);
    // The platform may send again on the new socket what the old one already delivered.
    conn2.notify(redemptionAdd, redemptionEvent('r1'), { messageId: 'a' });
    conn2.notify(redemptionAdd, redemptionEvent('r2'), { messageId: 'b' });
    await waitFor(() => ids.length === 2, 'the event on the new socket');
    expect(ids).toEqual(['r1', 'r2']);
    expect(w.api.calls).toHaveLength(5);
    expect(w.gaps).toHaveLength(1);
    expect(w.service.getStatus()).toMatchObject({ state: 'connected', sessionId: conn2.sessionId });
    expect(w.service.getStatus().subscriptions.every((s) => s.status === 'enabled')).toBe(true);

    // The new socket is the one watched now: its silence is what counts.
    w.clock.advance(13_000);
    await conn2.closed;
  });

  it('waits for the new welcome when the old socket is closed first (4004), without a gap', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.server.autoWelcome.reconnects = false;
    conn1.sessionReconnect(w.server.reconnectUrlFor(conn1.sessionId));
    const conn2 = await w.server.waitForConnection(2);
    conn1.close(4004, 'reconnect grace time expired');
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'the hand-over without the old socket');
    conn2.welcome();
    await waitFor(() => w.service.getStatus().state === 'connected', 'the new welcome');
    expect(w.service.getStatus().sessionId).toBe(conn2.sessionId);
    expect(w.server.connections).toHaveLength(2);
    expect(w.api.calls).toHaveLength(5);
    expect(w.gaps).toHaveLength(1);
  });

  it('starts a fresh session with a reconnect gap when the reconnect URL fails', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.server.autoWelcome.reconnects = false;
    conn1.sessionReconnect(w.server.reconnectUrlFor(conn1.sessionId));
    const conn2 = await w.server.waitForConnection(2);
    conn2.close(4007, 'invalid reconnect');
    await conn1.closed;
    const conn3 = await w.server.waitForConnection(3);
    expect(conn3.reconnectOf).toBeNull();
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the fresh session');
    expect(w.gaps[1]?.reason).toBe('reconnect');
    expect(w.api.calls.slice(5).every((c) => c.transport.session_id === conn3.sessionId)).toBe(true);
  });
});

describe('EventsService: revocation and account', () => {
  it('records a revoked subscription with its reason, signals it, and does not create it again', async () => {
    const w = await world();
    const conn1 = await connected(w);
    conn1.revoke(redemptionAdd, 'authorization_revoked', { subscriptionId: 'sub-3' });
    await waitFor(() => w.revoked.length === 1, 'the revocation');
    expect(w.revoked[0]).toEqual({ type: redemptionAdd, version: '1', condition: { broadcaster_user_id: '1001' }, reason: 'authorization_revoked', subscriptionId: 'sub-3' });
    expect(subscriptionStatus(w, redemptionAdd)).toEqual({ type: redemptionAdd, status: 'revoked', error: expect.stringMatching(/authorization_revoked.*Sign in again/) });
    expect(w.service.getStatus().error).toMatch(/revoked.*Sign in again/);

    conn1.terminate();
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting');
    w.clock.advance(1000);
    await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2, 'the second session');
    expect(w.api.calls.slice(5).map((c) => c.type)).not.toContain(redemptionAdd);
    expect(w.api.calls).toHaveLength(9);
    expect(subscriptionStatus(w, redemptionAdd)?.status).toBe('revoked');
  });

  it('closes on sign-out, clears the subscriptions, and starts over for another account', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.auth.set(signedOut);
    await conn1.closed;
    expect(w.service.getStatus()).toEqual({ state: 'idle', sessionId: null, connectedAt: null, lastMessageAt: null, subscriptions: [], error: null });
    w.clock.advance(120_000);
    expect(w.server.connections).toHaveLength(1);

    w.auth.set(signedIn('2002'));
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the other account');
    expect(w.gaps[1]).toEqual({ reason: 'start', since: null });
    expect(w.api.calls.slice(5).every((c) => c.condition.broadcaster_user_id === '2002' && c.transport.session_id === conn2.sessionId)).toBe(true);

    // Another account straight away (no signed-out state between) also closes the old session.
    w.auth.set(signedIn('3003'));
    await conn2.closed;
    await w.server.waitForConnection(3);
    await waitFor(() => w.gaps.length === 3 && allSettled(w), 'the third account');
    expect(w.api.calls.slice(10).every((c) => c.condition.broadcaster_user_id === '3003')).toBe(true);
  });

  it('keeps the session while the same account signs in again, and while its sign-in needs renewing', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.auth.set({ ...signedIn(), status: 'signingIn' });
    w.auth.set(signedIn());
    expect(conn1.isClosed()).toBe(false);
    // The one rule: the channel on screen is still this account's, and its events still arrive.
    w.auth.set({ ...signedIn(), scopes: [], status: 'needsSignIn' });
    const ids: string[] = [];
    w.service.onNotification(redemptionAdd, (event) => ids.push(idOf(event)));
    conn1.notify(redemptionAdd, redemptionEvent('r1'), { messageId: 'kept' });
    await waitFor(() => ids.length === 1, 'an event while the sign-in needs renewing');
    expect(conn1.isClosed()).toBe(false);
    expect(w.service.getStatus().state).toBe('connected');
    expect(w.api.calls).toHaveLength(5);
  });

  it('opens no new session while the sign-in needs renewing, and reconnects once signed in again', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.auth.set({ ...signedIn(), scopes: [], status: 'needsSignIn' });
    conn1.terminate();
    await waitFor(() => w.service.getStatus().state === 'reconnecting', 'reconnecting');
    w.clock.advance(120_000);
    expect(w.server.connections).toHaveLength(1);
    expect(w.api.calls).toHaveLength(5);
    expect(w.service.getStatus()).toMatchObject({ state: 'reconnecting', error: "Sign in again to reconnect to your channel's events." });

    w.auth.set({ ...signedIn(), status: 'signingIn' });
    expect(w.server.connections).toHaveLength(1);
    w.auth.set(signedIn());
    const conn2 = await w.server.waitForConnection(2);
    await waitFor(() => w.gaps.length === 2 && allSettled(w), 'the second session');
    expect(w.api.calls.slice(5).every((c) => c.transport.session_id === conn2.sessionId)).toBe(true);
    expect(w.gaps[1]).toMatchObject({ reason: 'drop' });
  });

  it('stops at sign-out, and also when the sign-in is needed for no known account', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.auth.set({ ...signedOut, status: 'needsSignIn' });
    expect(conn1.isClosed()).toBe(false);
    w.auth.set(signedOut);
    await conn1.closed;
    expect(w.service.getStatus().state).toBe('idle');
  });

  it('dispose closes the socket and leaves no timer behind', async () => {
    const w = await world();
    const conn1 = await connected(w);
    w.service.dispose();
    await conn1.closed;
    expect(w.clock.pendingTimers()).toBe(0);
    expect(w.service.getStatus().state).toBe('idle');
  });
});
