/**
 * Channel points' rules (spec 4.6, part 3): custom rewards belong to the client that created them
 * (only it may update or delete them or manage their redemptions); a partner or affiliate has at
 * most 50, titles unique regardless of case; a viewer redeems what the viewer UI lets them (enabled,
 * not paused, in stock, off cooldown, within the per-stream limits); a redemption moves from
 * UNFULFILLED to FULFILLED or CANCELED (refunded) once; deleting a reward fulfils its open
 * redemptions. Announces `channel.channel_points_custom_reward_redemption.add` and `.update`.
 */
import { ApiError, badRequest, forbidden, invalidParameter, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Redemption } from './stores/redemptions';
import { cooldownExpiresAt, MAX_REWARDS_PER_CHANNEL, type CustomReward, type LimitSetting } from './stores/rewards';

export const REWARD_MESSAGES = {
  notPartner: 'The broadcaster must have partner or affiliate status.',
  otherClient: 'The ID in the Client-Id header must match the Client ID used to create the custom reward.',
  /** The platform answers these two with bare error codes. */
  duplicateOnCreate: 'CREATE_CUSTOM_REWARD_DUPLICATE_REWARD',
  duplicateOnUpdate: 'UPDATE_CUSTOM_REWARD_DUPLICATE_REWARD',
  tooManyRewards: 'CREATE_CUSTOM_REWARD_TOO_MANY_REWARDS',
} as const;

/** A reward's fields as Create and Update Custom Reward give them, validated; absent: unchanged (or the default). */
export interface RewardChanges {
  title?: string;
  prompt?: string;
  cost?: number;
  backgroundColor?: string;
  isEnabled?: boolean;
  isUserInputRequired?: boolean;
  maxPerStreamEnabled?: boolean;
  maxPerStream?: number;
  maxPerUserPerStreamEnabled?: boolean;
  maxPerUserPerStream?: number;
  globalCooldownEnabled?: boolean;
  globalCooldownSeconds?: number;
  isPaused?: boolean;
  skipQueue?: boolean;
}

const NO_LIMITS = {
  maxPerStream: { enabled: false, value: 0 },
  maxPerUserPerStream: { enabled: false, value: 0 },
  globalCooldown: { enabled: false, value: 0 },
};

/** A limit's value may be 0 while its switch is off; with the switch on it must be at least 1. */
function mergeLimit(current: LimitSetting, enabled: boolean | undefined, value: number | undefined, names: [string, string]): LimitSetting {
  const merged = { enabled: enabled ?? current.enabled, value: value ?? current.value };
  if (merged.enabled && merged.value < 1) throw invalidParameter(names[1], `must be at least 1 when ${names[0]} is true`);
  return merged;
}

function mergedLimits(current: Pick<CustomReward, 'maxPerStream' | 'maxPerUserPerStream' | 'globalCooldown'>, changes: RewardChanges) {
  return {
    maxPerStream: mergeLimit(current.maxPerStream, changes.maxPerStreamEnabled, changes.maxPerStream, ['is_max_per_stream_enabled', 'max_per_stream']),
    maxPerUserPerStream: mergeLimit(current.maxPerUserPerStream, changes.maxPerUserPerStreamEnabled, changes.maxPerUserPerStream, [
      'is_max_per_user_per_stream_enabled',
      'max_per_user_per_stream',
    ]),
    globalCooldown: mergeLimit(current.globalCooldown, changes.globalCooldownEnabled, changes.globalCooldownSeconds, [
      'is_global_cooldown_enabled',
      'global_cooldown_seconds',
    ]),
  };
}

/** The broadcaster's reward that `clientId` may manage; the platform's 404 and 403 otherwise. */
export function manageableReward(state: EmulatorState, broadcasterId: string, clientId: string, rewardId: string, parameter: 'id' | 'reward_id'): CustomReward {
  const reward = state.rewards.find(broadcasterId, rewardId);
  if (!reward) throw notFound(`The custom reward specified in the ${parameter} query parameter was not found`);
  if (reward.clientId !== clientId) throw forbidden(REWARD_MESSAGES.otherClient);
  return reward;
}

/** Create Custom Rewards (a new reward is never paused). */
export function createReward(state: EmulatorState, broadcasterId: string, clientId: string, changes: RewardChanges & { title: string; cost: number }, now: number): CustomReward {
  const limits = mergedLimits(NO_LIMITS, changes);
  if (state.rewards.countFor(broadcasterId) >= MAX_REWARDS_PER_CHANNEL) throw badRequest(REWARD_MESSAGES.tooManyRewards);
  if (state.rewards.isTitleTaken(broadcasterId, changes.title)) throw badRequest(REWARD_MESSAGES.duplicateOnCreate);
  return state.rewards.create(
    {
      broadcasterId,
      clientId,
      title: changes.title,
      cost: changes.cost,
      prompt: changes.prompt,
      backgroundColor: changes.backgroundColor,
      isEnabled: changes.isEnabled,
      isUserInputRequired: changes.isUserInputRequired,
      ...limits,
      shouldRedemptionsSkipRequestQueue: changes.skipQueue,
    },
    now,
  );
}

