/** Custom rewards and redemptions in the current API's shapes (spec part 2), and as the simulation API shows them. */
import { toRfc3339 } from '../../clock';
import { rewardStanding } from '../../domain/channel-points';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Redemption } from '../../domain/stores/redemptions';
import type { CustomReward } from '../../domain/stores/rewards';
import type { HelixRedemption, HelixReward, RedemptionRecord, RewardImages, RewardRecord } from './wire/channel-points';

/** The default image (`routes/static/custom-reward-images.ts`) at the platform's three sizes. */
export function defaultRewardImageUrls(baseUrl: string): RewardImages {
  const url = (scale: string) => `${baseUrl}/static/custom-reward-images/default-${scale}.png`;
  return { url_1x: url('1'), url_2x: url('2'), url_4x: url('4') };
}

export function helixReward(state: EmulatorState, reward: CustomReward, now: number): HelixReward {
  const broadcaster = state.users.get(reward.broadcasterId);
  const { redeemedThisStream, cooldownEnd, inStock } = rewardStanding(state, reward, now);
  return {
    broadcaster_name: broadcaster?.displayName ?? '',
    broadcaster_login: broadcaster?.login ?? '',
    broadcaster_id: reward.broadcasterId,
    id: reward.id,
    image: null,
    background_color: reward.backgroundColor,
    is_enabled: reward.isEnabled,
    cost: reward.cost,
    title: reward.title,
    prompt: reward.prompt,
    is_user_input_required: reward.isUserInputRequired,
    max_per_stream_setting: { is_enabled: reward.maxPerStream.enabled, max_per_stream: reward.maxPerStream.value },
    max_per_user_per_stream_setting: { is_enabled: reward.maxPerUserPerStream.enabled, max_per_user_per_stream: reward.maxPerUserPerStream.value },
    global_cooldown_setting: { is_enabled: reward.globalCooldown.enabled, global_cooldown_seconds: reward.globalCooldown.value },
    is_paused: reward.isPaused,
    is_in_stock: inStock,
    default_image: defaultRewardImageUrls(state.baseUrl),
    should_redemptions_skip_request_queue: reward.shouldRedemptionsSkipRequestQueue,
    redemptions_redeemed_current_stream: reward.maxPerStream.enabled ? redeemedThisStream : null,
    cooldown_expires_at: cooldownEnd === null ? null : toRfc3339(cooldownEnd),
  };
}

export function rewardRecord(state: EmulatorState, reward: CustomReward, now: number): RewardRecord {
  return { ...helixReward(state, reward, now), client_id: reward.clientId };
}

export function helixRedemption(state: EmulatorState, redemption: Redemption): HelixRedemption {
  const broadcaster = state.users.get(redemption.broadcasterId);
  const user = state.users.get(redemption.userId);
  return {
    broadcaster_name: broadcaster?.displayName ?? '',
    broadcaster_login: broadcaster?.login ?? '',
    broadcaster_id: redemption.broadcasterId,
    id: redemption.id,
    user_login: user?.login ?? '',
    user_id: redemption.userId,
    user_name: user?.displayName ?? '',
    user_input: redemption.userInput,
    status: redemption.status,
    redeemed_at: toRfc3339(redemption.redeemedAt),
    reward: { ...redemption.reward },
  };
}

export function redemptionRecord(state: EmulatorState, redemption: Redemption): RedemptionRecord {
  return {
    ...helixRedemption(state, redemption),
    stream_id: redemption.streamId,
    refunded_points: redemption.refund?.points ?? 0,
    refunded_at: redemption.refund ? toRfc3339(redemption.refund.at) : null,
    reward_deleted: state.rewards.get(redemption.rewardId) === undefined,
  };
}
