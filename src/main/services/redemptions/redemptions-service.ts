import type { AuthState, QueueDelta, QueueReward, QueueSnapshot, QueueStatus, Redemption, RedemptionFailure, ResolveResult } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { EventsGap, NotificationMeta } from '../events/events-service';
import type { EventPayloads } from '../events/eventsub-messages';
import type { Logger } from '../logger';
import { fromHelixRedemption, fromRedemptionEvent, redemptionsPath, rewardsPath, toQueueReward, type HelixRedemption, type HelixReward } from './helix-redemptions';
import { planUpdates, type OutboxEntry, type RedemptionOutbox, type ResolveStatus } from './redemption-outbox';
import { RedemptionQueue } from './redemption-queue';

export const redemptionAddType = 'channel.channel_points_custom_reward_redemption.add';
export const redemptionUpdateType = 'channel.channel_points_custom_reward_redemption.update';
type RedemptionEventType = typeof redemptionAddType | typeof redemptionUpdateType;

/** What the queue needs of the events service (src/main/services/events). */
export interface RedemptionEventsSource {
  onNotification<T extends RedemptionEventType>(type: T, listener: (event: EventPayloads[T], meta: NotificationMeta) => void): () => void;
  onGap(listener: (gap: EventsGap) => void): () => void;
}

export interface QueueAuth {
  getState(): AuthState;
  onChange(listener: (state: AuthState) => void): () => void;
}

export interface ArrivalContext {
  /** `event`: pushed live; `sync`: found by a reconciliation (missed during a gap, or there at start). */
  source: 'event' | 'sync';
  /** The first reconciliation for this account in this process. */
  initial: boolean;
}

export interface RedemptionsServiceOptions {
  api: Pick<ApiClient, 'get' | 'request' | 'paginate'>;
  auth: QueueAuth;
  events: RedemptionEventsSource;
  outbox: RedemptionOutbox;
  logger: Logger;
  clock?: Clock;
  /** Outbox and reconciliation retry: first wait and the cap (doubling with jitter). Default 1 s .. 60 s. */
  retryMs?: { initial: number; max: number };
  /** PATCH requests in flight at once for one action. Default 4. */
  concurrency?: number;
  random?: () => number;
}

type SendOutcome =
  | { kind: 'done'; count: number }
  | { kind: 'queued'; count: number }
  | { kind: 'failed'; failure: RedemptionFailure };

const maxFailuresKept = 20;
/** How long a redemption known to be done is kept from coming back through a stale list or event. */
const resolvedMemoryMs = 60 * 60_000;

/**
 * The live queue of UNFULFILLED redemptions of the rewards Sidestage's client manages: filled from
 * the REST list, kept live from EventSub, reconciled after every gap, worked through optimistic
 * fulfil/cancel actions that wait in a persisted outbox when they cannot be sent.
 */
export class RedemptionsService {
  private readonly clock: Clock;
  private readonly queue = new RedemptionQueue();
  private readonly retryMs: { initial: number; max: number };
  private readonly random: () => number;
  private rewards = new Map<string, QueueReward>();
  private rewardsKnown = false;
  private rewardsChanged = false;
  /** Numbers of reward-list reads in the order they were asked, and of the one in use: an older read never replaces a newer one. */
  private rewardsAsked = 0;
  private rewardsInUse = 0;
  /** Rewards seen in events that the platform says Sidestage may not manage. */
  private readonly unmanageable = new Set<string>();
  /** Live redemptions of rewards not known yet, waiting for the reward list. */
  private readonly held = new Map<string, Redemption>();
  /** Redemptions known to be FULFILLED or CANCELED: a stale list or a late event must not bring them back. */
  private readonly resolved = new Map<string, number>();
  private broadcasterId: string | null = null;
  private authStatus: AuthState['status'] | null = null;
  private everSynced = false;
  private version = 0;
  private lastSyncedAt: string | null = null;
  private syncing = false;
  private syncError: string | null = null;
  private outboxError: string | null = null;
  private failures: RedemptionFailure[] = [];
  private failuresChanged = false;
  private lastStatusJson = '';
  private lastSize = -1;
  private sync: { promise: Promise<void>; again: boolean } | null = null;
  private duringSync: { added: Map<string, Redemption>; removed: Set<string> } | null = null;
  private rewardsRefresh: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  /** Fulfil/cancel calls under way (for `idle()`). */
  private readonly actions = new Set<Promise<unknown>>();
  private readonly inFlight = new Set<string>();
  private flushTimer: unknown = null;
  private flushAttempt = 0;
  private syncTimer: unknown = null;
  private syncAttempt = 0;
  private readonly offs: (() => void)[] = [];
  private disposed = false;

