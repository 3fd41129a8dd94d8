/**
 * What happened on the platform, announced by the domain's rules whichever way it happened (the
 * current API, the simulation API, the RTMP ingest, the clock). Each event is named after the
 * platform's own event type and carries the domain's records as they are at the moment it is
 * announced; the EventSub layer (`eventsub/notifications.ts`) turns each into the notification the
 * platform sends. The domain only publishes: it never learns who listens.
 */
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import type { AdBreak } from './stores/ad-schedules';
import type { Ban } from './stores/bans';
import type { Channel } from './stores/channels';
import type { CharityCampaign, CharityDonation } from './stores/charity';
import type { ChatMessage } from './stores/chat-messages';
import type { Follow } from './stores/follows';
import type { CreatorGoal } from './stores/goals';
import type { ChannelHype, HypeTrain } from './stores/hype-trains';
import type { Poll } from './stores/polls';
import type { Prediction } from './stores/predictions';
import type { Raid } from './stores/raids';
import type { Redemption } from './stores/redemptions';
import type { Shoutout } from './stores/shoutouts';
import type { Stream } from './stores/streams';
import type { ChannelSubscription, SubscriptionTier } from './stores/subscriptions';

/** A role given or taken in a channel. */
export interface RoleChange {
  broadcasterId: string;
  userId: string;
}

/** A notice in a channel's chat that is not a viewer's message. */
export type ChatNotice =
  | { kind: 'announcement'; broadcasterId: string; moderatorId: string; text: string; color: string }
  | { kind: 'raid'; raid: Raid };

export interface Cheer {
  broadcasterId: string;
  /** Null for an anonymous cheer. */
  userId: string | null;
  bits: number;
  message: string;
}

export interface SubscriptionGift {
  broadcasterId: string;
  /** Null for an anonymous gift. */
  gifterId: string | null;
  tier: SubscriptionTier;
  total: number;
  /** The gifter's all-time gifts to the channel; null for an anonymous gift. */
  cumulativeTotal: number | null;
}

export interface ResubscriptionMessage {
  broadcasterId: string;
  userId: string;
  tier: SubscriptionTier;
  text: string;
  cumulativeMonths: number;
  streakMonths: number | null;
  durationMonths: number;
}

export type PlatformEvent =
  | { type: 'stream.online' | 'stream.offline'; stream: Stream }
  | { type: 'channel.update'; channel: Channel }
  | { type: 'channel.follow'; follow: Follow }
  | { type: 'channel.channel_points_custom_reward_redemption.add' | 'channel.channel_points_custom_reward_redemption.update'; redemption: Redemption }
  | { type: 'channel.charity_campaign.donate'; campaign: CharityCampaign; donation: CharityDonation }
  | { type: 'channel.moderator.add' | 'channel.moderator.remove' | 'channel.vip.add' | 'channel.vip.remove'; change: RoleChange }
  | { type: 'channel.ban'; ban: Ban }
  | { type: 'channel.unban'; ban: Ban; moderatorId: string }
  | { type: 'channel.chat.message'; message: ChatMessage }
  | { type: 'channel.chat.notification'; notice: ChatNotice }
  | { type: 'channel.shoutout.create' | 'channel.shoutout.receive'; shoutout: Shoutout }
  | { type: 'channel.raid'; raid: Raid }
  | { type: 'channel.poll.begin' | 'channel.poll.progress' | 'channel.poll.end'; poll: Poll }
  | { type: 'channel.prediction.begin' | 'channel.prediction.progress' | 'channel.prediction.lock' | 'channel.prediction.end'; prediction: Prediction }
  | { type: 'channel.ad_break.begin'; adBreak: AdBreak }
  | { type: 'channel.goal.begin' | 'channel.goal.progress' | 'channel.goal.end'; goal: CreatorGoal }
  | { type: 'channel.hype_train.begin' | 'channel.hype_train.progress' | 'channel.hype_train.end'; hype: ChannelHype; train: HypeTrain }
  | { type: 'channel.cheer'; cheer: Cheer }
  | { type: 'channel.subscribe'; subscription: ChannelSubscription }
  | { type: 'channel.subscription.gift'; gift: SubscriptionGift }
  | { type: 'channel.subscription.message'; message: ResubscriptionMessage };

export type PlatformEventType = PlatformEvent['type'];

/** The event of one type. */
export type PlatformEventOf<T extends PlatformEventType> = Extract<PlatformEvent, { type: T }>;

export type PlatformEventListener = (event: PlatformEvent) => void;

/** Lives as long as the emulator state: a reset does not drop its listeners (EventSub's sessions stay subscribed). */
export class EventBus {
  private readonly emitter = new Emitter<PlatformEvent>();

  subscribe(listener: PlatformEventListener): Disposer {
    return this.emitter.on(listener);
  }

  publish(event: PlatformEvent): void {
    this.emitter.fire(event);
  }
}
