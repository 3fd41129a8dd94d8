import { toRfc3339 } from '../clock';
import { userFields } from '../http/views/helix-shapes';
import * as ids from '../ids';
import type { EmulatorState } from './emulator-state';
import type { PlatformEvent } from './event-bus';
import { cooldownExpiresAt, type CustomReward } from './rewards';

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

/**
 * The EventSub event of `channel.channel_points_custom_reward_redemption.add` / `.update` (platform
 * facts): status in lower case, and `user_input` an empty string when the viewer typed nothing, as
 * the platform sends it.
 */
export function redemptionEventPayload(state: EmulatorState, redemption: Redemption): Record<string, unknown> {
  return {
    id: redemption.id,
    ...userFields(state, 'broadcaster_user', redemption.broadcasterId),
    ...userFields(state, 'user', redemption.userId),
    user_input: redemption.userInput ?? '',
    status: redemption.status.toLowerCase(),
    reward: { id: redemption.reward.id, title: redemption.reward.title, cost: redemption.reward.cost, prompt: redemption.reward.prompt },
    redeemed_at: toRfc3339(redemption.redeemedAt),
  };
}

export function publishRedemptionEvent(state: EmulatorState, kind: 'add' | 'update', redemption: Redemption): void {
  const event: PlatformEvent = {
    type: kind === 'add' ? 'channel.channel_points_custom_reward_redemption.add' : 'channel.channel_points_custom_reward_redemption.update',
    broadcasterUserId: redemption.broadcasterId,
    rewardId: redemption.rewardId,
    event: redemptionEventPayload(state, redemption),
  };
  state.events.publish(event);
}

/** Moves UNFULFILLED redemptions to `status` and publishes an update event for each (spec part 3). */
export function updateRedemptions(state: EmulatorState, redemptions: readonly Redemption[], status: 'FULFILLED' | 'CANCELED', now: number): void {
  for (const redemption of redemptions) {
    state.redemptions.setStatus(redemption, status, now);
    publishRedemptionEvent(state, 'update', redemption);
  }
}

/** Why a viewer cannot redeem a reward right now; null when they can. */
export interface RedeemRefusal {
  status: 400 | 404 | 409;
  message: string;
}

export interface RedeemInput {
  broadcasterId: string;
  rewardId: string;
  userId: string;
  userInput?: string | null;
}

/**
 * A viewer redeems a reward (spec part 3): checks what the platform's viewer UI checks, then
 * creates the redemption (FULFILLED when the reward skips the request queue), starts the global
 * cooldown, counts it for the per-stream limits and publishes the add event.
 */
export function redeemReward(
  state: EmulatorState,
  input: RedeemInput,
  options: { now?: number; ignoreLimits?: boolean; publish?: boolean } = {},
): { redemption: Redemption } | { refusal: RedeemRefusal } {
  const now = options.now ?? state.clock.now();
  const check = checkRedeemable(state, input, now, options.ignoreLimits ?? false);
  if ('refusal' in check) return check;
  const { reward, userInput } = check;
  const stream = state.streams.get(reward.broadcasterId);
  const redemption = state.redemptions.create({
    broadcasterId: reward.broadcasterId,
    rewardId: reward.id,
    userId: input.userId,
    userInput,
    status: reward.shouldRedemptionsSkipRequestQueue ? 'FULFILLED' : 'UNFULFILLED',
    redeemedAt: now,
    reward: { id: reward.id, title: reward.title, prompt: reward.prompt, cost: reward.cost },
    streamId: stream?.id ?? null,
  });
  reward.lastRedeemedAt = now;
  if (options.publish ?? true) publishRedemptionEvent(state, 'add', redemption);
  return { redemption };
}

function checkRedeemable(
  state: EmulatorState,
  input: RedeemInput,
  now: number,
  ignoreLimits: boolean,
): { reward: CustomReward; userInput: string | null } | { refusal: RedeemRefusal } {
  const refuse = (status: RedeemRefusal['status'], message: string) => ({ refusal: { status, message } });
  const broadcaster = state.users.get(input.broadcasterId);
  if (!broadcaster) return refuse(404, `Unknown broadcaster_id "${input.broadcasterId}"`);
  const reward = state.rewards.find(broadcaster.id, input.rewardId);
  if (!reward) return refuse(404, `Unknown reward_id "${input.rewardId}" for broadcaster "${broadcaster.login}"`);
  const user = state.users.get(input.userId);
  if (!user) return refuse(404, `Unknown user_id "${input.userId}"`);
  if (broadcaster.broadcasterType === '') return refuse(409, `Channel points are not available: "${broadcaster.login}" is not a partner or affiliate`);
  if (!reward.isEnabled) return refuse(409, `Reward "${reward.title}" is disabled`);
  if (reward.isPaused) return refuse(409, `Reward "${reward.title}" is paused`);

  if (!ignoreLimits) {
    const cooldownEnd = cooldownExpiresAt(reward, now);
    if (cooldownEnd !== null) {
      const left = Math.ceil((cooldownEnd - now) / 1000);
      return refuse(409, `Reward "${reward.title}" is on global cooldown for ${left} more second${left === 1 ? '' : 's'}`);
    }
    const stream = state.streams.get(broadcaster.id);
    if (stream && reward.maxPerStream.enabled && state.redemptions.countInStream(reward.id, stream.id) >= reward.maxPerStream.value) {
      return refuse(409, `Reward "${reward.title}" is out of stock: the limit of ${reward.maxPerStream.value} per stream is reached`);
    }
    if (
      stream &&
      reward.maxPerUserPerStream.enabled &&
      state.redemptions.countForUserInStream(reward.id, stream.id, user.id) >= reward.maxPerUserPerStream.value
    ) {
      return refuse(409, `User "${user.login}" reached the limit of ${reward.maxPerUserPerStream.value} per user per stream for reward "${reward.title}"`);
    }
  }

  if (!reward.isUserInputRequired) return { reward, userInput: null };
  const typed = input.userInput?.trim() ?? '';
  if (typed === '') return refuse(400, `Reward "${reward.title}" requires user_input`);
  return { reward, userInput: typed };
}