  private readonly deltaListeners = new Set<(delta: QueueDelta) => void>();
  private readonly arrivalListeners = new Set<(items: Redemption[], context: ArrivalContext) => void>();
  private readonly countListeners = new Set<(count: number) => void>();

  constructor(private readonly options: RedemptionsServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.retryMs = options.retryMs ?? { initial: 1000, max: 60_000 };
    this.random = options.random ?? Math.random;
  }

  start(): void {
    if (this.offs.length || this.disposed) return;
    const { events, auth } = this.options;
    this.offs.push(
      events.onNotification(redemptionAddType, (event) => this.onAdd(event)),
      events.onNotification(redemptionUpdateType, (event) => this.onUpdate(event)),
      events.onGap((gap) => {
        this.options.logger.info('redemption queue: events gap; reconciling', { reason: gap.reason });
        this.background(this.reconcile(), 'reconciling');
        this.background(this.flush(), 'sending the outbox');
      }),
      auth.onChange((state) => this.applyAuth(state)),
    );
    this.applyAuth(auth.getState());
  }

  dispose(): void {
    this.disposed = true;
    for (const off of this.offs.splice(0)) off();
    if (this.flushTimer !== null) this.clock.clearTimeout(this.flushTimer);
    if (this.syncTimer !== null) this.clock.clearTimeout(this.syncTimer);
    this.flushTimer = this.syncTimer = null;
    this.deltaListeners.clear();
    this.arrivalListeners.clear();
    this.countListeners.clear();
  }

  // ---------- reading ----------

  getSnapshot(): QueueSnapshot {
    this.publish();
    return { version: this.version, items: this.queue.list(), rewards: [...this.rewards.values()], status: this.status(), failures: this.failures };
  }

  getStatus(): QueueStatus {
    return this.status();
  }

  get pendingCount(): number {
    return this.queue.size;
  }

  getRedemption(id: string): Redemption | undefined {
    return this.queue.get(id);
  }

  isManageable(rewardId: string): boolean {
    return this.rewards.has(rewardId);
  }

  /** Small changes for a renderer that holds version `baseVersion`. */
  onDelta(listener: (delta: QueueDelta) => void): () => void {
    this.deltaListeners.add(listener);
    return () => this.deltaListeners.delete(listener);
  }

  /** Redemptions that joined the queue for the first time in this process (not rollbacks). */
  onArrived(listener: (items: Redemption[], context: ArrivalContext) => void): () => void {
    this.arrivalListeners.add(listener);
    return () => this.arrivalListeners.delete(listener);
  }

  onPendingCountChange(listener: (count: number) => void): () => void {
    this.countListeners.add(listener);
    return () => this.countListeners.delete(listener);
  }

  // ---------- actions ----------

  fulfill(ids: string[]): Promise<ResolveResult> {
    return this.resolve(ids, 'FULFILLED');
  }

  cancel(ids: string[]): Promise<ResolveResult> {
    return this.resolve(ids, 'CANCELED');
  }

  resolveAllOfReward(rewardId: string, status: ResolveStatus): Promise<ResolveResult> {
    if (this.rewardsKnown && !this.rewards.has(rewardId)) {
      throw new AppError('invalid_argument', 'Sidestage cannot fulfil or cancel redemptions of this reward: it was not created by Sidestage.');
    }
    return this.resolve(
      this.queue.ofReward(rewardId).map((r) => r.id),
      status,
    );
  }

  /** Optimistic: the redemptions leave the queue at once; a refusal puts them back with the reason. */
  resolve(ids: string[], status: ResolveStatus): Promise<ResolveResult> {
    const work = this.resolveNow(ids, status);
    this.actions.add(work);
    const forget = () => void this.actions.delete(work);
    work.then(forget, forget);
    return work;
  }

