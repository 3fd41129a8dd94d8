/** The platform's shapes for channel-point rewards and redemptions, and their conversion to the contract's. */
import type { ChannelEventOf, QueueReward, Redemption } from '../../../shared/ipc/contract';
import { redemptionEventId } from '../events/channel-events';

export interface HelixRedemption {
  id: string;
  broadcaster_id: string;
  user_id: string;
  user_login: string;
  user_name: string;
  user_input: string | null;
  status: string;
  redeemed_at: string;
  reward: { id: string; title: string; prompt: string | null; cost: number };
}

export interface HelixReward {
  id: string;
  title: string;
  prompt: string | null;
  cost: number;
  background_color: string;
  is_enabled: boolean;
  is_paused: boolean;
  is_in_stock: boolean;
  is_user_input_required: boolean;
  max_per_stream_setting: { is_enabled: boolean; max_per_stream: number };
  max_per_user_per_stream_setting: { is_enabled: boolean; max_per_user_per_stream: number };
  global_cooldown_setting: { is_enabled: boolean; global_cooldown_seconds: number };
  should_redemptions_skip_request_queue: boolean;
  cooldown_expires_at: string | null;
}

export const rewardsPath = '/helix/channel_points/custom_rewards';
export const redemptionsPath = '/helix/channel_points/custom_rewards/redemptions';

export function fromHelixRedemption(r: HelixRedemption): Redemption {
  return {
    id: r.id,
    rewardId: r.reward.id,
    rewardTitle: r.reward.title,
    rewardCost: r.reward.cost,
    userId: r.user_id,
    userLogin: r.user_login,
    userName: r.user_name,
    userInput: r.user_input ?? '',
    redeemedAt: normaliseTime(r.redeemed_at),
  };
}

export function fromRedemptionEvent(e: ChannelEventOf<'redemption'>): Redemption {
  return {
    id: e.redemptionId,
    rewardId: e.reward.id,
    rewardTitle: e.reward.title,
    rewardCost: e.reward.cost,
    userId: e.user.id,
    userLogin: e.user.login,
    userName: e.user.name,
    userInput: e.input,
    redeemedAt: normaliseTime(e.at),
  };
}

/** A waiting redemption found in the platform's list, as the channel event it would have been live. */
export function caughtUpRedemption(r: HelixRedemption): ChannelEventOf<'redemption'> {
  return {
    kind: 'redemption',
    id: redemptionEventId(r.id),
    at: normaliseTime(r.redeemed_at),
    source: 'caughtUp',
    redemptionId: r.id,
    reward: { id: r.reward.id, title: r.reward.title, cost: r.reward.cost, prompt: r.reward.prompt ?? '' },
    user: { id: r.user_id, login: r.user_login, name: r.user_name },
    input: r.user_input ?? '',
    status: 'unfulfilled',
  };
}

export function toQueueReward(r: HelixReward): QueueReward {
  return { id: r.id, title: r.title, cost: r.cost };
}

/**
 * The REST list and the events may write the same instant differently (fraction digits, offset):
 * one form keeps the order and the "same redemption" comparison honest.
 */
export function normaliseTime(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}
