/**
 * The redemption queue of the current broadcaster: live from the channel-event stream, reconciled
 * with Get Custom Reward Redemption after every EventSub gap (what that finds is published into the
 * stream as caught up, so the other features see it once), and sent to the renderer as numbered
 * deltas (`common/numbered-feed.ts`). Fulfil and cancel go through `RedemptionSender` and its
 * persisted outbox; a cancel with refund waits 5 s in main for an undo (`cancelWithUndo`), sent when
 * the window ends, at once when another replaces it, at an account switch and at dispose, never
 * after an undo. See docs/architecture.md, "A redemption in and out".
 */
import type { ChannelEventOf, QueueDelta, QueueReward, QueueSnapshot, QueueStatus, Redemption, ResolveResult } from '../../../shared/ipc/contract';
import { defaultBackoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { background } from '../common/background';
import { followCurrentBroadcaster, type BroadcasterChange, type BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { EventsGap } from '../events/events-service';
import type { Logger } from '../logger';
import { caughtUpRedemption, fromHelixRedemption, fromRedemptionEvent, redemptionsPath, rewardsPath, toQueueReward, type HelixRedemption, type HelixReward } from './helix-redemptions';
import { describeError, retryAfterMs } from './redemption-errors';
import type { RedemptionOutbox, ResolveStatus } from './redemption-outbox';
import { RedemptionQueue } from './redemption-queue';
import { RedemptionSender, type SenderQueue } from './redemption-sender';
import { RetryTimer } from './retry-timer';
import { NumberedDeltas, type DeltaNumbers } from '../common/numbered-feed';

/** What the queue needs of the events service (src/main/services/events): when events may have been missed. */
export interface RedemptionEventsSource {
  onGap(listener: (gap: EventsGap) => void): Disposer;
}

export interface ArrivalContext {
  /** `event`: pushed live; `sync`: found by a reconciliation (missed during a gap, or there at start). */
  source: 'event' | 'sync';
  /** The first reconciliation for this account in this process. */
  initial: boolean;
}

export interface RedemptionsServiceOptions {
  api: Pick<ApiClient, 'get' | 'request' | 'paginate'>;
  /** Whose queue it is, and whether the API may be called for it. */
  broadcaster: BroadcasterSource;
  events: RedemptionEventsSource;
  /**
   * The one channel-event stream: redemptions come from it live, and the ones a reconciliation
   * finds that it did not bring go into it (`source: 'caughtUp'`).
   */
  channelEvents: Pick<ChannelEvents, 'on' | 'publish'>;
  outbox: RedemptionOutbox;
  logger: Logger;
  clock?: Clock;
  /** Outbox and reconciliation retry: first wait and the cap (doubling with jitter). Default 1 s .. 60 s. */
  retry?: BackoffOptions;
  /** PATCH requests in flight at once for one action. Default 4. */
  concurrency?: number;
  /** How long a cancel with undo waits before it is sent. Default `cancelUndoMs`. */
  cancelUndoMs?: number;
  random?: () => number;
}

/** How long a cancel (with refund) by key or button can be undone before it is sent. */
export const cancelUndoMs = 5_000;

/** A cancel waiting out its undo window: its redemptions held (not shown), nothing sent yet. */
interface PendingCancel {
  items: Redemption[];
  broadcasterId: string;
  sendAt: number;
  timer: unknown;
  settle: { resolve: (result: ResolveResult) => void; reject: (error: unknown) => void };
}

/** How long a redemption known to be done is kept from coming back through a stale list or event. */
const resolvedMemoryMs = 60 * 60_000;

/**
 * The live queue of UNFULFILLED redemptions of the rewards Sidestage's client manages: filled from
 * the REST list, kept live from the channel-event stream, reconciled after every gap (what that
 * finds goes into the stream as caught up), and published to the renderer as a numbered snapshot
 * and small numbered deltas. Fulfil/cancel go through `RedemptionSender` (the persisted outbox);
 * the queue holds (hides) a redemption while an action on it is under way, and shows it again
 * when the platform refuses. A cancel with undo is held here for `cancelUndoMs` before it goes to
 * the sender; `undoCancel` puts it back, unsent.
 */
export class RedemptionsService extends Disposable {
  private readonly clock: Clock;
  private readonly queue = new RedemptionQueue();
  private readonly sender: RedemptionSender;
  private readonly syncRetry: RetryTimer;
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
  private everSynced = false;
  private lastSyncedAt: string | null = null;
  private syncing = false;
  private syncError: string | null = null;
  /** The sender's failures as last published: a new array means they changed. */
  private publishedFailures: unknown = null;
  private lastStatusJson = '';
  private lastSize = -1;
  private sync: { promise: Promise<void>; again: boolean } | null = null;
  private duringSync: { added: Map<string, Redemption>; removed: Set<string> } | null = null;
  private rewardsRefresh: Promise<void> | null = null;
  private pendingCancel: PendingCancel | null = null;
  private readonly undoMs: number;
  private started = false;
  private disposed = false;

  private readonly deltas = new Emitter<QueueDelta>();
  /** The renderer's copy of the queue follows these numbered deltas. */
  private readonly numbers = new NumberedDeltas<Omit<QueueDelta, keyof DeltaNumbers>>(
    () => this.takeChanges(),
    (delta) => this.deltas.fire(delta),
  );
  private readonly arrivals = new Emitter<{ items: Redemption[]; context: ArrivalContext }>();
  private readonly counts = new Emitter<number>();

  constructor(private readonly options: RedemptionsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    const retry = options.retry ?? defaultBackoff;
    this.syncRetry = new RetryTimer(this.clock, retry, options.random);
    this.undoMs = options.cancelUndoMs ?? cancelUndoMs;
    // What a previous run left in the outbox stays hidden until the platform has answered for it.
    this.queue.hold(options.outbox.redemptionIds());
    this.sender = new RedemptionSender({
      api: options.api,
      outbox: options.outbox,
      queue: this.senderQueue(),
      logger: options.logger,
      clock: this.clock,
      retry,
      random: options.random,
      concurrency: options.concurrency,
    });
  }

  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    const { events, channelEvents, broadcaster } = this.options;
    // A caught-up redemption is the queue's own news, published below: only live ones are read.
    this.register(
      channelEvents.on(['redemption'], (event) => {
        if (event.source === 'live') this.onAdd(event);
      }),
    );
    this.register(channelEvents.on(['redemptionUpdate'], (event) => this.onUpdate(event)));
    this.register(
      events.onGap((gap) => {
        this.options.logger.info('redemption queue: events gap; reconciling', { reason: gap.reason });
        this.catchUp();
      }),
    );
    this.register(followCurrentBroadcaster(broadcaster, (change) => this.applyBroadcaster(change)));
  }

  /**
   * Stops. A cancel waiting for its undo goes to the outbox now, and out if the platform answers
   * before the process ends (else at the next start); resolves once the outbox is on disk.
   */
  override async dispose(): Promise<void> {
    this.disposed = true;
    super.dispose();
    const cancel = this.sendPendingCancel();
    this.sender.dispose();
    this.syncRetry.cancel();
    this.deltas.dispose();
    this.arrivals.dispose();
    this.counts.dispose();
    if (cancel) background(cancel, this.options.logger, 'redemption queue: sending the cancel that waited for its undo');
    await this.sender.settled().catch(() => {});
  }

  // ---------- reading ----------

  getSnapshot(): QueueSnapshot {
    this.publish();
    return { version: this.numbers.currentVersion, items: this.queue.list(), rewards: [...this.rewards.values()], status: this.status(), failures: this.sender.failures };
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
  onDelta(listener: (delta: QueueDelta) => void): Disposer {
    return this.deltas.on(listener);
  }

  /** Redemptions that joined the queue for the first time in this process (not rollbacks). */
  onArrived(listener: (items: Redemption[], context: ArrivalContext) => void): Disposer {
    return this.arrivals.on(({ items, context }) => listener(items, context));
  }

  onPendingCountChange(listener: (count: number) => void): Disposer {
    return this.counts.on(listener);
  }

  // ---------- actions (sent by the outbox's sender) ----------

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
    return this.sender.resolve(ids, status);
  }

  /**
   * Cancels with a refund once `cancelUndoMs` are over: the redemptions leave the queue at once,
   * and the status shows the cancel as pending until then; `undoCancel()` puts them back unsent.
   * One cancel waits at a time: an earlier one is sent now, as its window would have ended.
   * Resolves when it has been sent (as `cancel` does) or undone (`undone`).
   */
  cancelWithUndo(ids: string[]): Promise<ResolveResult> {
    const broadcasterId = this.broadcasterId;
    if (this.disposed) return Promise.reject(new AppError('unavailable', 'Sidestage is shutting down.'));
    if (broadcasterId === null) return Promise.reject(new AppError('not_signed_in', 'Sign in to work through the redemption queue.'));
    this.sendPendingCancel();
    const items = this.queue.take(ids);
    if (items.length === 0) return Promise.resolve({ done: 0, queued: 0, failed: [] });
    return new Promise<ResolveResult>((resolve, reject) => {
      const timer = this.clock.setTimeout(() => this.sendPendingCancel(), this.undoMs);
      this.pendingCancel = { items, broadcasterId, sendAt: this.clock.now() + this.undoMs, timer, settle: { resolve, reject } };
      this.publish();
    });
  }

  /** Puts the pending cancel's redemptions back, unsent; answers their ids (none: nothing was waiting). */
  undoCancel(): string[] {
    const pending = this.pendingCancel;
    if (!pending) return [];
    this.pendingCancel = null;
    this.clock.clearTimeout(pending.timer);
    this.putBack(pending.items, pending.broadcasterId);
    const ids = pending.items.map((r) => r.id);
    pending.settle.resolve({ done: 0, queued: 0, failed: [], undone: ids.length });
    this.publish();
    return ids;
  }

  /** The pending cancel goes to the sender (the outbox first); null when none was waiting. */
  private sendPendingCancel(): Promise<ResolveResult> | null {
    const pending = this.pendingCancel;
    if (!pending) return null;
    this.pendingCancel = null;
    this.clock.clearTimeout(pending.timer);
    const sent = this.sender.resolveTaken(pending.items, 'CANCELED', pending.broadcasterId);
    sent.then(pending.settle.resolve, pending.settle.reject);
    this.publish();
    return sent;
  }

  /** Sends what waits in the outbox (after a sign-in, a gap, or the retry timer). */
  flush(): Promise<void> {
    return this.sender.flush();
  }

  /** "Refresh" in the queue: brings it up to date, starts sending what waits, and says how it stands. */
  async syncNow(): Promise<QueueStatus> {
    await this.reconcile();
    background(this.flush(), this.options.logger, 'redemption queue: sending the outbox');
    return this.getStatus();
  }

  dismissFailure(at: string): void {
    this.sender.dismissFailure(at);
    this.publish();
  }

  /**
   * Resolves once nothing is under way: no reconciliation, reward refresh, outbox send, action or
   * outbox write (timers waiting to retry do not count). For tests and an orderly shutdown.
   */
  async idle(): Promise<void> {
    const busy = () => [this.sync?.promise, this.rewardsRefresh, ...this.sender.busy()].filter((p) => p != null);
    for (;;) {
      const now = busy();
      if (now.length === 0) {
        await this.sender.settled().catch(() => {});
        // A write's completion may have let more work start.
        if (busy().length === 0) return;
        continue;
      }
      await Promise.allSettled(now);
    }
  }

  // ---------- reconciliation ----------

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

  /** After a gap or a sign-in: the queue catches up and whatever waited in the outbox goes. */
  private catchUp(): void {
    background(this.reconcile(), this.options.logger, 'redemption queue: reconciling');
    background(this.flush(), this.options.logger, 'redemption queue: sending the outbox');
  }

  // ---------- account ----------

  private applyBroadcaster(change: BroadcasterChange): void {
    if (this.disposed) return;
    // While the sign-in needs renewing (or a new one runs) the queue stays as it was, marked stale by lastSyncedAt.
    if (change.id !== this.broadcasterId) {
      this.switchAccount(change.id);
      if (change.id !== null && change.canCallApi) this.catchUp();
    } else if (change.id !== null && change.signedInNow) {
      // Signed in again: whatever waited for the sign-in goes now, and the queue catches up.
      this.options.logger.info('redemption queue: signed in again; reconciling and sending the outbox');
      this.catchUp();
    }
    this.publish();
  }

  private switchAccount(id: string | null): void {
    // The last account's cancel is not undone by the switch: it goes as its window would have ended.
    this.sendPendingCancel();
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
    this.sender.switchAccount();
    this.syncRetry.cancel();
    this.syncRetry.reset();
  }

  /** The queue as the sender sees it. */
  private senderQueue(): SenderQueue {
    return {
      broadcasterId: () => this.broadcasterId,
      canCallApi: () => this.broadcasterId !== null && this.options.broadcaster.canCallApi,
      take: (ids) => this.queue.take(ids),
      putBack: (redemptions, broadcasterId) => this.putBack(redemptions, broadcasterId),
      markResolved: (ids) => this.markResolved(ids),
      changed: () => this.publish(),
    };
  }

  // ---------- live events ----------

  private onAdd(event: ChannelEventOf<'redemption'>): void {
    if (this.broadcasterId === null) return;
    // Rewards that skip the queue are created FULFILLED.
    if (event.status !== 'unfulfilled') return;
    const redemption = fromRedemptionEvent(event);
    if (this.isResolved(redemption.id)) return;
    // A reconciliation under way must not drop what arrived after its list was read.
    this.duringSync?.added.set(redemption.id, redemption);
    if (!this.rewardsKnown) {
      // The first reconciliation (under way or next) decides.
      if (!this.duringSync) this.held.set(redemption.id, redemption);
      return;
    }
    if (this.rewards.has(redemption.rewardId)) {
      if (this.queue.add(redemption)) this.arrivals.fire({ items: [redemption], context: { source: 'event', initial: false } });
    } else if (!this.unmanageable.has(redemption.rewardId)) {
      this.held.set(redemption.id, redemption);
      if (!this.sync) background(this.refreshRewards(), this.options.logger, 'redemption queue: reading the rewards');
    }
    this.publish();
  }

  private onUpdate(event: ChannelEventOf<'redemptionUpdate'>): void {
    if (this.broadcasterId === null) return;
    if (event.status === 'unfulfilled') return;
    const id = event.redemptionId;
    this.markResolved([id]);
    this.duringSync?.removed.add(id);
    this.held.delete(id);
    this.queue.remove([id]);
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
    if (arrived.length) this.arrivals.fire({ items: arrived, context: { source: 'event', initial: false } });
  }

  private async syncOnce(): Promise<void> {
    const broadcasterId = this.broadcasterId;
    if (broadcasterId === null) return;
    const during = { added: new Map<string, Redemption>(), removed: new Set<string>() };
    this.duringSync = during;
    this.syncing = true;
    this.publish();
    const caughtUp: HelixRedemption[] = [];
    try {
      const { rewards, seq } = await this.fetchRewards(broadcasterId);
      const fetched: Redemption[] = [];
      const listed = new Map<string, HelixRedemption>();
      for (const reward of rewards) {
        const pages = this.options.api.paginate<HelixRedemption>(redemptionsPath, {
          broadcaster_id: broadcasterId,
          reward_id: reward.id,
          status: 'UNFULFILLED',
          sort: 'OLDEST',
          first: 50,
        });
        for await (const r of pages) {
          fetched.push(fromHelixRedemption(r));
          listed.set(r.id, r);
        }
      }
      if (broadcasterId !== this.broadcasterId || this.disposed) return;
      // A reward list read after this one (a refresh) may already be in use: the queue follows that one.
      this.setRewards(rewards, seq);
      const next = new Map<string, Redemption>();
      // Live events during the fetch may be newer than the list: they count too.
      for (const r of [...fetched, ...during.added.values(), ...this.held.values()]) {
        if (!this.rewards.has(r.rewardId) || during.removed.has(r.id) || this.isResolved(r.id)) continue;
        if (!next.has(r.id)) next.set(r.id, r);
      }
      for (const r of this.held.values()) if (!this.rewards.has(r.rewardId)) this.unmanageable.add(r.rewardId);
      this.held.clear();
      const added = this.queue.replace(next.values());
      const initial = !this.everSynced;
      this.everSynced = true;
      this.lastSyncedAt = new Date(this.clock.now()).toISOString();
      this.syncError = null;
      this.syncRetry.reset();
      this.syncRetry.cancel();
      if (added.length || initial) this.arrivals.fire({ items: added, context: { source: 'sync', initial } });
      // The first list of an account is the queue as it stood, not news: an overlay would alert
      // the whole backlog at every start.
      for (const r of initial ? [] : added) {
        const found = listed.get(r.id);
        if (found) caughtUp.push(found);
      }
      this.options.logger.info('redemption queue reconciled', { size: this.queue.size, added: added.length });
    } catch (err) {
      if (broadcasterId !== this.broadcasterId) return;
      this.syncError = `Could not bring the queue up to date: ${describeError(err)}`;
      this.options.logger.warn('redemption queue: reconciliation failed', { error: err });
      this.scheduleSync(err);
    } finally {
      if (this.duringSync === during) this.duringSync = null;
      this.syncing = false;
      this.publish();
    }
    // Missed while disconnected, for automations to act on, once the renderer has the queue. One
    // seen live as well is passed on once, by its id.
    for (const r of caughtUp) this.options.channelEvents.publish(caughtUpRedemption(r));
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
    this.queue.removeWhere((r) => !next.has(r.rewardId));
  }

  private scheduleSync(err: unknown): void {
    // A sign-in problem is solved by signing in, which reconciles anyway.
    if (this.disposed || (err instanceof AppError && err.code === 'not_signed_in')) return;
    this.syncRetry.schedule(() => background(this.reconcile(), this.options.logger, 'redemption queue: reconciling'), retryAfterMs(err));
  }

  // ---------- bookkeeping ----------

  /** An action on them did not happen: shown again, if still this account's, still waiting and of a managed reward. */
  private putBack(redemptions: readonly Redemption[], broadcasterId: string): void {
    const current = broadcasterId === this.broadcasterId;
    this.queue.release(
      redemptions.map((r) => r.id),
      current ? redemptions.filter((r) => !this.isResolved(r.id) && this.rewards.has(r.rewardId)) : [],
    );
  }

  private markResolved(ids: string[]): void {
    this.queue.forget(ids);
    const now = this.clock.now();
    for (const id of ids) this.resolved.set(id, now);
    if (this.resolved.size > 20_000) {
      for (const [id, at] of this.resolved) if (now - at > resolvedMemoryMs) this.resolved.delete(id);
    }
  }

  private isResolved(id: string): boolean {
    return this.resolved.has(id);
  }

  private status(): QueueStatus {
    return {
      lastSyncedAt: this.lastSyncedAt,
      syncing: this.syncing,
      error: this.syncError,
      outboxCount: this.sender.waitingCount(this.broadcasterId),
      outboxError: this.sender.error,
      size: this.queue.size,
      pendingCancel: this.pendingCancel ? { ids: this.pendingCancel.items.map((r) => r.id), sendAt: new Date(this.pendingCancel.sendAt).toISOString() } : null,
    };
  }

  /** Emits the changes since the last delta, if any. */
  private publish(): void {
    const status = this.status();
    const statusJson = JSON.stringify(status);
    if (this.queue.hasChanges() || this.rewardsChanged || this.sender.failures !== this.publishedFailures || statusJson !== this.lastStatusJson) this.numbers.changed();
    this.numbers.deliverNow();
    if (status.size !== this.lastSize) {
      this.lastSize = status.size;
      this.counts.fire(status.size);
    }
  }

  private takeChanges(): Omit<QueueDelta, keyof DeltaNumbers> {
    const status = this.status();
    const failures = this.sender.failures;
    const changes = this.queue.takeChanges();
    const rewards = this.rewardsChanged ? { rewards: [...this.rewards.values()] } : {};
    this.rewardsChanged = false;
    this.publishedFailures = failures;
    this.lastStatusJson = JSON.stringify(status);
    return { added: changes.added, removed: changes.removed, ...rewards, status, failures };
  }
}
