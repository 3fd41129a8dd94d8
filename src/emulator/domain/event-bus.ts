/**
 * What happened on the platform, announced by the domain's rules whichever way it happened (the
 * current API, the simulation API, the RTMP ingest, the clock). Each event is named after the
 * platform's own event type and carries the domain's records as they are at the moment it is
 * announced; the EventSub layer (`eventsub/notifications.ts`) turns each into the notification the
 * platform sends. The domain only publishes: it never learns who listens.
 */
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import type { AdBreak } from './stores/ad-schedules';
import type { HeldMessage } from './stores/automod';
import type { Ban } from './stores/bans';
import type { Channel } from './stores/channels';
import type { CharityCampaign, CharityDonation } from './stores/charity';
import type { ChatMessage } from './stores/chat-messages';
import type { SharedChatSession } from './stores/shared-chat';
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
import type { SuspiciousUser } from './stores/suspicious-users';
import type { UnbanRequest } from './stores/unban-requests';
import type { Warning } from './stores/warnings';

/** A role given or taken in a channel. */
export interface RoleChange {
  broadcasterId: string;
  userId: string;
}

/** Shield Mode turned on or off in a channel: by whom, when (ms). */
export interface ShieldModeChange {
  broadcasterId: string;
  moderatorId: string;
  at: number;
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

/**
 * What a moderator did, as `channel.moderate` (version 2) names it: the action and the object the
 * platform fills for it. The emulator has no shared chat and no permitted terms, so the
 * `shared_chat_*` and `*_permitted_term` actions never happen here.
 */
export type ModerationAction =
  | { action: 'ban'; userId: string; reason: string }
  | { action: 'timeout'; userId: string; reason: string; expiresAt: number }
  | { action: 'unban' | 'untimeout' | 'mod' | 'unmod' | 'vip' | 'unvip' | 'unraid'; userId: string }
  | { action: 'raid'; userId: string; viewerCount: number }
  | { action: 'delete'; userId: string; messageId: string; messageBody: string }
  | { action: 'warn'; userId: string; reason: string; chatRulesCited: string[] | null }
  | { action: 'approve_unban_request' | 'deny_unban_request'; userId: string; moderatorMessage: string }
  | { action: 'add_blocked_term' | 'remove_blocked_term'; terms: string[] }
  | { action: 'followers'; followDurationMinutes: number }
  | { action: 'slow'; waitTimeSeconds: number }
  | { action: 'clear' | 'emoteonly' | 'emoteonlyoff' | 'followersoff' | 'uniquechat' | 'uniquechatoff' | 'slowoff' | 'subscribers' | 'subscribersoff' };

export type ModerationActionName = ModerationAction['action'];

/** A moderator's action in a channel (`channel.moderate`): who did what. */
export interface Moderation {
  broadcasterId: string;
  moderatorId: string;
  moderation: ModerationAction;
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
  | { type: 'channel.chat.message_delete'; broadcasterId: string; targetUserId: string; messageId: string }
  | { type: 'channel.chat.clear_user_messages'; broadcasterId: string; targetUserId: string }
  | { type: 'channel.chat.clear'; broadcasterId: string }
  | ({ type: 'channel.moderate' } & Moderation)
  | { type: 'channel.shared_chat.begin' | 'channel.shared_chat.update' | 'channel.shared_chat.end'; broadcasterId: string; session: SharedChatSession }
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
  | { type: 'channel.subscription.message'; message: ResubscriptionMessage }
  | { type: 'channel.shield_mode.begin' | 'channel.shield_mode.end'; change: ShieldModeChange }
  | { type: 'automod.message.hold' | 'automod.message.update'; held: HeldMessage }
  | { type: 'channel.warning.send' | 'channel.warning.acknowledge'; warning: Warning }
  | { type: 'channel.unban_request.create' | 'channel.unban_request.resolve'; request: UnbanRequest }
  | { type: 'channel.suspicious_user.update'; suspicious: SuspiciousUser }
  | { type: 'channel.suspicious_user.message'; suspicious: SuspiciousUser; message: ChatMessage };

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