  /**
   * Resolves once nothing is under way: no reconciliation, reward refresh, outbox send, action or
   * outbox write (timers waiting to retry do not count). For tests and an orderly shutdown.
   */
  async idle(): Promise<void> {
    for (;;) {
      const busy = [this.sync?.promise, this.flushing, this.rewardsRefresh, ...this.actions].filter((p) => p != null);
      if (busy.length === 0) {
        await this.options.outbox.settled().catch(() => {});
        // A write's completion may have let more work start.
        if (!this.sync && !this.flushing && !this.rewardsRefresh && this.actions.size === 0) return;
        continue;
      }
      await Promise.allSettled(busy);
    }
  }

  private async resolveNow(ids: string[], status: ResolveStatus): Promise<ResolveResult> {
    const broadcasterId = this.broadcasterId;
    if (broadcasterId === null) throw new AppError('not_signed_in', 'Sign in to work through the redemption queue.');
    const items = [...new Set(ids)].map((id) => this.queue.get(id)).filter((r): r is Redemption => r !== undefined);
    if (items.length === 0) return { done: 0, queued: 0, failed: [] };
    const entries = planUpdates(items, status, broadcasterId, new Date(this.clock.now()));
    this.queue.remove(items.map((r) => r.id));
    // Written before anything is sent: a crash from here on loses no action.
    const persisted = this.options.outbox.add(entries);
    this.publish();
    try {
      await persisted;
    } catch (err) {
      await this.unsaved(entries, items, broadcasterId);
      throw new AppError('internal', `Could not save the action to disk: ${describeFileError(err)}; nothing was sent. Try again.`);
    }
    const outcomes = await mapLimited(entries, this.options.concurrency ?? 4, (entry) => this.send(entry));
    this.publish();
    return summarise(outcomes);
  }

  /** Sends what waits in the outbox (after a sign-in, a gap, or the retry timer). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Brings the queue in line with the platform's list; concurrent calls share one run (and one re-run). */
  reconcile(): Promise<void> {
    if (this.sync) {
      this.sync.again = true;
      return this.sync.promise;
    }
    const sync = { again: true, promise: Promise.resolve() };
    sync.promise = (async () => {
      try {
        while (sync.again && !this.disposed) {
          sync.again = false;
          await this.syncOnce();
        }
      } finally {
        this.sync = null;
      }
    })();
    this.sync = sync;
    return sync.promise;
  }

  /** Re-reads which rewards Sidestage manages (after one was created, adopted or deleted). */
  refreshRewards(): Promise<void> {
    if (this.rewardsRefresh) return this.rewardsRefresh;
    this.rewardsRefresh = (async () => {
      const broadcasterId = this.broadcasterId;
      if (broadcasterId === null) return;
      try {
        const { rewards, seq } = await this.fetchRewards(broadcasterId);
        if (broadcasterId !== this.broadcasterId) return;
        this.setRewards(rewards, seq);
        // A sync in progress takes the held ones itself.
        if (!this.sync) this.releaseHeld();
      } catch (err) {
        this.options.logger.warn('redemption queue: could not read the rewards', { error: err });
      } finally {
        this.rewardsRefresh = null;
        this.publish();
      }
    })();
    return this.rewardsRefresh;
  }

  dismissFailure(at: string): void {
    const before = this.failures.length;
    this.failures = this.failures.filter((f) => f.at !== at);
    if (this.failures.length !== before) this.failuresChanged = true;
    this.publish();
  }

  /** The outbox could not be written: nothing is sent, and the redemptions go back to the queue. */
  private async unsaved(entries: OutboxEntry[], items: Redemption[], broadcasterId: string): Promise<void> {
    this.options.logger.error('redemption queue: could not write the outbox; action not sent', { count: items.length });
    try {
      await this.options.outbox.remove(entries.map((e) => e.id));
    } catch (err) {
      // Out of the outbox in memory anyway; the next write that works leaves them out on disk too.
      this.options.logger.warn('redemption queue: could not write the outbox after taking an unsaved action out', { error: err });
    }
    if (broadcasterId === this.broadcasterId) {
      for (const r of items) if (!this.isResolved(r.id) && this.rewards.has(r.rewardId)) this.queue.add(r);
    }
    this.publish();
  }

  // ---------- account ----------

