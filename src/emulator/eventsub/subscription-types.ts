/**
 * The EventSub subscription types the emulator delivers: those of platform facts ("EventSub over
 * WebSocket", all version "1") plus `channel.update` and `channel.follow` (version "2"), which the
 * channels area publishes, and the moderation, chat, shoutout, raid, poll, prediction, ad break, goal,
 * hype train (version "2"), cheer and subscription types of the platform's reference, and the
 * moderators' types (Shield Mode, AutoMod, warnings, unban requests, suspicious users, what leaves
 * chat, `channel.moderate` version 2) and shared chat sessions. Every type
 * but `channel.raid` (one of from/to) is conditioned on `broadcaster_user_id`.
 */
import type { PlatformEventType } from '../domain/event-bus';

export interface SubscriptionTypeSpec {
  type: PlatformEventType;
  version: '1' | '2';
  /** Condition fields in the order the platform echoes them. */
  condition: readonly { name: string; required: boolean }[];
  /** Any one of these scopes is enough (unless `everyGroup`); empty: no authorization needed. */
  scopes: readonly string[];
  /** The token needs one scope of each of these groups (`channel.moderate`); `scopes` lists them all. */
  everyGroup?: readonly (readonly string[])[];
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
/** `channel.moderate` version 2 needs one scope of each (the platform's reference). */
const CHANNEL_MODERATE_GROUPS: readonly (readonly string[])[] = [
  ['moderator:read:blocked_terms', 'moderator:manage:blocked_terms'],
  ['moderator:read:chat_settings', 'moderator:manage:chat_settings'],
  ['moderator:read:unban_requests', 'moderator:manage:unban_requests'],
  ['moderator:read:banned_users', 'moderator:manage:banned_users'],
  ['moderator:read:chat_messages', 'moderator:manage:chat_messages'],
  ['moderator:read:warnings', 'moderator:manage:warnings'],
  ['moderator:read:moderators'],
  ['moderator:read:vips'],
];

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
  // What leaves the channel's chat (a deleted line, a banned or timed-out chatter's lines, a cleared chat), read like chat.
  ...(['channel.chat.message_delete', 'channel.chat.clear_user_messages', 'channel.chat.clear'] as const).map(
    (type): SubscriptionTypeSpec => ({ type, version: '1', condition: [BROADCASTER, CHAT_READER], scopes: ['user:read:chat'], authorizedBy: 'user_id' }),
  ),
  // Every moderator action (version 2): a moderator of the channel, with one scope of each group.
  {
    type: 'channel.moderate',
    version: '2',
    condition: [BROADCASTER, MODERATOR],
    scopes: CHANNEL_MODERATE_GROUPS.flat(),
    everyGroup: CHANNEL_MODERATE_GROUPS,
    authorizedBy: 'moderator_user_id',
  },
  // Shared chat sessions (the platform's reference): no authorization needed.
  ...(['channel.shared_chat.begin', 'channel.shared_chat.update', 'channel.shared_chat.end'] as const).map(
    (type): SubscriptionTypeSpec => ({ type, version: '1', condition: [BROADCASTER], scopes: [] }),
  ),
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
  // Moderation (the platform's reference): a moderator of the channel subscribes, as the token user.
  ...moderatorTypes(['channel.shield_mode.begin', 'channel.shield_mode.end'], ['moderator:read:shield_mode', 'moderator:manage:shield_mode']),
  ...moderatorTypes(['automod.message.hold', 'automod.message.update'], ['moderator:manage:automod']),
  ...moderatorTypes(['channel.warning.send', 'channel.warning.acknowledge'], ['moderator:read:warnings', 'moderator:manage:warnings']),
  ...moderatorTypes(['channel.unban_request.create', 'channel.unban_request.resolve'], ['moderator:read:unban_requests', 'moderator:manage:unban_requests']),
  ...moderatorTypes(['channel.suspicious_user.update', 'channel.suspicious_user.message'], ['moderator:read:suspicious_users']),
];

/** Types conditioned on `broadcaster_user_id` alone, which the broadcaster authorizes with one of `scopes`. */
function broadcasterTypes(types: readonly PlatformEventType[], version: '1' | '2', scopes: readonly string[]): SubscriptionTypeSpec[] {
  return types.map((type) => ({ type, version, condition: [BROADCASTER], scopes, authorizedBy: 'broadcaster_user_id' }));
}

/** Version-1 types conditioned on `broadcaster_user_id` and `moderator_user_id`, which a moderator of the channel authorizes with one of `scopes`. */
function moderatorTypes(types: readonly PlatformEventType[], scopes: readonly string[]): SubscriptionTypeSpec[] {
  return types.map((type) => ({ type, version: '1', condition: [BROADCASTER, MODERATOR], scopes, authorizedBy: 'moderator_user_id' }));
}

export function subscriptionTypeSpec(type: string): SubscriptionTypeSpec | undefined {
  return SUBSCRIPTION_TYPES.find((spec) => spec.type === type);
}
