/**
 * The scopes the identity service knows. A request for any other scope is rejected.
 * Descriptions are what the consent page shows; a scope without one shows its name only.
 */
const currentScopes: Record<string, string> = {
  'analytics:read:extensions': 'View analytics data for your extensions',
  'analytics:read:games': 'View analytics data for your games',
  'bits:read': 'View Bits information for your channel',
  'channel:bot': 'Join your channel’s chat as a bot user',
  'channel:edit:commercial': 'Run commercials on your channel',
  'channel:manage:ads': 'Manage ads schedule on your channel',
  'channel:manage:broadcast': 'Manage your channel’s broadcast configuration, including stream markers',
  'channel:manage:extensions': 'Manage your channel’s extension configuration',
  'channel:manage:guest_star': 'Manage Guest Star for your channel',
  'channel:manage:moderators': 'Add or remove the moderator role from users in your channel',
  'channel:manage:polls': 'Manage your channel’s polls',
  'channel:manage:predictions': 'Manage your channel’s Channel Points Predictions',
  'channel:manage:raids': 'Manage your channel’s raids',
  'channel:manage:redemptions': 'Manage Channel Points custom rewards and their redemptions on your channel',
  'channel:manage:schedule': 'Manage your channel’s stream schedule',
  'channel:manage:videos': 'Manage your channel’s videos',
  'channel:manage:vips': 'Add or remove the VIP role from users in your channel',
  'channel:moderate': 'Perform moderation actions in your channel',
  'channel:read:ads': 'Read the ads schedule and details on your channel',
  'channel:read:charity': 'Read charity campaign details and donations on your channel',
  'channel:read:editors': 'View a list of users with the editor role for your channel',
  'channel:read:goals': 'View your channel’s creator goals',
  'channel:read:guest_star': 'Read Guest Star details for your channel',
  'channel:read:hype_train': 'View Hype Train information for your channel',
  'channel:read:polls': 'View your channel’s polls',
  'channel:read:predictions': 'View your channel’s Channel Points Predictions',
  'channel:read:redemptions': 'View Channel Points custom rewards and their redemptions on your channel',
  'channel:read:stream_key': 'View your stream key',
  'channel:read:subscriptions': 'View a list of all subscribers to your channel',
  'channel:read:vips': 'Read the list of VIPs in your channel',
  'chat:edit': 'Send chat messages',
  'chat:read': 'View chat messages',
  'clips:edit': 'Create clips from a broadcast or video',
  'moderation:read': 'View your channel’s moderation data',
  'moderator:manage:announcements': 'Send announcements in channels where you are a moderator',
  'moderator:manage:automod': 'Manage messages held for review by AutoMod',
  'moderator:manage:automod_settings': 'Manage AutoMod settings',
  'moderator:manage:banned_users': 'Ban and unban users',
  'moderator:manage:blocked_terms': 'Manage blocked terms',
  'moderator:manage:chat_messages': 'Delete chat messages',
  'moderator:manage:chat_settings': 'Manage a broadcaster’s chat room settings',
  'moderator:manage:guest_star': 'Manage Guest Star for channels where you are a moderator',
  'moderator:manage:shield_mode': 'Manage a broadcaster’s Shield Mode status',
  'moderator:manage:shoutouts': 'Manage a broadcaster’s shoutouts',
  'moderator:manage:suspicious_users': 'Monitor or restrict suspicious users in channels where you are a moderator',
  'moderator:manage:unban_requests': 'Manage unban requests',
  'moderator:manage:warnings': 'Warn users in channels where you are a moderator',
  'moderator:read:automod_settings': 'View AutoMod settings',
  'moderator:read:banned_users': 'Read the list of banned users',
  'moderator:read:blocked_terms': 'View blocked terms',
  'moderator:read:chat_messages': 'Read deleted chat messages',
  'moderator:read:chat_settings': 'View a broadcaster’s chat room settings',
  'moderator:read:chatters': 'View the chatters in a broadcaster’s chat room',
  'moderator:read:followers': 'Read the followers of a broadcaster',
  'moderator:read:guest_star': 'Read Guest Star details for channels where you are a moderator',
  'moderator:read:moderators': 'Read the list of moderators',
  'moderator:read:shield_mode': 'View a broadcaster’s Shield Mode status',
  'moderator:read:shoutouts': 'View a broadcaster’s shoutouts',
  'moderator:read:suspicious_users': 'Read chat messages from suspicious users',
  'moderator:read:unban_requests': 'View unban requests',
  'moderator:read:vips': 'Read the list of VIPs',
  'moderator:read:warnings': 'Read warnings in channels where you are a moderator',
  'openid': 'Identify you with OpenID Connect',
  'user:bot': 'Appear in chat as a bot',
  'user:edit': 'Manage your user object',
  'user:edit:broadcast': 'Edit your broadcast configuration, including stream markers',
  'user:edit:follows': 'Manage your follows (deprecated)',
  'user:manage:blocked_users': 'Manage your block list',
  'user:manage:chat_color': 'Update the color of your name in chat',
  'user:manage:whispers': 'Send whisper messages',
  'user:read:blocked_users': 'View your block list',
  'user:read:broadcast': 'View your broadcasting configuration, including stream markers',
  'user:read:chat': 'Receive chat messages and events',
  'user:read:email': 'View your email address',
  'user:read:emotes': 'View emotes available to you',
  'user:read:follows': 'View the list of channels you follow',
  'user:read:moderated_channels': 'Read the list of channels you moderate',
  'user:read:subscriptions': 'View your channel subscriptions',
  'user:read:whispers': 'Receive whispers sent to you',
  'user:write:chat': 'Send chat messages',
  'whispers:edit': 'Send whisper messages (legacy)',
  'whispers:read': 'View your whisper messages (legacy)',
};

/** Scopes of the retired v5 API (spec part 5). `chat_login` is known but new clients cannot request it. */
const legacyScopes = [
  'channel_check_subscription', 'channel_commercial', 'channel_editor', 'channel_feed_edit', 'channel_feed_read',
  'channel_read', 'channel_stream', 'channel_subscriptions', 'collections_edit', 'communities_edit',
  'communities_moderate', 'user_blocks_edit', 'user_blocks_read', 'user_follows_edit', 'user_read',
  'user_subscriptions', 'viewing_activity_read',
];

const requestable = new Set([...Object.keys(currentScopes), ...legacyScopes]);

/**
 * Every scope a client can be granted, current and retired, in a stable order: the CLI's printed
 * demo token carries them all, so a third-party client that takes it reaches every endpoint.
 */
export const knownScopeList: readonly string[] = [...requestable];

export function isRequestableScope(scope: string): boolean {
  return requestable.has(scope);
}

export function describeScope(scope: string): string | null {
  return currentScopes[scope] ?? null;
}

/** Splits a space-separated scope parameter; also tolerates `+` left undecoded by some clients. */
export function parseScopeList(raw: string | undefined): string[] {
  if (!raw) return [];
  return [...new Set(raw.split(/[\s+]+/).filter((s) => s.length > 0))];
}

/** The first scope the identity service does not know, if any. */
export function firstUnknownScope(scopes: readonly string[]): string | undefined {
  return scopes.find((s) => !isRequestableScope(s));
}