  private applyAuth(state: AuthState): void {
    if (this.disposed) return;
    const previous = this.authStatus;
    this.authStatus = state.status;
    // While the sign-in needs renewing (or a new one runs) the queue stays as it was, marked stale by lastSyncedAt.
    const id = state.status === 'signedIn' ? (state.account?.id ?? null) : state.status === 'signedOut' ? null : this.broadcasterId;
    if (id !== this.broadcasterId) {
      this.switchAccount(id);
      if (id !== null) {
        this.background(this.reconcile(), 'reconciling');
        this.background(this.flush(), 'sending the outbox');
      }
    } else if (id !== null && state.status === 'signedIn' && previous !== 'signedIn') {
      // Signed in again: whatever waited for the sign-in goes now, and the queue catches up.
      this.options.logger.info('redemption queue: signed in again; reconciling and sending the outbox');
      this.background(this.reconcile(), 'reconciling');
      this.background(this.flush(), 'sending the outbox');
    }
    this.publish();
  }

  private switchAccount(id: string | null): void {
    this.broadcasterId = id;
    this.queue.clear();
    this.rewards = new Map();
    this.rewardsKnown = false;
    this.rewardsChanged = true;
    this.unmanageable.clear();
    this.held.clear();
    this.resolved.clear();
    this.everSynced = false;
    this.lastSyncedAt = null;
    this.syncError = null;
    this.outboxError = null;
    this.failures = [];
    this.failuresChanged = true;
    if (this.syncTimer !== null) this.clock.clearTimeout(this.syncTimer);
    this.syncTimer = null;
    this.syncAttempt = 0;
  }

  private signedIn(): boolean {
    return this.broadcasterId !== null && this.options.auth.getState().status === 'signedIn';
  }

  // ---------- live events ----------

  private onAdd(event: EventPayloads[typeof redemptionAddType]): void {
    if (this.broadcasterId === null || event.broadcaster_user_id !== this.broadcasterId) return;
    // Rewards that skip the queue are created FULFILLED.
    if (event.status !== 'unfulfilled') return;
    const redemption = fromRedemptionEvent(event);
    if (this.isResolved(redemption.id) || this.options.outbox.hiddenIds().has(redemption.id)) return;
    // A reconciliation under way must not drop what arrived after its list was read.
    this.duringSync?.added.set(redemption.id, redemption);
    if (!this.rewardsKnown) {
      // The first reconciliation (under way or next) decides.
      if (!this.duringSync) this.held.set(redemption.id, redemption);
      return;
    }
    if (this.rewards.has(redemption.rewardId)) {
      if (this.queue.add(redemption)) this.emitArrivals([redemption], { source: 'event', initial: false });
    } else if (!this.unmanageable.has(redemption.rewardId)) {
      this.held.set(redemption.id, redemption);
      if (!this.sync) this.background(this.refreshRewards(), 'reading the rewards');
    }
    this.publish();
  }

  private onUpdate(event: EventPayloads[typeof redemptionUpdateType]): void {
    if (this.broadcasterId === null || event.broadcaster_user_id !== this.broadcasterId) return;
    if (event.status === 'unfulfilled') return;
    this.markResolved([event.id]);
    this.duringSync?.removed.add(event.id);
    this.held.delete(event.id);
    this.queue.remove([event.id]);
    this.publish();
  }

  private releaseHeld(): void {
    const arrived: Redemption[] = [];
    for (const r of this.held.values()) {
      if (this.rewards.has(r.rewardId)) {
        if (!this.isResolved(r.id) && this.queue.add(r)) arrived.push(r);
      } else {
        this.unmanageable.add(r.rewardId);
      }
    }
    this.held.clear();
    if (arrived.length) this.emitArrivals(arrived, { source: 'event', initial: false });
  }

  // ---------- reconciliation ----------

