/** An EventSub notification as the domain's event becomes it (`notifications.ts`), before the session hub addresses it. */
import type { PlatformEventType } from '../domain/event-bus';

/** A notification before it is addressed to subscriptions. */
export interface Notification {
  type: PlatformEventType;
  /** Matched against a subscription's `condition.broadcaster_user_id`. */
  broadcasterUserId: string;
  /** Matched against an optional `condition.reward_id` (redemption events). */
  rewardId?: string;
  /**
   * For types not conditioned on `broadcaster_user_id` (`channel.raid`): the condition fields the
   * notification matches; a subscription matches when each of these it names has the notification's value.
   */
  condition?: Record<string, string>;
  /** The notification's `payload.event`, exactly as the platform sends it. */
  event: Record<string, unknown>;
}