/** Update Custom Reward. */
export function updateReward(state: EmulatorState, broadcasterId: string, clientId: string, rewardId: string, changes: RewardChanges): CustomReward {
  const reward = manageableReward(state, broadcasterId, clientId, rewardId, 'id');
  const limits = mergedLimits(reward, changes);
  if (changes.title !== undefined && state.rewards.isTitleTaken(broadcasterId, changes.title, reward.id)) throw badRequest(REWARD_MESSAGES.duplicateOnUpdate);
  if (changes.title !== undefined) reward.title = changes.title;
  if (changes.prompt !== undefined) reward.prompt = changes.prompt;
  if (changes.cost !== undefined) reward.cost = changes.cost;
  if (changes.backgroundColor !== undefined) reward.backgroundColor = changes.backgroundColor;
  if (changes.isEnabled !== undefined) reward.isEnabled = changes.isEnabled;
  if (changes.isUserInputRequired !== undefined) reward.isUserInputRequired = changes.isUserInputRequired;
  if (changes.isPaused !== undefined) reward.isPaused = changes.isPaused;
  if (changes.skipQueue !== undefined) reward.shouldRedemptionsSkipRequestQueue = changes.skipQueue;
  Object.assign(reward, limits);
  return reward;
}

/** Delete Custom Reward: its open redemptions are fulfilled and stay in the channel's record (spec part 3). */
export function deleteReward(state: EmulatorState, broadcasterId: string, clientId: string, rewardId: string, now: number): void {
  const reward = manageableReward(state, broadcasterId, clientId, rewardId, 'id');
  const open = state.redemptions.listForReward(reward.id).filter((r) => r.status === 'UNFULFILLED');
  updateRedemptions(state, open, 'FULFILLED', now);
  state.rewards.delete(reward.id);
  state.redemptions.forgetStreamCounts(reward.id);
}

/** Update Redemption Status: the reward's UNFULFILLED redemptions among `ids` move on; none is a 404. */
export function setRedemptionStatus(state: EmulatorState, reward: CustomReward, ids: readonly string[], status: 'FULFILLED' | 'CANCELED', now: number): Redemption[] {
  const matched = ids
    .map((id) => state.redemptions.get(id))
    .filter((r): r is Redemption => r !== undefined && r.rewardId === reward.id && r.status === 'UNFULFILLED');
  if (matched.length === 0) throw notFound('No UNFULFILLED redemptions with the specified IDs were found for this reward');
  updateRedemptions(state, matched, status, now);
  return matched;
}

/** Moves UNFULFILLED redemptions to `status` and announces an update for each (spec part 3). */
function updateRedemptions(state: EmulatorState, redemptions: readonly Redemption[], status: 'FULFILLED' | 'CANCELED', now: number): void {
  for (const redemption of redemptions) {
    state.redemptions.setStatus(redemption, status, now);
    state.events.publish({ type: 'channel.channel_points_custom_reward_redemption.update', redemption });
  }
}

/** How a reward stands in the current stream: redeemed so far, cooldown end, in stock. */
export function rewardStanding(state: EmulatorState, reward: CustomReward, now: number): { redeemedThisStream: number | null; cooldownEnd: number | null; inStock: boolean } {
  const stream = state.streams.get(reward.broadcasterId);
  const redeemedThisStream = stream ? state.redemptions.countInStream(reward.id, stream.id) : null;
  const cooldownEnd = cooldownExpiresAt(reward, now);
  const soldOut = reward.maxPerStream.enabled && redeemedThisStream !== null && redeemedThisStream >= reward.maxPerStream.value;
  return { redeemedThisStream, cooldownEnd, inStock: cooldownEnd === null && !soldOut };
}

/**
 * For load tests (simulation API): `count` redemptions by `userIds` in turn (every user but the
 * broadcaster by default). The viewers' UI rules (enabled, not paused, user input) hold, but
 * stock, cooldown and per-stream limits are skipped so that `count` are always made.
 */
export function redeemInBulk(
  state: EmulatorState,
  input: { broadcasterId: string; rewardId: string; count: number; userIds?: readonly string[]; userInput?: string; publish: boolean },
): string[] {
  let userIds = input.userIds;
  if (userIds) {
    const unknown = userIds.find((u) => !state.users.get(u));
    if (unknown !== undefined) throw notFound(`Unknown user_id "${unknown}"`);
  } else {
    userIds = state.users.list().filter((u) => u.id !== input.broadcasterId).map((u) => u.id);
    if (userIds.length === 0) throw badRequest('No viewers to redeem: give user_ids');
  }
  const now = state.clock.now();
  const created: string[] = [];
  for (let i = 0; i < input.count; i++) {
    const result = redeemReward(
      state,
      { broadcasterId: input.broadcasterId, rewardId: input.rewardId, userId: userIds[i % userIds.length]!, userInput: input.userInput ?? `Request #${i + 1}` },
      { now, ignoreLimits: true, publish: input.publish },
    );
    if ('refusal' in result) throw new ApiError(result.refusal.status, result.refusal.message);
    created.push(result.redemption.id);
  }
  return created;
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
  if (options.publish ?? true) state.events.publish({ type: 'channel.channel_points_custom_reward_redemption.add', redemption });
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
