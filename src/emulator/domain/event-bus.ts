/**
 * Platform events raised by state changes, whichever way they happen (the API itself or the
 * simulation API). EventSub's WebSocket transport subscribes here; areas only publish.
 */
export type PlatformEventType =
  | 'channel.channel_points_custom_reward_redemption.add'
  | 'channel.channel_points_custom_reward_redemption.update'
  | 'channel.charity_campaign.donate'
  | 'stream.online'
  | 'stream.offline'
  | 'channel.update'
  | 'channel.follow'
  | 'channel.moderator.add'
  | 'channel.moderator.remove'
  | 'channel.vip.add'
  | 'channel.vip.remove'
  | 'channel.ban'
  | 'channel.unban'
  | 'channel.chat.message'
  | 'channel.chat.notification'
  | 'channel.shoutout.create'
  | 'channel.shoutout.receive'
  | 'channel.raid'
  | 'channel.poll.begin'
  | 'channel.poll.progress'
  | 'channel.poll.end'
  | 'channel.prediction.begin'
  | 'channel.prediction.progress'
  | 'channel.prediction.lock'
  | 'channel.prediction.end'
  | 'channel.ad_break.begin'
  | 'channel.goal.begin'
  | 'channel.goal.progress'
  | 'channel.goal.end'
  | 'channel.hype_train.begin'
  | 'channel.hype_train.progress'
  | 'channel.hype_train.end'
  | 'channel.cheer'
  | 'channel.subscribe'
  | 'channel.subscription.gift'
  | 'channel.subscription.message';

export interface PlatformEvent {
  type: PlatformEventType;
  /** Matched against a subscription's `condition.broadcaster_user_id`. */
  broadcasterUserId: string;
  /** Matched against an optional `condition.reward_id` (redemption events). */
  rewardId?: string;
  /**
   * For types not conditioned on `broadcaster_user_id` (`channel.raid`): the condition fields the
   * event matches; a subscription matches when each of these it names has the event's value.
   */
  condition?: Record<string, string>;
  /** The notification's `payload.event`, exactly as the platform sends it. */
  event: Record<string, unknown>;
}

export type PlatformEventListener = (event: PlatformEvent) => void;

export class EventBus {
  private readonly listeners = new Set<PlatformEventListener>();

  subscribe(listener: PlatformEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: PlatformEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
