/** `channel.channel_points_custom_reward_redemption.add` and `.update` (platform facts). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

type RedemptionEvent = PlatformEventOf<'channel.channel_points_custom_reward_redemption.add' | 'channel.channel_points_custom_reward_redemption.update'>;

/** Status in lower case, and `user_input` an empty string when the viewer typed nothing, as the platform sends them. */
export function redemptionNotification(state: EmulatorState, { type, redemption }: RedemptionEvent): Notification {
  return {
    type,
    broadcasterUserId: redemption.broadcasterId,
    rewardId: redemption.rewardId,
    event: {
      id: redemption.id,
      ...userFields(state, 'broadcaster_user', redemption.broadcasterId),
      ...userFields(state, 'user', redemption.userId),
      user_input: redemption.userInput ?? '',
      status: redemption.status.toLowerCase(),
      reward: { id: redemption.reward.id, title: redemption.reward.title, cost: redemption.reward.cost, prompt: redemption.reward.prompt },
      redeemed_at: toRfc3339(redemption.redeemedAt),
    },
  };
}
