import * as ids from '../../ids';

export type RedemptionStatus = 'UNFULFILLED' | 'FULFILLED' | 'CANCELED';
export const REDEMPTION_STATUSES: readonly RedemptionStatus[] = ['UNFULFILLED', 'FULFILLED', 'CANCELED'];
export const MAX_REDEMPTION_IDS_PER_REQUEST = 50;
/** Longest `user_input` a viewer can type (the chat message limit). */
export const MAX_USER_INPUT_LENGTH = 500;

export interface Redemption {
  id: string;
  /** Creation order; breaks ties between equal `redeemedAt`. */
  seq: number;
  broadcasterId: string;
  rewardId: string;
  userId: string;
  userInput: string | null;
  status: RedemptionStatus;
  redeemedAt: number;
  /** The reward as it was when redeemed (spec part 2). */
  reward: { id: string; title: string; prompt: string; cost: number };
  /** The live stream it was redeemed during; null when the channel was offline. */
  streamId: string | null;
  /** Points given back when it was canceled; null otherwise. Not in the API, only in the simulation API. */
  refund: { points: number; at: number } | null;
  updatedAt: number | null;
}

/** Where a page of redemptions ends: the next page starts after this key in the chosen order. */
export interface RedemptionCursor {
  redeemedAt: number;
  seq: number;
}

export interface RedemptionPageQuery {
  status?: RedemptionStatus;
  ids?: ReadonlySet<string>;
  sort: 'OLDEST' | 'NEWEST';
  /** Page size; omit for every match. */
  first?: number;
  after?: RedemptionCursor;
}

const compareKeys = (a: RedemptionCursor, b: RedemptionCursor): number => a.redeemedAt - b.redeemedAt || a.seq - b.seq;
const streamKey = (rewardId: string, streamId: string): string => `${rewardId} ${streamId}`;
const userStreamKey = (rewardId: string, streamId: string, userId: string): string => `${rewardId} ${streamId} ${userId}`;

export class RedemptionStore {
  private readonly byId = new Map<string, Redemption>();
  /** Per reward, ascending by (redeemedAt, seq). */
  private readonly byReward = new Map<string, Redemption[]>();
  /** Redemptions that still count towards the per-stream limits (canceled ones are refunded and do not). */
  private readonly streamCounts = new Map<string, number>();
  private readonly userStreamCounts = new Map<string, number>();
  private readonly refundedPointsByUser = new Map<string, number>();
  private nextSeq = 1;

  create(input: Omit<Redemption, 'id' | 'seq' | 'refund' | 'updatedAt'> & { id?: string }): Redemption {
    const id = input.id ?? ids.unusedId(ids.uuid, this.byId);
    const redemption: Redemption = { ...input, id, seq: this.nextSeq++, refund: null, updatedAt: null };
    this.byId.set(id, redemption);
    const list = this.byReward.get(input.rewardId) ?? [];
    this.byReward.set(input.rewardId, list);
    const last = list[list.length - 1];
    if (last === undefined || compareKeys(last, redemption) <= 0) {
      list.push(redemption);
    } else {
      list.splice(lowerBound(list, redemption), 0, redemption);
    }
    if (redemption.streamId !== null && redemption.status !== 'CANCELED') this.count(redemption, 1);
    return redemption;
  }

  get(id: string): Redemption | undefined {
    return this.byId.get(id);
  }

  /** Every redemption of the reward, oldest first. */
  listForReward(rewardId: string): readonly Redemption[] {
    return this.byReward.get(rewardId) ?? [];
  }

  list(): Redemption[] {
    return [...this.byId.values()];
  }

  page(rewardId: string, query: RedemptionPageQuery): { items: Redemption[]; next: RedemptionCursor | null } {
    const list = this.listForReward(rewardId);
    const newest = query.sort === 'NEWEST';
    const limit = query.first ?? Number.POSITIVE_INFINITY;
    const items: Redemption[] = [];
    for (let i = 0; i < list.length; i++) {
      const redemption = list[newest ? list.length - 1 - i : i]!;
      if (query.after) {
        const order = compareKeys(redemption, query.after);
        if (newest ? order >= 0 : order <= 0) continue;
      }
      if (query.status !== undefined && redemption.status !== query.status) continue;
      if (query.ids !== undefined && !query.ids.has(redemption.id)) continue;
      if (items.length === limit) {
        const lastItem = items[items.length - 1]!;
        return { items, next: { redeemedAt: lastItem.redeemedAt, seq: lastItem.seq } };
      }
      items.push(redemption);
    }
    return { items, next: null };
  }

  /** Redemptions of the reward during the stream that still count (not canceled). */
  countInStream(rewardId: string, streamId: string): number {
    return this.streamCounts.get(streamKey(rewardId, streamId)) ?? 0;
  }

  countForUserInStream(rewardId: string, streamId: string, userId: string): number {
    return this.userStreamCounts.get(userStreamKey(rewardId, streamId, userId)) ?? 0;
  }

  /** Moves an UNFULFILLED redemption on; CANCELED refunds its cost to the user. */
  setStatus(redemption: Redemption, status: 'FULFILLED' | 'CANCELED', now: number): void {
    if (redemption.status !== 'UNFULFILLED') throw new Error(`redemption ${redemption.id} is ${redemption.status}`);
    redemption.status = status;
    redemption.updatedAt = now;
    if (status === 'CANCELED') {
      redemption.refund = { points: redemption.reward.cost, at: now };
      this.refundedPointsByUser.set(redemption.userId, this.refundedPoints(redemption.userId) + redemption.reward.cost);
      if (redemption.streamId !== null) this.count(redemption, -1);
    }
  }

  /** Points refunded to the user by canceled redemptions, over every channel. */
  refundedPoints(userId: string): number {
    return this.refundedPointsByUser.get(userId) ?? 0;
  }

  refundTotals(): Record<string, number> {
    return Object.fromEntries(this.refundedPointsByUser);
  }

  /** Every redemption in the channel, deleted rewards' included, oldest first. */
  listForBroadcaster(broadcasterId: string): Redemption[] {
    return [...this.byId.values()].filter((r) => r.broadcasterId === broadcasterId).sort(compareKeys);
  }

  /**
   * A deleted reward's redemptions stay (spec part 3: they end FULFILLED and remain the viewers'
   * record); only its per-stream counts, which no redemption can use any more, are dropped.
   */
  forgetStreamCounts(rewardId: string): void {
    for (const key of [...this.streamCounts.keys(), ...this.userStreamCounts.keys()]) {
      if (key.startsWith(`${rewardId} `)) {
        this.streamCounts.delete(key);
        this.userStreamCounts.delete(key);
      }
    }
  }

  private count(redemption: Redemption, delta: number): void {
    const stream = streamKey(redemption.rewardId, redemption.streamId!);
    const user = userStreamKey(redemption.rewardId, redemption.streamId!, redemption.userId);
    this.streamCounts.set(stream, (this.streamCounts.get(stream) ?? 0) + delta);
    this.userStreamCounts.set(user, (this.userStreamCounts.get(user) ?? 0) + delta);
  }
}

function lowerBound(list: readonly Redemption[], key: RedemptionCursor): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(list[mid]!, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