  private async syncOnce(): Promise<void> {
    const broadcasterId = this.broadcasterId;
    if (broadcasterId === null) return;
    const during = { added: new Map<string, Redemption>(), removed: new Set<string>() };
    this.duringSync = during;
    this.syncing = true;
    this.publish();
    try {
      const { rewards, seq } = await this.fetchRewards(broadcasterId);
      const fetched: Redemption[] = [];
      for (const reward of rewards) {
        const pages = this.options.api.paginate<HelixRedemption>(redemptionsPath, {
          broadcaster_id: broadcasterId,
          reward_id: reward.id,
          status: 'UNFULFILLED',
          sort: 'OLDEST',
          first: 50,
        });
        for await (const r of pages) fetched.push(fromHelixRedemption(r));
      }
      if (broadcasterId !== this.broadcasterId || this.disposed) return;
      // A reward list read after this one (a refresh) may already be in use: the queue follows that one.
      this.setRewards(rewards, seq);
      const hidden = this.options.outbox.hiddenIds();
      const next = new Map<string, Redemption>();
      // Live events during the fetch may be newer than the list: they count too.
      for (const r of [...fetched, ...during.added.values(), ...this.held.values()]) {
        if (!this.rewards.has(r.rewardId) || during.removed.has(r.id) || this.isResolved(r.id) || hidden.has(r.id)) continue;
        if (!next.has(r.id)) next.set(r.id, r);
      }
      for (const r of this.held.values()) if (!this.rewards.has(r.rewardId)) this.unmanageable.add(r.rewardId);
      this.held.clear();
      const added = this.queue.replace(next.values());
      const initial = !this.everSynced;
      this.everSynced = true;
      this.lastSyncedAt = new Date(this.clock.now()).toISOString();
      this.syncError = null;
      this.syncAttempt = 0;
      if (this.syncTimer !== null) this.clock.clearTimeout(this.syncTimer);
      this.syncTimer = null;
      if (added.length || initial) this.emitArrivals(added, { source: 'sync', initial });
      this.options.logger.info('redemption queue reconciled', { size: this.queue.size, added: added.length });
    } catch (err) {
      if (broadcasterId !== this.broadcasterId) return;
      this.syncError = `Could not bring the queue up to date: ${describe(err)}`;
      this.options.logger.warn('redemption queue: reconciliation failed', { error: err });
      this.scheduleSync(err);
    } finally {
      if (this.duringSync === during) this.duringSync = null;
      this.syncing = false;
      this.publish();
    }
  }

  private async fetchRewards(broadcasterId: string): Promise<{ rewards: HelixReward[]; seq: number }> {
    const seq = ++this.rewardsAsked;
    const res = await this.options.api.get<{ data: HelixReward[] }>(rewardsPath, { broadcaster_id: broadcasterId, only_manageable_rewards: true });
    return { rewards: Array.isArray(res?.data) ? res.data : [], seq };
  }

  private setRewards(rewards: HelixReward[], seq: number): void {
    if (seq < this.rewardsInUse) return;
    this.rewardsInUse = seq;
    const next = new Map(rewards.map((r) => [r.id, toQueueReward(r)]));
    const same = this.rewardsKnown && next.size === this.rewards.size && [...next].every(([id, r]) => JSON.stringify(this.rewards.get(id)) === JSON.stringify(r));
    this.rewardsKnown = true;
    for (const id of next.keys()) this.unmanageable.delete(id);
    if (same) return;
    this.rewards = next;
    this.rewardsChanged = true;
    // A reward no longer manageable (deleted): its redemptions leave the queue.
    this.queue.remove(this.queue.list().filter((r) => !next.has(r.rewardId)).map((r) => r.id));
  }

  private scheduleSync(err: unknown): void {
    if (this.syncTimer !== null || this.disposed) return;
    // A sign-in problem is solved by signing in, which reconciles anyway.
    if (err instanceof AppError && err.code === 'not_signed_in') return;
    const delay = this.backoff(this.syncAttempt++, retryAfter(err));
    this.syncTimer = this.clock.setTimeout(() => {
      this.syncTimer = null;
      this.background(this.reconcile(), 'reconciling');
    }, delay);
  }

  // ---------- outbox ----------

  private async flushOnce(): Promise<void> {
    if (!this.signedIn()) return;
    const broadcasterId = this.broadcasterId;
    for (const entry of [...this.options.outbox.list()]) {
      if (entry.broadcasterId !== broadcasterId || this.inFlight.has(entry.id)) continue;
      if (!this.signedIn() || this.disposed) return;
      const outcome = await this.send(entry);
      // The platform still cannot be reached: the rest waits for the next try.
      if (outcome.kind === 'queued') break;
    }
    this.publish();
  }

