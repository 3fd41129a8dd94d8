import type { AuthState } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { Backoff, defaultBackoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import { eventSchemas, isKnownEventType, type EventPayloads, type KnownEventType, type SubscriptionInfo, type WelcomeSession } from './eventsub-messages';
import { EventSubSession, defaultWebSocketFactory, issuePaths, type NotificationMetadata, type SessionEnd, type WebSocketFactory } from './eventsub-session';
import type { EventsStatus } from '../../../shared/ipc/contract';
import { MessageDeduper } from './message-deduper';

export type Condition = Record<string, string>;

export interface WantedSubscription {
  type: string;
  version: string;
  /** A fixed condition, or one built for the signed-in broadcaster. */
  condition: Condition | ((broadcasterUserId: string) => Condition);
}

const forBroadcaster = (broadcasterUserId: string): Condition => ({ broadcaster_user_id: broadcasterUserId });

/** What Sidestage listens to for the signed-in broadcaster. */
export function defaultSubscriptions(): WantedSubscription[] {
  return [
    { type: 'stream.online', version: '1', condition: forBroadcaster },
    { type: 'stream.offline', version: '1', condition: forBroadcaster },
    { type: 'channel.channel_points_custom_reward_redemption.add', version: '1', condition: forBroadcaster },
    { type: 'channel.channel_points_custom_reward_redemption.update', version: '1', condition: forBroadcaster },
    { type: 'channel.charity_campaign.donate', version: '1', condition: forBroadcaster },
  ];
}

export interface EventsAuth {
  getState(): AuthState;
  onChange(listener: (state: AuthState) => void): () => void;
}

export interface EventsServiceOptions {
  /** ws(s)://.../ws; `keepalive_timeout_seconds` is added to it. */
  eventsubUrl: string;
  api: Pick<ApiClient, 'request'>;
  auth: EventsAuth;
  logger: Logger;
  clock?: Clock;
  /** Asked of the server (it clamps to 10..600). Default 30. */
  keepaliveTimeoutSeconds?: number;
  /** Silence longer than the keepalive window plus this means the connection is dead. Default 3 s. */
  keepaliveMarginMs?: number;
  wsFactory?: WebSocketFactory;
  /** Waits between reconnects once an outage is older than `quickReconnect.forMs`, and after failed subscriptions. */
  backoff?: BackoffOptions;
  /**
   * Waits between reconnects while the socket has been down for less than `forMs`: short, so that
   * the queue catches up within a second of the platform's return; after that, `backoff`, so that a
   * long outage is not hammered. null: `backoff` from the first wait. Default: 100..400 ms for 2 min.
   */
  quickReconnect?: { backoff: BackoffOptions; forMs: number } | null;
  /** Default: defaultSubscriptions(). */
  subscriptions?: WantedSubscription[];
  /** How often the sleep detector ticks. Default 5 s. */
  wakeCheckIntervalMs?: number;
  /** A tick this much later than due means the computer slept (or the process stalled). Default 30 s. */
  wakeThresholdMs?: number;
  /** For the jitter of the backoff. */
  random?: () => number;
}

export interface NotificationMeta {
  messageId: string;
  messageTimestamp: string;
  subscriptionId: string;
  subscriptionVersion: string;
}

/**
 * There may have been events that were never delivered: reconcile through the REST API.
 * `start`: a first session (sign-in, start-up); `drop`: the connection was lost or closed;
 * `reconnect`: Sidestage replaced the session itself (wake from sleep, a failed hand-over, reconnect()).
 */
export interface EventsGap {
  reason: 'reconnect' | 'drop' | 'start';
  /** The last moment the previous session was known to be alive; null when there was none. */
  since: Date | null;
}

export interface RevokedSubscription {
  type: string;
  version: string;
  condition: Condition;
  /** `authorization_revoked` | `user_removed` | `version_removed` (or whatever else the platform says). */
  reason: string;
  subscriptionId: string;
}

type NotificationListener = (event: unknown, meta: NotificationMeta) => void;

interface SubscriptionRecord {
  key: string;
  type: string;
  version: string;
  condition: Condition;
  status: 'enabled' | 'pending' | 'failed' | 'revoked';
  error: string | null;
  /** The platform's id, once known (a 409 does not tell it). */
  id: string | null;
  /** Failed or revoked in a way that another try on another session would not change. */
  permanent: boolean;
}

const subscriptionsPath = '/helix/eventsub/subscriptions';

/**
 * Short waits for the first two minutes of an outage: the queue must equal the platform's within a
 * second of the socket's return (`npm run bench -- catch-up`), and a failed WebSocket connect is
 * cheap for the platform. A longer outage falls back to the doubling backoff.
 */
export const defaultQuickReconnect = { backoff: { initialMs: 100, maxMs: 400 }, forMs: 120_000 };

/**
 * The one EventSub WebSocket session of the signed-in account: connects, creates the subscriptions,
 * follows reconnects, survives drops and sleep, and hands typed, de-duplicated events to the rest
 * of main. Whenever events may have been missed it says so (onGap), so that others reconcile.
 */
export class EventsService {
  private readonly clock: Clock;
  private readonly backoff: Backoff;
  private readonly quickBackoff: Backoff | null;
  private readonly quickForMs: number;
  /** When the socket was last lost while the outage lasts (clock ms); null while connected. */
  private outageSince: number | null = null;
  private readonly deduper: MessageDeduper;
  private readonly keepaliveSeconds: number;
  private readonly keepaliveMarginMs: number;
  private readonly wsFactory: WebSocketFactory;
  private readonly wanted: WantedSubscription[];
  private readonly wakeCheckIntervalMs: number;
  private readonly wakeThresholdMs: number;

  private readonly notificationListeners = new Map<string, Set<NotificationListener>>();
  private readonly statusListeners = new Set<(status: EventsStatus) => void>();
  private readonly gapListeners = new Set<(gap: EventsGap) => void>();
  private readonly revokedListeners = new Set<(revoked: RevokedSubscription) => void>();

  /** The broadcaster served now; null while idle. */
  private broadcasterId: string | null = null;
  private authKey: string | null = null;
  private authStatus: AuthState['status'] | null = null;
  /** A revocation said the user withdrew the authorization: only a new sign-in helps. */
  private authorizationRevoked = false;
  private records: SubscriptionRecord[] = [];
  /** The welcomed session whose subscriptions are live. */
  private current: EventSubSession | null = null;
  /** A new session that will need its subscriptions created. */
  private fresh: EventSubSession | null = null;
  /** The session at a `session_reconnect` URL: it inherits the current one's subscriptions. */
  private handover: EventSubSession | null = null;
  private retryTimer: unknown = null;
  private wakeTimer: unknown = null;
  private lastTickAt = 0;
  /** Set when a session ends or starts; reported once the next session's subscriptions are in place. */
  private pendingGap: EventsGap | null = null;
  private everConnected = false;
  private state: EventsStatus['state'] = 'idle';
  private error: string | null = null;
  private lastMessageAt: number | null = null;
  private lastEmitted = '';
  private offAuth: (() => void) | null = null;
  private disposed = false;

  constructor(private readonly options: EventsServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.backoff = new Backoff(options.backoff ?? defaultBackoff, options.random);
    const quick = options.quickReconnect === undefined ? defaultQuickReconnect : options.quickReconnect;
    this.quickBackoff = quick ? new Backoff(quick.backoff, options.random) : null;
    this.quickForMs = quick?.forMs ?? 0;
    this.deduper = new MessageDeduper({ now: () => this.clock.now() });
    this.keepaliveSeconds = options.keepaliveTimeoutSeconds ?? 30;
    this.keepaliveMarginMs = options.keepaliveMarginMs ?? 3000;
    this.wsFactory = options.wsFactory ?? defaultWebSocketFactory;
    this.wanted = [...(options.subscriptions ?? defaultSubscriptions())];
    this.wakeCheckIntervalMs = options.wakeCheckIntervalMs ?? 5000;
    this.wakeThresholdMs = options.wakeThresholdMs ?? 30_000;
  }

  /** Follows the account from now on: connected while signed in, idle otherwise. */
  start(): void {
    if (this.offAuth || this.disposed) return;
    this.offAuth = this.options.auth.onChange((state) => this.applyAuth(state));
    this.applyAuth(this.options.auth.getState());
  }

  getStatus(): EventsStatus {
    return {
      state: this.state,
      sessionId: this.current?.sessionId ?? null,
      connectedAt: this.current?.connectedAt ?? null,
      lastMessageAt: this.lastMessageAt === null ? null : new Date(this.lastMessageAt).toISOString(),
      subscriptions: this.records.map((r) => ({ type: r.type, status: r.status, error: r.error })),
      error: this.error,
    };
  }

  onStatusChange(listener: (status: EventsStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onGap(listener: (gap: EventsGap) => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  /** A subscription was revoked; `authorization_revoked` means the user must sign in again. */
  onRevoked(listener: (revoked: RevokedSubscription) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** Events of one type, parsed and de-duplicated. Types Sidestage has no schema for arrive unparsed. */
  onNotification<T extends KnownEventType>(type: T, listener: (event: EventPayloads[T], meta: NotificationMeta) => void): () => void;
  onNotification(type: string, listener: (event: unknown, meta: NotificationMeta) => void): () => void;
  onNotification(type: string, listener: (event: never, meta: NotificationMeta) => void): () => void {
    let set = this.notificationListeners.get(type);
    if (!set) {
      set = new Set();
      this.notificationListeners.set(type, set);
    }
    const stored = listener as NotificationListener;
    set.add(stored);
    return () => void set.delete(stored);
  }

  /** Adds a subscription; created at once on a live session, and on every fresh session after. */
  want(type: string, version: string, condition: WantedSubscription['condition']): void {
    const wanted: WantedSubscription = { type, version, condition };
    this.wanted.push(wanted);
    if (this.broadcasterId === null) return;
    const record = this.recordFor(wanted, this.broadcasterId);
    if (this.records.some((r) => r.key === record.key)) return;
    this.records.push(record);
    const session = this.current;
    this.emitStatus();
    // Before the first welcome (or between sessions) the next session's round creates it.
    if (session) {
      this.createOne(session, record)
        .then(() => this.emitStatus())
        .catch((error: unknown) => this.options.logger.error('EventSub: creating a subscription failed', { type: record.type, error }));
    }
  }

  /** Starts over on a new session (a "Reconnect" button): failed and revoked subscriptions are tried again. */
  reconnect(): void {
    if (this.broadcasterId === null || this.disposed) return;
    for (const r of this.records) Object.assign(r, { status: 'pending', error: null, permanent: false });
    this.error = null;
    this.authorizationRevoked = false;
    this.replaceSession('reconnect', 'Reconnecting');
  }

  dispose(): void {
    if (this.disposed) return;
    this.offAuth?.();
    this.offAuth = null;
    // Terminated, not closed: a polite close waits up to 30 s for the server's answer, which would hold up quitting.
    this.stop('terminate');
    this.disposed = true;
    this.notificationListeners.clear();
    this.statusListeners.clear();
    this.gapListeners.clear();
    this.revokedListeners.clear();
  }

  // ---------- account ----------

  private applyAuth(auth: AuthState): void {
    if (this.disposed) return;
    // While a new sign-in is under way the old tokens still work: keep listening.
    const id = (auth.status === 'signedIn' || auth.status === 'signingIn') && auth.account ? auth.account.id : null;
    // New scopes (a second sign-in that granted more) may make failed subscriptions work.
    const key = id === null ? null : `${id} ${[...auth.scopes].sort().join(' ')}`;
    const unhealthy = this.state === 'error' || this.records.some((r) => r.permanent);
    const completedSignIn = auth.status === 'signedIn' && this.authStatus === 'signingIn';
    this.authStatus = auth.status;
    if (key === this.authKey && !(completedSignIn && unhealthy)) return;
    this.authKey = key;
    if (this.broadcasterId !== null) this.stop();
    if (id !== null) this.begin(id);
  }

  private begin(broadcasterId: string): void {
    this.broadcasterId = broadcasterId;
    const seen = new Set<string>();
    this.records = [];
    for (const wanted of this.wanted) {
      const record = this.recordFor(wanted, broadcasterId);
      if (seen.has(record.key)) continue;
      seen.add(record.key);
      this.records.push(record);
    }
    this.everConnected = false;
    this.authorizationRevoked = false;
    this.pendingGap = { reason: 'start', since: null };
    this.resetBackoff();
    this.lastTickAt = this.clock.now();
    this.wakeTimer = this.clock.setInterval(() => this.tick(), this.wakeCheckIntervalMs);
    this.options.logger.info('connecting to EventSub', { broadcasterId });
    this.connectFresh();
  }

  private stop(how: 'close' | 'terminate' = 'close'): void {
    for (const session of [this.current, this.fresh, this.handover]) {
      if (how === 'close') session?.close(1000, 'signed out');
      else session?.terminate();
    }
    this.current = this.fresh = this.handover = null;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    if (this.wakeTimer !== null) this.clock.clearInterval(this.wakeTimer);
    this.retryTimer = this.wakeTimer = null;
    if (this.broadcasterId !== null) this.options.logger.info('EventSub stopped');
    this.broadcasterId = null;
    this.records = [];
    this.pendingGap = null;
    this.deduper.clear();
    this.lastMessageAt = null;
    this.error = null;
    this.state = 'idle';
    this.emitStatus();
  }

  private recordFor(wanted: WantedSubscription, broadcasterId: string): SubscriptionRecord {
    const condition = typeof wanted.condition === 'function' ? wanted.condition(broadcasterId) : { ...wanted.condition };
    return {
      key: subscriptionKey(wanted.type, wanted.version, condition),
      type: wanted.type,
      version: wanted.version,
      condition,
      status: 'pending',
      error: null,
      id: null,
      permanent: false,
    };
  }

  // ---------- sessions ----------

  private connectFresh(): void {
    let url: string;
    try {
      const parsed = new URL(this.options.eventsubUrl);
      parsed.searchParams.set('keepalive_timeout_seconds', String(this.keepaliveSeconds));
      url = parsed.toString();
    } catch {
      this.fail(`The EventSub address "${this.options.eventsubUrl}" is not a valid URL.`);
      return;
    }
    this.state = this.everConnected ? 'reconnecting' : 'connecting';
    this.fresh = this.openSession(url, this.keepaliveSeconds);
    this.emitStatus();
  }

  private openSession(url: string, keepaliveSeconds: number): EventSubSession {
    const session: EventSubSession = new EventSubSession({
      url,
      wsFactory: this.wsFactory,
      clock: this.clock,
      logger: this.options.logger,
      keepaliveSeconds,
      keepaliveMarginMs: this.keepaliveMarginMs,
      handlers: {
        activity: (at) => this.onActivity(session, at),
        welcome: (info) => this.onWelcome(session, info),
        notification: (metadata, subscription, event) => this.onNotificationFrame(session, metadata, subscription, event),
        revocation: (metadata, subscription) => this.onRevocation(session, metadata, subscription),
        reconnect: (reconnectUrl) => this.onReconnect(session, reconnectUrl),
        end: (end) => this.onEnd(session, end),
      },
    });
    return session;
  }

  private isOurs(session: EventSubSession): boolean {
    return session === this.current || session === this.fresh || session === this.handover;
  }

  private onActivity(session: EventSubSession, at: number): void {
    if (!this.isOurs(session)) return;
    this.lastMessageAt = at;
    this.emitStatus();
  }

  private onWelcome(session: EventSubSession, info: WelcomeSession): void {
    if (session === this.handover) {
      // The hand-over is complete: the new socket carries the same subscriptions, so nothing is created.
      const old = this.current;
      this.current = session;
      this.handover = null;
      old?.close(1000, 'reconnected');
      this.state = 'connected';
      this.error = this.revokedAuthorizationError();
      this.options.logger.info('EventSub session moved to the reconnect URL', { sessionId: info.id });
      this.emitStatus();
      // Only what was still being created when the hand-over began (want() during it, say) needs creating.
      const pending = this.records.filter((r) => r.status === 'pending');
      if (pending.length > 0) {
        Promise.all(pending.map((r) => this.createOne(session, r)))
          .then(() => this.emitStatus())
          .catch((error: unknown) => this.options.logger.error('EventSub: creating the subscriptions failed', { error }));
      }
      return;
    }
    if (session !== this.fresh) return;
    this.fresh = null;
    this.current?.close(1000, 'replaced');
    this.current = session;
    this.everConnected = true;
    this.state = 'connected';
    this.error = null;
    this.options.logger.info('EventSub session welcomed', { sessionId: info.id, keepaliveSeconds: info.keepalive_timeout_seconds ?? null });
    this.createAll(session).catch((error: unknown) => this.options.logger.error('EventSub: creating the subscriptions failed', { error }));
  }

  private onReconnect(session: EventSubSession, reconnectUrl: string): void {
    if (session !== this.current) return;
    this.handover?.close(1000, 'superseded');
    this.options.logger.info('EventSub asked to reconnect', { host: hostOf(reconnectUrl) });
    // Connected to "as given": the URL carries what the server needs, and the keepalive window carries over with the session.
    this.handover = this.openSession(reconnectUrl, session.keepaliveSeconds);
  }

  private onEnd(session: EventSubSession, end: SessionEnd): void {
    if (!this.isOurs(session)) return;
    const what = describeEnd(end);
    if (session === this.handover) {
      this.handover = null;
      this.options.logger.warn('EventSub reconnect URL failed; starting a new session', { code: end.code, reason: end.reason });
      // The old socket is about to be closed by the server (4004); a fresh session is the only way on.
      this.replaceSession('reconnect', 'The platform asked for a reconnect that failed');
      return;
    }
    if (session === this.current) {
      this.current = null;
      if (this.handover) {
        // The old socket went first (e.g. 4004 grace expired); the new one will still be welcomed.
        this.options.logger.info('EventSub old session closed during the hand-over', { code: end.code });
        this.state = 'reconnecting';
        this.emitStatus();
        return;
      }
      this.options.logger.warn('EventSub connection lost', { code: end.code, reason: end.reason, cause: end.cause });
      this.notePossibleGap('drop');
      this.scheduleReconnect(`Lost the connection to the platform's events (${what})`);
      return;
    }
    // A fresh session that never got as far as a welcome.
    this.fresh = null;
    this.options.logger.warn('EventSub connection failed', { code: end.code, reason: end.reason, cause: end.cause });
    this.scheduleReconnect(`Could not connect to the platform's events (${what})`);
  }

  /** Drops every session and starts a fresh one at once (sleep, failed hand-over, reconnect()). */
  private replaceSession(reason: EventsGap['reason'], why: string): void {
    for (const session of [this.current, this.fresh, this.handover]) session?.terminate();
    this.notePossibleGap(reason);
    this.current = this.fresh = this.handover = null;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.markPending();
    this.options.logger.info('EventSub starting a new session', { why });
    this.connectFresh();
  }

  private resetBackoff(): void {
    this.backoff.reset();
    this.quickBackoff?.reset();
    this.outageSince = null;
  }

  /**
   * `lost`: the socket dropped or could not connect, which costs the platform nothing to retry
   * soon; `refused`: it connected but no subscription could be created (each retry costs API calls).
   */
  private scheduleReconnect(why: string, kind: 'lost' | 'refused' = 'lost'): void {
    this.markPending();
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    const now = this.clock.now();
    this.outageSince ??= now;
    const quick = kind === 'lost' && this.quickBackoff !== null && now - this.outageSince < this.quickForMs;
    const delay = quick ? this.quickBackoff!.next() : this.backoff.next();
    this.state = 'reconnecting';
    this.error = `${why}; reconnecting in ${Math.max(1, Math.ceil(delay / 1000))} s.`;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      if (this.broadcasterId !== null) this.connectFresh();
    }, delay);
    this.emitStatus();
  }

  /** Stops trying until the account changes or reconnect() is called: trying again would not help. */
  private fail(message: string): void {
    for (const session of [this.current, this.fresh, this.handover]) session?.close(1000, 'giving up');
    this.current = this.fresh = this.handover = null;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.state = 'error';
    this.error = message;
    this.options.logger.warn('EventSub gave up', { message });
    this.emitStatus();
  }

  /** Subscriptions of a websocket transport live and die with its session. */
  private markPending(): void {
    for (const r of this.records) {
      if (r.status === 'revoked' || (r.status === 'failed' && r.permanent)) continue;
      Object.assign(r, { status: 'pending', error: null, id: null });
    }
  }

  private notePossibleGap(reason: EventsGap['reason']): void {
    // An earlier gap not yet reported reaches further back: keep it.
    if (this.pendingGap) return;
    // The last frame of any session: up to then the connection was alive and delivering.
    const since = this.lastMessageAt;
    this.pendingGap = { reason, since: since === null ? null : new Date(since) };
  }

  private tick(): void {
    const now = this.clock.now();
    const late = now - this.lastTickAt - this.wakeCheckIntervalMs;
    this.lastTickAt = now;
    if (late < this.wakeThresholdMs || this.broadcasterId === null) return;
    // Timers stand still while the computer sleeps, so the watchdog cannot notice that the socket died meanwhile.
    this.options.logger.info('the computer seems to have slept; renewing the EventSub session', { lateMs: late });
    if (this.state === 'error') return;
    this.resetBackoff();
    this.replaceSession('reconnect', 'woke from sleep');
  }

  // ---------- subscriptions ----------

  private async createAll(session: EventSubSession): Promise<void> {
    const targets = this.records.filter((r) => r.status === 'pending');
    this.emitStatus();
    await Promise.all(targets.map((r) => this.createOne(session, r)));
    if (this.current !== session) return;
    const enabled = this.records.some((r) => r.status === 'enabled');
    if (!enabled) {
      if (this.records.every((r) => r.permanent)) {
        const reasons = this.records.map((r) => r.error).filter((e): e is string => e !== null);
        this.fail(reasons.length > 0 ? `No platform events can be received: ${reasons[0]}` : 'No platform events are wanted.');
        return;
      }
      // A session without subscriptions is closed by the server (4003); try again later on a new one.
      session.close(1000, 'no subscriptions');
      this.current = null;
      this.scheduleReconnect('Could not subscribe to any platform events', 'refused');
      return;
    }
    this.resetBackoff();
    this.error = this.records.some((r) => r.status === 'failed') ? 'Some platform events are not available; see the list.' : this.revokedAuthorizationError();
    this.emitStatus();
    // Reported only now, so that whoever reconciles does so after new events flow again.
    const gap = this.pendingGap;
    this.pendingGap = null;
    if (gap) this.emit(this.gapListeners, gap, 'gap');
  }

  private async createOne(session: EventSubSession, record: SubscriptionRecord): Promise<void> {
    const sessionId = session.sessionId;
    if (!sessionId) return;
    record.status = 'pending';
    record.error = null;
    try {
      const res = await this.options.api.request<{ data?: { id?: string }[] }>({
        method: 'POST',
        path: subscriptionsPath,
        body: { type: record.type, version: record.version, condition: record.condition, transport: { method: 'websocket', session_id: sessionId } },
        // A repeat after a lost answer gets 409, which counts as success.
        retry: 'safe',
      });
      if (!this.stillWanted(session, record)) return;
      Object.assign(record, { status: 'enabled', error: null, id: res.data?.data?.[0]?.id ?? null, permanent: false });
    } catch (err) {
      if (!this.stillWanted(session, record)) return;
      if (err instanceof ApiError && err.status === 409) {
        Object.assign(record, { status: 'enabled', error: null, permanent: false });
        return;
      }
      const { message, permanent } = describeCreateError(record.type, err);
      Object.assign(record, { status: 'failed', error: message, permanent });
      this.options.logger.warn('EventSub subscription failed', { type: record.type, status: err instanceof AppError ? (err.details.status ?? err.code) : 'unknown', message });
    }
  }

  private stillWanted(session: EventSubSession, record: SubscriptionRecord): boolean {
    return this.current === session && this.records.includes(record);
  }

  // ---------- delivery ----------

  private onNotificationFrame(session: EventSubSession, metadata: NotificationMetadata, subscription: SubscriptionInfo, event: unknown): void {
    if (!this.isOurs(session)) return;
    if (this.deduper.isDuplicate(metadata.message_id)) {
      this.options.logger.debug('EventSub duplicate dropped', { messageId: metadata.message_id });
      return;
    }
    const type = subscription.type;
    let payload: unknown = event;
    if (isKnownEventType(type)) {
      const parsed = eventSchemas[type].safeParse(event);
      if (!parsed.success) {
        this.options.logger.warn('EventSub event did not match its schema; dropped', { type, messageId: metadata.message_id, issues: issuePaths(parsed.error) });
        return;
      }
      payload = parsed.data;
    }
    const listeners = this.notificationListeners.get(type);
    if (!listeners || listeners.size === 0) return;
    const meta: NotificationMeta = {
      messageId: metadata.message_id,
      messageTimestamp: metadata.message_timestamp,
      subscriptionId: subscription.id,
      subscriptionVersion: subscription.version,
    };
    for (const listener of [...listeners]) {
      try {
        listener(payload, meta);
      } catch (err) {
        this.options.logger.error('EventSub notification listener failed', { type, error: err });
      }
    }
  }

  private onRevocation(session: EventSubSession, metadata: NotificationMetadata, subscription: SubscriptionInfo): void {
    if (!this.isOurs(session) || this.deduper.isDuplicate(metadata.message_id)) return;
    const key = subscriptionKey(subscription.type, subscription.version, subscription.condition);
    const record = this.records.find((r) => r.id === subscription.id) ?? this.records.find((r) => r.key === key);
    const reason = subscription.status;
    this.options.logger.warn('EventSub subscription revoked', { type: subscription.type, reason });
    if (record) Object.assign(record, { status: 'revoked', error: revocationWords(reason), permanent: true });
    if (reason === 'authorization_revoked') this.authorizationRevoked = true;
    this.error = this.revokedAuthorizationError() ?? this.error;
    this.emitStatus();
    this.emit(
      this.revokedListeners,
      { type: subscription.type, version: subscription.version, condition: subscription.condition, reason, subscriptionId: subscription.id },
      'revoked',
    );
  }

  private revokedAuthorizationError(): string | null {
    return this.authorizationRevoked
      ? 'The platform revoked Sidestage\'s access to your channel\'s events. Sign in again.'
      : null;
  }

  // ---------- status ----------

  private emitStatus(): void {
    const status = this.getStatus();
    const json = JSON.stringify(status);
    if (json === this.lastEmitted) return;
    this.lastEmitted = json;
    this.emit(this.statusListeners, status, 'status');
  }

  private emit<T>(listeners: Set<(value: T) => void>, value: T, what: string): void {
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (err) {
        this.options.logger.error(`EventSub ${what} listener failed`, { error: err });
      }
    }
  }
}

function subscriptionKey(type: string, version: string, condition: Condition): string {
  const sorted = Object.keys(condition)
    .sort()
    .map((k) => [k, condition[k]]);
  return `${type}@${version}${JSON.stringify(sorted)}`;
}

function describeEnd(end: SessionEnd): string {
  if (end.cause === 'silent') return end.reason;
  const known: Record<number, string> = {
    1006: 'connection dropped',
    4000: 'server error',
    4001: 'client sent a message',
    4002: 'ping-pong failed',
    4003: 'connection unused',
    4004: 'reconnect grace expired',
    4005: 'network timeout',
    4006: 'network error',
    4007: 'invalid reconnect',
  };
  const words = end.code === null ? null : known[end.code];
  return words ? `${words}, ${end.code}` : `closed with ${end.code ?? 'no code'}${end.reason ? `: ${end.reason}` : ''}`;
}

function describeCreateError(type: string, err: unknown): { message: string; permanent: boolean } {
  if (err instanceof ApiError) {
    const says = err.platformMessage ? ` (${err.platformMessage})` : '';
    switch (err.status) {
      case 403:
        return { message: `Sidestage is not allowed to receive ${type} events${says}. Sign in again and grant the permission.`, permanent: true };
      case 401:
        return { message: `The platform did not accept your sign-in for ${type} events${says}. Sign in again.`, permanent: true };
      case 400:
      case 404:
        return { message: `The platform refused the ${type} subscription${says}.`, permanent: true };
      case 429:
        return { message: `Too many event subscriptions for this account${says}.`, permanent: false };
      default:
        return { message: `Could not subscribe to ${type} events: the platform answered ${err.status}${says}.`, permanent: false };
    }
  }
  if (err instanceof AppError) return { message: `Could not subscribe to ${type} events: ${err.message}`, permanent: err.code === 'not_signed_in' };
  return { message: `Could not subscribe to ${type} events.`, permanent: false };
}

function revocationWords(reason: string): string {
  switch (reason) {
    case 'authorization_revoked':
      return 'Revoked: the authorization was withdrawn (authorization_revoked). Sign in again.';
    case 'user_removed':
      return 'Revoked: the account no longer exists or was suspended (user_removed).';
    case 'version_removed':
      return 'Revoked: the platform no longer offers this version of the event (version_removed).';
    default:
      return `Revoked by the platform (${reason}).`;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}
