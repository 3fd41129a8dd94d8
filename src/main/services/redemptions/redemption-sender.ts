import type { Redemption, RedemptionFailure, ResolveResult } from '../../../shared/ipc/contract';
import { defaultBackoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { background } from '../common/background';
import type { Logger } from '../logger';
import { redemptionsPath } from './helix-redemptions';
import { describeError, describeFileError, isMissingScope, isRetryable, retryAfterMs, waitingReason, waitsForSignIn } from './redemption-errors';
import { planUpdates, type OutboxEntry, type RedemptionOutbox, type ResolveStatus } from './redemption-outbox';
import { RetryTimer } from './retry-timer';

/** What the sender needs of the queue it works for (the reconciled queue, `RedemptionsService`). */
export interface SenderQueue {
  /** The account whose actions go out now; null: nobody. */
  broadcasterId(): string | null;
  /** Signed in as that account: requests may be sent. */
  canCallApi(): boolean;
  /** Holds the shown redemptions with these ids (ids not shown are skipped) and returns them. */
  take(ids: string[]): Redemption[];
  /** An action on them did not happen: shown again (if `broadcasterId` is still current and they are not known done). */
  putBack(redemptions: readonly Redemption[], broadcasterId: string): void;
  /** The platform says these are no longer UNFULFILLED: no longer held, and gone. */
  markResolved(ids: string[]): void;
  /** What the queue shows of the outbox (its count, error, failures) may have changed. */
  changed(): void;
}

export interface RedemptionSenderOptions {
  api: Pick<ApiClient, 'request'>;
  outbox: RedemptionOutbox;
  queue: SenderQueue;
  logger: Logger;
  clock?: Clock;
  /** Waits between tries of what the outbox holds (doubling, jittered). Default 1 s .. 60 s. */
  retry?: BackoffOptions;
  random?: () => number;
  /** PATCH requests in flight at once for one action. Default 4. */
  concurrency?: number;
}

type SendOutcome =
  | { kind: 'done'; count: number }
  | { kind: 'queued'; count: number }
  | { kind: 'failed'; failure: RedemptionFailure };

const maxFailuresKept = 20;

/**
 * Fulfil and cancel, through the persisted outbox: an action is written to disk before anything is
 * sent, goes out as one PATCH per reward and per 50 ids, waits in the outbox (with backoff) while
 * the platform cannot be reached or the sign-in needs renewing, and is rolled back into the queue,
 * with the reason, when the platform refuses it.
 */
export class RedemptionSender {
  private readonly clock: Clock;
  private readonly retry: RetryTimer;
  private flushing: Promise<void> | null = null;
  /** Fulfil/cancel calls under way (for `busy()`). */
  private readonly actions = new Set<Promise<unknown>>();
  private readonly inFlight = new Set<string>();
  private disposed = false;
  private outboxError: string | null = null;
  private failureList: RedemptionFailure[] = [];

  constructor(private readonly options: RedemptionSenderOptions) {
    this.clock = options.clock ?? systemClock;
    this.retry = new RetryTimer(this.clock, options.retry ?? defaultBackoff, options.random);
  }

  dispose(): void {
    this.disposed = true;
    this.retry.cancel();
  }

  /** Actions refused by the platform (newest last, at most 20); a new array after each change. */
  get failures(): RedemptionFailure[] {
    return this.failureList;
  }

  /** Why what waits in the outbox has not gone yet; null: nothing is waiting on a failure. */
  get error(): string | null {
    return this.outboxError;
  }

  /** Redemptions of `broadcasterId` with an action waiting. */
  waitingCount(broadcasterId: string | null): number {
    return this.options.outbox
      .list()
      .filter((e) => e.broadcasterId === broadcasterId)
      .reduce((n, e) => n + e.redemptions.length, 0);
  }

  /** Another account (or none): its failures and errors are not this one's. */
  switchAccount(): void {
    this.outboxError = null;
    this.failureList = [];
  }

  /** Forgets the failure of `at`; the list stays the same array when there was none (nothing to publish). */
  dismissFailure(at: string): void {
    const kept = this.failureList.filter((f) => f.at !== at);
    if (kept.length !== this.failureList.length) this.failureList = kept;
  }

  /** Work under way (a flush, actions); outbox writes are awaited by `settled()`. */
  busy(): Promise<unknown>[] {
    return [...(this.flushing ? [this.flushing] : []), ...this.actions];
  }

  settled(): Promise<void> {
    return this.options.outbox.settled();
  }

  /** Optimistic: the redemptions leave the queue at once; a refusal puts them back with the reason. */
  resolve(ids: string[], status: ResolveStatus): Promise<ResolveResult> {
    const { queue } = this.options;
    const broadcasterId = queue.broadcasterId();
    if (broadcasterId === null) return Promise.reject(new AppError('not_signed_in', 'Sign in to work through the redemption queue.'));
    return this.resolveTaken(queue.take([...new Set(ids)]), status, broadcasterId);
  }

  /** Sends an action on redemptions the queue already holds (a cancel whose undo window is over). */
  resolveTaken(items: Redemption[], status: ResolveStatus, broadcasterId: string): Promise<ResolveResult> {
    const work = this.resolveNow(items, status, broadcasterId);
    this.actions.add(work);
    const forget = () => void this.actions.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Sends what waits in the outbox (after a sign-in, a gap, or the retry timer). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async resolveNow(items: Redemption[], status: ResolveStatus, broadcasterId: string): Promise<ResolveResult> {
    const { queue } = this.options;
    if (items.length === 0) return { done: 0, queued: 0, failed: [] };
    const entries = planUpdates(items, status, broadcasterId, new Date(this.clock.now()));
    // Written before anything is sent: a crash from here on loses no action.
    const persisted = this.options.outbox.add(entries);
    queue.changed();
    try {
      await persisted;
    } catch (err) {
      await this.unsaved(entries, items, broadcasterId);
      throw new AppError('internal', `Could not save the action to disk: ${describeFileError(err)}; nothing was sent. Try again.`);
    }
    const outcomes = await mapLimited(entries, this.options.concurrency ?? 4, (entry) => this.send(entry));
    queue.changed();
    return summarise(outcomes);
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
    this.options.queue.putBack(items, broadcasterId);
    this.options.queue.changed();
  }

  private async flushOnce(): Promise<void> {
    const { queue } = this.options;
    try {
      if (!queue.canCallApi()) return;
      const broadcasterId = queue.broadcasterId();
      for (const entry of [...this.options.outbox.list()]) {
        if (entry.broadcasterId !== broadcasterId || this.inFlight.has(entry.id)) continue;
        if (!queue.canCallApi() || this.disposed) return;
        const outcome = await this.send(entry);
        // The platform still cannot be reached: the rest waits for the next try.
        if (outcome.kind === 'queued') break;
      }
    } finally {
      queue.changed();
    }
  }

  private async send(entry: OutboxEntry): Promise<SendOutcome> {
    const { queue } = this.options;
    const count = entry.redemptions.length;
    if (this.inFlight.has(entry.id)) return { kind: 'queued', count };
    this.inFlight.add(entry.id);
    const ids = entry.redemptions.map((r) => r.id);
    try {
      if (!queue.canCallApi() || entry.broadcasterId !== queue.broadcasterId()) {
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
        return await this.rollBack(entry, `Sidestage lacks a permission for this (${describeError(err)}). Sign out and sign in again to grant it.`);
      }
      if (isRetryable(err)) {
        const reason = waitingReason(err);
        this.outboxError = reason;
        await this.saveOutbox(this.options.outbox.noteAttempt(entry.id, reason));
        this.scheduleFlush(err);
        this.options.logger.warn('redemption update waits in the outbox', { count, reason });
        return { kind: 'queued', count };
      }
      return await this.rollBack(entry, describeError(err));
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

  private async completed(entry: OutboxEntry): Promise<SendOutcome> {
    this.options.queue.markResolved(entry.redemptions.map((r) => r.id));
    await this.saveOutbox(this.options.outbox.remove([entry.id]));
    this.retry.reset();
    if (this.waitingCount(this.options.queue.broadcasterId()) === 0) this.outboxError = null;
    return { kind: 'done', count: entry.redemptions.length };
  }

  private async rollBack(entry: OutboxEntry, reason: string): Promise<SendOutcome> {
    await this.saveOutbox(this.options.outbox.remove([entry.id]));
    this.options.queue.putBack(entry.redemptions, entry.broadcasterId);
    const verb = entry.status === 'FULFILLED' ? 'fulfil' : 'cancel';
    const n = entry.redemptions.length;
    const first = entry.redemptions[0]!;
    const failure: RedemptionFailure = {
      ids: entry.redemptions.map((r) => r.id),
      status: entry.status,
      message: `Could not ${verb} ${n === 1 ? `${first.userName}'s "${first.rewardTitle}"` : `${n} redemptions of "${first.rewardTitle}"`}: ${reason}`,
      at: new Date(this.clock.now()).toISOString(),
    };
    this.failureList = [...this.failureList, failure].slice(-maxFailuresKept);
    this.options.logger.warn('redemption update refused; put back in the queue', { count: n, reason });
    return { kind: 'failed', failure };
  }

  private scheduleFlush(err: unknown): void {
    // An expired sign-in is solved by signing in again, which flushes.
    if (this.disposed || waitsForSignIn(err)) return;
    this.retry.schedule(() => background(this.flush(), this.options.logger, 'redemption queue: sending the outbox'), retryAfterMs(err));
  }
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
