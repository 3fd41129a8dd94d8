/**
 * The one EventSub WebSocket session of the current broadcaster. The channel-event stream asks it
 * for a type with `want` and listens with `onNotification`; no other service reaches it (a lint
 * rule). It subscribes after the welcome, watches the keepalive, follows `session_reconnect` (the
 * new socket before the old one closes), reconnects after a drop (short waits for two minutes, then
 * a doubling backoff), drops duplicates by `message_id`, detects a wake from sleep, handles
 * revocations, and reports each `onGap` once the new session's subscriptions exist. While a
 * sign-in is renewed the session stays, and nothing is created until the API can be called again.
 */
import type { EventsStatus } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import { Backoff, defaultBackoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import { followCurrentBroadcaster, type AuthSource, type BroadcasterChange, type BroadcasterSource } from '../common/current-broadcaster';
import type { SubscriptionInfo, WelcomeSession } from './eventsub-messages';
import { EventSubSession, defaultWebSocketFactory, type NotificationMetadata, type SessionEnd, type WebSocketFactory } from './eventsub-session';
import { EventSubscriptions, wantedSubscription, type Condition, type SubscriptionRecord, type WantOptions } from './event-subscriptions';
import { MessageDeduper } from './message-deduper';

export { forBroadcaster, type Condition, type WantedSubscription, type WantOptions } from './event-subscriptions';

export interface EventsServiceOptions {
  /** ws(s)://.../ws; `keepalive_timeout_seconds` is added to it. */
  eventsubUrl: string;
  api: Pick<ApiClient, 'request'>;
  /** Whose channel's events, and whether subscriptions may be created for it now. */
  broadcaster: BroadcasterSource;
  /** The granted scopes, read when the API becomes callable: a sign-in that granted more may make failed subscriptions work. */
  auth: Pick<AuthSource, 'getState'>;
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

interface Notification {
  event: unknown;
  meta: NotificationMeta;
}

/**
 * Short waits for the first two minutes of an outage: the queue must equal the platform's within a
 * second of the socket's return (`npm run bench -- catch-up`), and a failed WebSocket connect is
 * cheap for the platform. A longer outage falls back to the doubling backoff.
 */
export const defaultQuickReconnect = { backoff: { initialMs: 100, maxMs: 400 }, forMs: 120_000 };

const waitingForSignIn = "Sign in again to reconnect to your channel's events.";

/**
 * The one EventSub WebSocket session of the current broadcaster: connects, has the wanted
 * subscriptions created (`event-subscriptions.ts`), follows reconnects, survives drops and sleep,
 * and hands de-duplicated notifications to the channel-event stream (`channel-events.ts`), which
 * types them for the rest of main. Whenever events may have been missed
 * it says so (onGap), so that others reconcile.
 *
 * Whose channel follows the one rule (`CurrentBroadcaster`): while a sign-in is under way or
 * needs renewing, the session of the last account stays up, but nothing is created and no new
 * session is opened until the API can be called again (a session without subscriptions would
 * only be closed by the platform).
 */
export class EventsService extends Disposable {
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
  private readonly subscriptions: EventSubscriptions;
  private readonly wakeCheckIntervalMs: number;
  private readonly wakeThresholdMs: number;

  private readonly notifications = new Map<string, Emitter<Notification>>();
  private readonly statusChanges = new Emitter<EventsStatus>();
  private readonly gaps = new Emitter<EventsGap>();
  private readonly revocations = new Emitter<RevokedSubscription>();

  /** The broadcaster served now; null while idle. */
  private broadcasterId: string | null = null;
  /** Signed in as that broadcaster: subscriptions can be created. */
  private canCallApi = false;
  /** The scopes of the last signed-in state: new ones (a sign-in that granted more) may make failed subscriptions work. */
  private scopesKey: string | null = null;
  /** No session is open, and none will be until the sign-in is back or something is wanted. */
  private parked = false;
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
  private started = false;
  private disposed = false;

  constructor(private readonly options: EventsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.backoff = new Backoff(options.backoff ?? defaultBackoff, options.random);
    const quick = options.quickReconnect === undefined ? defaultQuickReconnect : options.quickReconnect;
    this.quickBackoff = quick ? new Backoff(quick.backoff, options.random) : null;
    this.quickForMs = quick?.forMs ?? 0;
    this.deduper = new MessageDeduper({ now: () => this.clock.now() });
    this.keepaliveSeconds = options.keepaliveTimeoutSeconds ?? 30;
    this.keepaliveMarginMs = options.keepaliveMarginMs ?? 3000;
    this.wsFactory = options.wsFactory ?? defaultWebSocketFactory;
    this.subscriptions = new EventSubscriptions(options.api, options.logger, (added) => this.onWantedChanged(added));
    this.wakeCheckIntervalMs = options.wakeCheckIntervalMs ?? 5000;
    this.wakeThresholdMs = options.wakeThresholdMs ?? 30_000;
  }

  /** Follows the account from now on: connected while something is wanted for the current broadcaster, idle otherwise. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.register(followCurrentBroadcaster(this.options.broadcaster, (change) => this.applyBroadcaster(change)));
  }

  getStatus(): EventsStatus {
    return {
      state: this.state,
      sessionId: this.current?.sessionId ?? null,
      connectedAt: this.current?.connectedAt ?? null,
      lastMessageAt: this.lastMessageAt === null ? null : new Date(this.lastMessageAt).toISOString(),
      subscriptions: this.subscriptions.statuses(),
      error: this.error,
    };
  }

  readonly onStatusChange = (listener: (status: EventsStatus) => void): Disposer => this.statusChanges.on(listener);

  readonly onGap = (listener: (gap: EventsGap) => void): Disposer => this.gaps.on(listener);

  /** A subscription was revoked; `authorization_revoked` means the user must sign in again. */
  readonly onRevoked = (listener: (revoked: RevokedSubscription) => void): Disposer => this.revocations.on(listener);

  /**
   * The `payload.event` of every notification of one type, de-duplicated by message id and as
   * the platform sent it (unparsed): only the channel-event stream (`channel-events.ts`) listens
   * here, and reads each one through its source's schema. Listening asks for nothing: `want()` does.
   */
  onNotification(type: string, listener: (event: unknown, meta: NotificationMeta) => void): Disposer {
    let emitter = this.notifications.get(type);
    if (!emitter) {
      emitter = new Emitter();
      this.notifications.set(type, emitter);
    }
    return emitter.on(({ event, meta }) => listener(event, meta));
  }

  /**
   * Asks for a subscription until the disposer is called: created on the live session at once,
   * and on every new session after. The condition defaults to `{ broadcaster_user_id }` of the
   * current broadcaster.
   */
  want(type: string, options: WantOptions): Disposer {
    if (this.disposed) return () => {};
    return this.subscriptions.want(wantedSubscription(type, options));
  }

  /** Starts over on a new session (a "Reconnect" button): failed and revoked subscriptions are tried again. */
  reconnect(): void {
    if (this.broadcasterId === null || this.disposed) return;
    this.subscriptions.retryAll();
    this.error = null;
    this.replaceSession('reconnect', 'Reconnecting');
  }

  override dispose(): void {
    if (this.disposed) return;
    super.dispose();
    // Terminated, not closed: a polite close waits up to 30 s for the server's answer, which would hold up quitting.
    this.stop('terminate');
    this.disposed = true;
    for (const emitter of this.notifications.values()) emitter.dispose();
    this.notifications.clear();
    this.statusChanges.dispose();
    this.gaps.dispose();
    this.revocations.dispose();
  }

  // ---------- account ----------

  private applyBroadcaster({ id, canCallApi: callable, signedInNow }: BroadcasterChange): void {
    if (this.disposed) return;
    const wasCallable = this.canCallApi;
    this.canCallApi = callable;
    const scopesKey = callable ? [...this.options.auth.getState().scopes].sort().join(' ') : this.scopesKey;
    if (id !== this.broadcasterId) {
      if (this.broadcasterId !== null) this.stop();
      this.scopesKey = scopesKey;
      if (id !== null) this.begin(id);
      return;
    }
    if (id === null || !callable) {
      if (wasCallable && !callable) this.emitStatus();
      return;
    }
    const unhealthy = this.state === 'error' || this.subscriptions.anyPermanent;
    if (scopesKey !== this.scopesKey || (signedInNow && unhealthy)) {
      this.scopesKey = scopesKey;
      this.stop();
      this.begin(id);
      return;
    }
    if (!wasCallable) this.resume();
  }

  private begin(broadcasterId: string): void {
    this.broadcasterId = broadcasterId;
    this.subscriptions.serve(broadcasterId);
    this.everConnected = false;
    this.pendingGap = { reason: 'start', since: null };
    this.resetBackoff();
    this.lastTickAt = this.clock.now();
    this.wakeTimer = this.clock.setInterval(() => this.tick(), this.wakeCheckIntervalMs);
    this.connectFresh();
  }

  /** The API can be called again for the same broadcaster: open the session that waited, or create what is pending. */
  private resume(): void {
    if (this.parked) {
      this.connectFresh();
      return;
    }
    const session = this.current;
    if (session && this.subscriptions.pending().length > 0) this.createPending(session);
    else this.emitStatus();
  }

  /** A feature asked for a subscription (added) or released the last hold on one (null). */
  private onWantedChanged(added: SubscriptionRecord | null): void {
    if (this.broadcasterId === null || this.disposed) return;
    if (added === null && this.subscriptions.records.length === 0) {
      // Nothing is wanted any more: a session without subscriptions would be closed by the platform.
      this.closeSessions('close', 'nothing wanted');
      this.park();
      return;
    }
    if (added && this.parked) {
      this.connectFresh();
      return;
    }
    // Before the first welcome (or between sessions) the next session's round creates it.
    const session = this.current;
    if (added && session && this.canCallApi) this.createPending(session);
    else this.emitStatus();
  }

  private stop(how: 'close' | 'terminate' = 'close'): void {
    this.closeSessions(how, 'signed out');
    if (this.wakeTimer !== null) this.clock.clearInterval(this.wakeTimer);
    this.wakeTimer = null;
    if (this.broadcasterId !== null) this.options.logger.info('EventSub stopped');
    this.broadcasterId = null;
    this.parked = false;
    this.subscriptions.serve(null);
    this.pendingGap = null;
    this.deduper.clear();
    this.lastMessageAt = null;
    this.error = null;
    this.state = 'idle';
    this.emitStatus();
  }

  private closeSessions(how: 'close' | 'terminate', reason: string): void {
    for (const session of [this.current, this.fresh, this.handover]) {
      if (how === 'close') session?.close(1000, reason);
      else session?.terminate();
    }
    this.current = this.fresh = this.handover = null;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** No session until the sign-in is back (or something is wanted): says which in the status. */
  private park(): void {
    this.parked = true;
    if (this.subscriptions.records.length === 0) {
      this.state = 'idle';
      this.error = null;
    } else {
      this.state = this.everConnected ? 'reconnecting' : 'connecting';
      this.error = waitingForSignIn;
    }
    this.emitStatus();
  }

  // ---------- sessions ----------

  private connectFresh(): void {
    if (!this.canCallApi || this.subscriptions.records.length === 0) {
      this.park();
      return;
    }
    this.parked = false;
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
    // Read with the status, not announced: every frame brings one, and announcing each made a chat
    // flood a status change per line (to every window and the go-live checklist) for nothing shown.
    this.lastMessageAt = at;
  }

  private onWelcome(session: EventSubSession, info: WelcomeSession): void {
    if (session === this.handover) {
      // The hand-over is complete: the new socket carries the same subscriptions, so nothing is created.
      const old = this.current;
      this.current = session;
      this.handover = null;
      old?.close(1000, 'reconnected');
      this.state = 'connected';
      this.error = this.subscriptions.revokedAuthorizationError();
      this.options.logger.info('EventSub session moved to the reconnect URL', { sessionId: info.id });
      this.emitStatus();
      // Only what was still being created when the hand-over began (want() during it, say) needs creating.
      if (this.canCallApi && this.subscriptions.pending().length > 0) this.createPending(session);
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
    // Without the sign-in nothing can be created; resume() does it once the API can be called again.
    if (!this.canCallApi) {
      this.emitStatus();
      return;
    }
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
    this.closeSessions('terminate', why);
    this.notePossibleGap(reason);
    this.subscriptions.markPending();
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
    this.subscriptions.markPending();
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
    this.closeSessions('close', 'giving up');
    this.state = 'error';
    this.error = message;
    this.options.logger.warn('EventSub gave up', { message });
    this.emitStatus();
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
    const targets = this.subscriptions.pending();
    this.emitStatus();
    await Promise.all(targets.map((r) => this.createOne(session, r)));
    if (this.current !== session) return;
    if (this.subscriptions.records.length === 0) {
      this.closeSessions('close', 'nothing wanted');
      this.park();
      return;
    }
    if (!this.subscriptions.anyEnabled) {
      if (this.subscriptions.allPermanent) {
        const reason = this.subscriptions.firstError();
        this.fail(reason !== null ? `No platform events can be received: ${reason}` : 'No platform events can be received.');
        return;
      }
      // A session without subscriptions is closed by the server (4003); try again later on a new one.
      session.close(1000, 'no subscriptions');
      this.current = null;
      this.scheduleReconnect('Could not subscribe to any platform events', 'refused');
      return;
    }
    this.resetBackoff();
    this.error = this.subscriptions.anyFailed ? 'Some platform events are not available; see the list.' : this.subscriptions.revokedAuthorizationError();
    this.emitStatus();
    // Reported only now, so that whoever reconciles does so after new events flow again.
    const gap = this.pendingGap;
    this.pendingGap = null;
    if (gap) this.gaps.fire(gap);
  }

  /** Creates what is pending on a session whose first round is over (want() later, a hand-over, a sign-in back). */
  private createPending(session: EventSubSession): void {
    const pending = this.subscriptions.pending();
    this.emitStatus();
    Promise.all(pending.map((r) => this.createOne(session, r)))
      .then(() => this.emitStatus())
      .catch((error: unknown) => this.options.logger.error('EventSub: creating the subscriptions failed', { error }));
  }

  private async createOne(session: EventSubSession, record: SubscriptionRecord): Promise<void> {
    const sessionId = session.sessionId;
    if (!sessionId) return;
    await this.subscriptions.create(sessionId, record, () => this.current === session && this.subscriptions.isCurrent(record));
  }

  // ---------- delivery ----------

  private onNotificationFrame(session: EventSubSession, metadata: NotificationMetadata, subscription: SubscriptionInfo, event: unknown): void {
    if (!this.isOurs(session)) return;
    if (this.deduper.isDuplicate(metadata.message_id)) {
      this.options.logger.debug('EventSub duplicate dropped', { messageId: metadata.message_id });
      return;
    }
    this.notifications.get(subscription.type)?.fire({
      event,
      meta: {
        messageId: metadata.message_id,
        messageTimestamp: metadata.message_timestamp,
        subscriptionId: subscription.id,
        subscriptionVersion: subscription.version,
      },
    });
  }

  private onRevocation(session: EventSubSession, metadata: NotificationMetadata, subscription: SubscriptionInfo): void {
    if (!this.isOurs(session) || this.deduper.isDuplicate(metadata.message_id)) return;
    const reason = subscription.status;
    this.options.logger.warn('EventSub subscription revoked', { type: subscription.type, reason });
    this.subscriptions.revoke({ id: subscription.id, type: subscription.type, version: subscription.version, condition: subscription.condition, reason });
    this.error = this.subscriptions.revokedAuthorizationError() ?? this.error;
    this.emitStatus();
    this.revocations.fire({ type: subscription.type, version: subscription.version, condition: subscription.condition, reason, subscriptionId: subscription.id });
  }

  // ---------- status ----------

  private emitStatus(): void {
    const status = this.getStatus();
    const json = JSON.stringify(status);
    if (json === this.lastEmitted) return;
    this.lastEmitted = json;
    this.statusChanges.fire(status);
  }
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

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}