  private async send(entry: OutboxEntry): Promise<SendOutcome> {
    const count = entry.redemptions.length;
    if (this.inFlight.has(entry.id)) return { kind: 'queued', count };
    this.inFlight.add(entry.id);
    const ids = entry.redemptions.map((r) => r.id);
    try {
      if (!this.signedIn() || entry.broadcasterId !== this.broadcasterId) {
        throw new AppError('not_signed_in', 'Waiting for you to sign in again.');
      }
      await this.options.api.request({
        method: 'PATCH',
        path: redemptionsPath,
        query: { id: ids, broadcaster_id: entry.broadcasterId, reward_id: entry.rewardId },
        body: { status: entry.status },
        // The outbox retries with its own backoff (and survives restarts); a repeat is harmless (404 = done).
        retry: 'never',
      });
      // Ids missing from the answer were no longer UNFULFILLED: done elsewhere, which is done too.
      return await this.completed(entry);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        this.options.logger.info('redemptions no longer UNFULFILLED; counted as done', { count, rewardId: entry.rewardId });
        return await this.completed(entry);
      }
      if (isMissingScope(err)) {
        // A new sign-in token carries the same scopes (the API client does not refresh for it): retrying cannot help.
        return await this.rollBack(entry, `Sidestage lacks a permission for this (${describe(err)}). Sign out and sign in again to grant it.`);
      }
      if (isRetryable(err)) {
        const reason = waitingReason(err);
        this.outboxError = reason;
        await this.saveOutbox(this.options.outbox.noteAttempt(entry.id, reason));
        this.scheduleFlush(err);
        this.options.logger.warn('redemption update waits in the outbox', { count, reason });
        return { kind: 'queued', count };
      }
      return await this.rollBack(entry, describe(err));
    } finally {
      this.inFlight.delete(entry.id);
    }
  }

  /**
   * An outbox write after the platform has answered. The outbox in memory already holds the
   * change, and the next write that works puts it on disk; a failure (a full disk) must neither
   * turn a done action into a refusal nor end the process. At worst a restart sends it again,
   * which the platform answers 404 (counted as done).
   */
  private async saveOutbox(write: Promise<void>): Promise<void> {
    try {
      await write;
    } catch (error) {
      this.options.logger.error('redemption queue: could not write the outbox; it is kept in memory and written with the next change', { error });
    }
  }

  /** A call nobody awaits (timers, events): a failure is logged rather than left unhandled. */
  private background(work: Promise<void>, what: string): void {
    work.catch((error: unknown) => this.options.logger.error(`redemption queue: ${what} failed`, { error }));
  }

  private async completed(entry: OutboxEntry): Promise<SendOutcome> {
    this.markResolved(entry.redemptions.map((r) => r.id));
    await this.saveOutbox(this.options.outbox.remove([entry.id]));
    this.flushAttempt = 0;
    if (this.options.outbox.list().every((e) => e.broadcasterId !== this.broadcasterId)) this.outboxError = null;
    return { kind: 'done', count: entry.redemptions.length };
  }

  private async rollBack(entry: OutboxEntry, reason: string): Promise<SendOutcome> {
    await this.saveOutbox(this.options.outbox.remove([entry.id]));
    if (entry.broadcasterId === this.broadcasterId) {
      for (const r of entry.redemptions) if (!this.isResolved(r.id) && this.rewards.has(r.rewardId)) this.queue.add(r);
    }
    const verb = entry.status === 'FULFILLED' ? 'fulfil' : 'cancel';
    const n = entry.redemptions.length;
    const failure: RedemptionFailure = {
      ids: entry.redemptions.map((r) => r.id),
      status: entry.status,
      message: `Could not ${verb} ${n === 1 ? `${entry.redemptions[0]!.userName}'s "${entry.redemptions[0]!.rewardTitle}"` : `${n} redemptions of "${entry.redemptions[0]!.rewardTitle}"`}: ${reason}`,
      at: new Date(this.clock.now()).toISOString(),
    };
    this.failures = [...this.failures, failure].slice(-maxFailuresKept);
    this.failuresChanged = true;
    this.options.logger.warn('redemption update refused; put back in the queue', { count: n, reason });
    return { kind: 'failed', failure };
  }

  private scheduleFlush(err: unknown): void {
    if (this.flushTimer !== null || this.disposed) return;
    // An expired sign-in is solved by signing in again, which flushes.
    if (err instanceof AppError && err.code === 'not_signed_in') return;
    if (err instanceof ApiError && err.status === 401) return;
    const delay = this.backoff(this.flushAttempt++, retryAfter(err));
    this.flushTimer = this.clock.setTimeout(() => {
      this.flushTimer = null;
      this.background(this.flush(), 'sending the outbox');
    }, delay);
  }

  private backoff(attempt: number, hintMs: number | null): number {
    const step = Math.min(this.retryMs.max, this.retryMs.initial * 2 ** attempt);
    const jittered = step / 2 + this.random() * (step / 2);
    return Math.max(hintMs ?? 0, Math.round(jittered));
  }

  // ---------- bookkeeping ----------

  private markResolved(ids: string[]): void {
    const now = this.clock.now();
    for (const id of ids) this.resolved.set(id, now);
    if (this.resolved.size > 20_000) {
      for (const [id, at] of this.resolved) if (now - at > resolvedMemoryMs) this.resolved.delete(id);
    }
  }

  private isResolved(id: string): boolean {
    return this.resolved.has(id);
  }

  private emitArrivals(items: Redemption[], context: ArrivalContext): void {
    for (const listener of [...this.arrivalListeners]) {
      try {
        listener(items, context);
      } catch (err) {
        this.options.logger.error('redemption arrival listener failed', { error: err });
      }
    }
  }

  private status(): QueueStatus {
    return {
      lastSyncedAt: this.lastSyncedAt,
      syncing: this.syncing,
      error: this.syncError,
      outboxCount: this.options.outbox.list().filter((e) => e.broadcasterId === this.broadcasterId).reduce((n, e) => n + e.redemptions.length, 0),
      outboxError: this.outboxError,
      size: this.queue.size,
    };
  }

  /** Emits the changes since the last delta, if any. */
  private publish(): void {
    const status = this.status();
    const statusJson = JSON.stringify(status);
    const queueChanged = this.queue.hasChanges();
    if (!queueChanged && !this.rewardsChanged && !this.failuresChanged && statusJson === this.lastStatusJson) return;
    const changes = this.queue.takeChanges();
    const delta: QueueDelta = {
      baseVersion: this.version,
      version: this.version + 1,
      added: changes.added,
      removed: changes.removed,
      ...(this.rewardsChanged ? { rewards: [...this.rewards.values()] } : {}),
      status,
      failures: this.failures,
    };
    this.version++;
    this.rewardsChanged = false;
    this.failuresChanged = false;
    this.lastStatusJson = statusJson;
    for (const listener of [...this.deltaListeners]) listener(delta);
    if (status.size !== this.lastSize) {
      this.lastSize = status.size;
      for (const listener of [...this.countListeners]) listener(status.size);
    }
  }
}

