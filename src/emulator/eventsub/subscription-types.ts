/**
 * The EventSub subscription types the emulator delivers: those of platform facts ("EventSub over
 * WebSocket", all version "1") plus `channel.update` and `channel.follow` (version "2"), which the
 * channels area publishes, and the moderation, chat, shoutout, raid, poll, prediction, ad break, goal,
 * hype train (version "2"), cheer and subscription types of the platform's reference. Every type but
 * `channel.raid` (one of from/to) is conditioned on `broadcaster_user_id`.
 */
import type { PlatformEventType } from '../domain/event-bus';

export interface SubscriptionTypeSpec {
  type: PlatformEventType;
  version: '1' | '2';
  /** Condition fields in the order the platform echoes them. */
  condition: readonly { name: string; required: boolean }[];
  /** Any one of these scopes is enough; empty: no authorization needed. */
  scopes: readonly string[];
  /** With scopes: the condition field that must name the token user. */
  authorizedBy?: 'broadcaster_user_id' | 'moderator_user_id' | 'user_id';
  /** Exactly one of these (optional) condition fields must be given (`channel.raid`). */
  oneOf?: readonly string[];
}

const BROADCASTER = { name: 'broadcaster_user_id', required: true } as const;
const REWARD = { name: 'reward_id', required: false } as const;
const MODERATOR = { name: 'moderator_user_id', required: true } as const;
const REDEMPTION_SCOPES = ['channel:read:redemptions', 'channel:manage:redemptions'] as const;
const MODERATOR_SCOPES = ['moderation:read', 'channel:manage:moderators'] as const;
const CHAT_READER = { name: 'user_id', required: true } as const;
const VIP_SCOPES = ['channel:read:vips', 'channel:manage:vips'] as const;
const SHOUTOUT_SCOPES = ['moderator:read:shoutouts', 'moderator:manage:shoutouts'] as const;

export const SUBSCRIPTION_TYPES: readonly SubscriptionTypeSpec[] = [
  {
    type: 'channel.channel_points_custom_reward_redemption.add',
    version: '1',
    condition: [BROADCASTER, REWARD],
    scopes: REDEMPTION_SCOPES,
    authorizedBy: 'broadcaster_user_id',
  },
  {
    type: 'channel.channel_points_custom_reward_redemption.update',
    version: '1',
    condition: [BROADCASTER, REWARD],
    scopes: REDEMPTION_SCOPES,
    authorizedBy: 'broadcaster_user_id',
  },
  { type: 'channel.charity_campaign.donate', version: '1', condition: [BROADCASTER], scopes: ['channel:read:charity'], authorizedBy: 'broadcaster_user_id' },
  { type: 'stream.online', version: '1', condition: [BROADCASTER], scopes: [] },
  { type: 'stream.offline', version: '1', condition: [BROADCASTER], scopes: [] },
  { type: 'channel.moderator.add', version: '1', condition: [BROADCASTER], scopes: MODERATOR_SCOPES, authorizedBy: 'broadcaster_user_id' },
  { type: 'channel.moderator.remove', version: '1', condition: [BROADCASTER], scopes: MODERATOR_SCOPES, authorizedBy: 'broadcaster_user_id' },
  { type: 'channel.update', version: '2', condition: [BROADCASTER], scopes: [] },
  // The moderator must be the token user and the broadcaster or one of the channel's moderators.
  { type: 'channel.follow', version: '2', condition: [BROADCASTER, MODERATOR], scopes: ['moderator:read:followers'], authorizedBy: 'moderator_user_id' },
  { type: 'channel.vip.add', version: '1', condition: [BROADCASTER], scopes: VIP_SCOPES, authorizedBy: 'broadcaster_user_id' },
  { type: 'channel.vip.remove', version: '1', condition: [BROADCASTER], scopes: VIP_SCOPES, authorizedBy: 'broadcaster_user_id' },
  { type: 'channel.ban', version: '1', condition: [BROADCASTER], scopes: ['channel:moderate'], authorizedBy: 'broadcaster_user_id' },
  { type: 'channel.unban', version: '1', condition: [BROADCASTER], scopes: ['channel:moderate'], authorizedBy: 'broadcaster_user_id' },
  // user_id is the reading user (the token's); every message of the channel is delivered.
  { type: 'channel.chat.message', version: '1', condition: [BROADCASTER, CHAT_READER], scopes: ['user:read:chat'], authorizedBy: 'user_id' },
  { type: 'channel.chat.notification', version: '1', condition: [BROADCASTER, CHAT_READER], scopes: ['user:read:chat'], authorizedBy: 'user_id' },
  { type: 'channel.shoutout.create', version: '1', condition: [BROADCASTER, MODERATOR], scopes: SHOUTOUT_SCOPES, authorizedBy: 'moderator_user_id' },
  { type: 'channel.shoutout.receive', version: '1', condition: [BROADCASTER, MODERATOR], scopes: SHOUTOUT_SCOPES, authorizedBy: 'moderator_user_id' },
  {
    type: 'channel.raid',
    version: '1',
    condition: [
      { name: 'from_broadcaster_user_id', required: false },
      { name: 'to_broadcaster_user_id', required: false },
    ],
    scopes: [],
    oneOf: ['from_broadcaster_user_id', 'to_broadcaster_user_id'],
  },
  // Polls, predictions, ads, goals, hype trains, cheers and subscriptions: shapes from the platform's reference.
  ...broadcasterTypes(['channel.poll.begin', 'channel.poll.progress', 'channel.poll.end'], '1', ['channel:read:polls', 'channel:manage:polls']),
  ...broadcasterTypes(
    ['channel.prediction.begin', 'channel.prediction.progress', 'channel.prediction.lock', 'channel.prediction.end'],
    '1',
    ['channel:read:predictions', 'channel:manage:predictions'],
  ),
  ...broadcasterTypes(['channel.ad_break.begin'], '1', ['channel:read:ads']),
  ...broadcasterTypes(['channel.goal.begin', 'channel.goal.progress', 'channel.goal.end'], '1', ['channel:read:goals']),
  // Version 2: the platform retired version 1 of the hype train types.
  ...broadcasterTypes(['channel.hype_train.begin', 'channel.hype_train.progress', 'channel.hype_train.end'], '2', ['channel:read:hype_train']),
  ...broadcasterTypes(['channel.cheer'], '1', ['bits:read']),
  ...broadcasterTypes(['channel.subscribe', 'channel.subscription.gift', 'channel.subscription.message'], '1', ['channel:read:subscriptions']),
];

/** Types conditioned on `broadcaster_user_id` alone, which the broadcaster authorizes with one of `scopes`. */
function broadcasterTypes(types: readonly PlatformEventType[], version: '1' | '2', scopes: readonly string[]): SubscriptionTypeSpec[] {
  return types.map((type) => ({ type, version, condition: [BROADCASTER], scopes, authorizedBy: 'broadcaster_user_id' }));
}

export function subscriptionTypeSpec(type: string): SubscriptionTypeSpec | undefined {
  return SUBSCRIPTION_TYPES.find((spec) => spec.type === type);
}
