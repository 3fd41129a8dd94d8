/**
 * The scopes Sidestage asks for, each with the feature that needs it, so the Account panel
 * can say what a missing one costs.
 */
export const requestedScopes = {
  'channel:read:stream_key': 'Fill the stream key into the ingest URL',
  'channel:manage:broadcast': 'Drop stream markers and edit the channel',
  'user:read:broadcast': 'Read back stream markers',
  'channel:read:redemptions': 'See channel-point redemptions',
  'channel:manage:redemptions': 'Manage rewards and the redemption queue',
  'channel:read:charity': 'Show the charity campaign and donations',
  'moderator:read:chat_settings': 'Read chat settings',
  'moderator:manage:chat_settings': 'Change chat settings',
  'channel:edit:commercial': 'Run ads',
  'clips:edit': 'Create clips',
  'channel:read:ads': 'Read the ad schedule',
  'channel:manage:ads': 'Snooze the next ad',
  'channel:manage:polls': 'Run polls',
  'channel:manage:predictions': 'Run predictions',
  'channel:manage:raids': 'Raid other channels',
  'user:read:follows': 'Find live channels you follow to raid',
  'moderator:manage:shoutouts': 'Send shoutouts',
  // The activity feed and chat (src/main/services/activity/, src/main/services/chat/).
  'moderator:read:followers': 'Show new followers in the activity feed',
  'channel:read:subscriptions': 'Show subscriptions and gifts in the activity feed',
  'bits:read': 'Show cheers in the activity feed',
  'channel:read:hype_train': 'Show hype trains in the activity feed',
  'channel:read:polls': 'Show poll results in the activity feed',
  'channel:read:predictions': 'Show prediction results in the activity feed',
  'user:read:chat': 'Read chat',
  'user:write:chat': 'Send chat messages',
  'moderator:manage:announcements': 'Send chat announcements',
  'moderator:manage:chat_messages': 'Delete chat messages',
  'moderator:manage:banned_users': 'Time out and ban chatters',
  // The bot account (src/main/services/auth/bot-account.ts): the broadcaster lets it speak here.
  'channel:bot': 'Let your bot account speak in your chat with the chat-bot badge',
  // Moderation while live (src/main/services/moderation/).
  'moderator:manage:shield_mode': 'Turn Shield Mode on and off',
  'moderator:manage:automod': "Allow or deny the messages AutoMod holds",
  'moderator:read:automod_settings': "Show AutoMod's level in Chat settings",
  'moderator:manage:automod_settings': "Set AutoMod's level in Chat settings",
  'moderator:manage:blocked_terms': 'Add and remove blocked terms in Chat settings',
  'moderator:manage:warnings': 'Warn chatters',
  'moderator:manage:unban_requests': 'Approve or deny unban requests',
  'moderator:read:suspicious_users': "Show a chatter's suspicious-user status",
  'moderator:manage:suspicious_users': 'Monitor or restrict a suspicious chatter from their card',
  'moderation:read': 'Show who is a moderator on a chatter\'s card',
  'channel:manage:moderators': 'Make a chatter a moderator, or no longer one',
  'channel:manage:vips': 'Make a chatter a VIP, or no longer one',
  'channel:moderate': "Count a chatter's timeouts and bans during the broadcast",
  // With the moderation scopes above, what channel.moderate needs: the mod log and who removed a chat line.
  'moderator:read:moderators': 'Keep the mod log: what every moderator did',
  'moderator:read:vips': 'Keep the mod log: VIPs given and taken',
  // Overlays (src/main/services/overlays/): a goal bar of the platform's creator goals.
  'channel:read:goals': 'Show your creator goals on a goal overlay',
} as const;

export type RequestedScope = keyof typeof requestedScopes;
export const requestedScopeList = Object.keys(requestedScopes) as RequestedScope[];

/**
 * The scopes the bot account's sign-in asks for: it speaks as a chat bot (with the app's token,
 * on this grant), reads the chat it speaks in, and sends announcements where it is a moderator
 * (Send Chat Announcement takes the bot's own user token).
 */
export const botScopes = {
  'user:bot': 'Speak in your chat as a chat bot, with the chat-bot badge',
  'user:read:chat': 'Read the chat it speaks in',
  'user:write:chat': 'Send chat messages',
  'moderator:manage:announcements': 'Send announcements where it is a moderator',
} as const;

export type BotScope = keyof typeof botScopes;
export const botScopeList = Object.keys(botScopes) as BotScope[];