/** A 401 that names a missing scope (`Missing scope: ...`): the same test as the API client's, which does not refresh for it. */
function isMissingScope(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && /scope/i.test(err.platformMessage ?? '');
}

function isRetryable(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500 || err.status === 429 || err.status === 401 || err.status === 408;
  if (err instanceof AppError) return ['network_error', 'rate_limited', 'not_signed_in', 'timeout', 'unavailable'].includes(err.code);
  // Not an answer from the platform: keep the action rather than lose it.
  return true;
}

function waitingReason(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return 'Waiting for you to sign in again.';
    if (err.status === 429) return 'The platform is limiting requests; retrying shortly.';
    return `The platform is having trouble (${err.status}); retrying shortly.`;
  }
  if (err instanceof AppError) {
    if (err.code === 'not_signed_in') return 'Waiting for you to sign in again.';
    if (err.code === 'rate_limited') return 'The platform is limiting requests; retrying shortly.';
    return `${err.message} Retrying shortly.`;
  }
  return 'Could not send; retrying shortly.';
}

function retryAfter(err: unknown): number | null {
  return err instanceof AppError && typeof err.details.retryAfterMs === 'number' ? err.details.retryAfterMs : null;
}

function describe(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return 'something went wrong inside Sidestage';
}

function describeFileError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'Sidestage may not write to its data folder';
  if (code === 'EROFS') return 'the disk is read-only';
  if (err instanceof Error && err.message) return err.message;
  return 'the file could not be written';
}

function summarise(outcomes: SendOutcome[]): ResolveResult {
  const result: ResolveResult = { done: 0, queued: 0, failed: [] };
  for (const o of outcomes) {
    if (o.kind === 'done') result.done += o.count;
    else if (o.kind === 'queued') result.queued += o.count;
    else result.failed.push(o.failure);
  }
  return result;
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}
