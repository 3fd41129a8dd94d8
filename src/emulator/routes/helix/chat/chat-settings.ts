/**
 * Spec 4.8 Get Chat Settings, and Update Chat Settings from platform-facts ("Chat settings update").
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter, unauthorized } from '../../../domain/api-error';
import { updateChatSettings } from '../../../domain/chat';
import { MAX_FOLLOWER_MINUTES } from '../../../domain/chat-refusals';
import { requireModerator } from '../../../domain/moderation';
import type { ChatSettings } from '../../../domain/stores/chat';
import type { AccessToken } from '../../../domain/stores/tokens';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireBroadcaster } from '../../../http/request-users';
import { MODERATOR_ID_MISMATCH } from '../../../http/token-user';
import { chatSettingsView } from '../../../http/views/chat';

/** What `true` without a duration sets. The delay's default is second-hand (?): easy to change here. */
export const CHAT_SETTING_DEFAULTS = { followerModeDuration: 0, slowModeWaitTime: 30, nonModeratorChatDelayDuration: 2 } as const;

const SLOW_MODE_MIN_SECONDS = 3;
const SLOW_MODE_MAX_SECONDS = 120;
const CHAT_DELAY_SECONDS = [2, 4, 6] as const;

const BOOLEAN_FIELDS = ['emote_mode', 'follower_mode', 'slow_mode', 'subscriber_mode', 'unique_chat_mode', 'non_moderator_chat_delay'] as const;
const DURATION_FIELDS = ['follower_mode_duration', 'slow_mode_wait_time', 'non_moderator_chat_delay_duration'] as const;
/** Each duration and the mode it belongs to. */
const MODE_OF: Record<(typeof DURATION_FIELDS)[number], (typeof BOOLEAN_FIELDS)[number]> = {
  follower_mode_duration: 'follower_mode',
  slow_mode_wait_time: 'slow_mode',
  non_moderator_chat_delay_duration: 'non_moderator_chat_delay',
};

export function registerChatSettingsRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/chat/settings', auth: 'any' }, ({ state, query, token, user }) => {
    const broadcasterId = query.required('broadcaster_id');
    const moderatorId = query.one('moderator_id');
    if (moderatorId !== undefined && moderatorId !== '' && moderatorId !== user?.id) throw unauthorized(MODERATOR_ID_MISMATCH);
    requireBroadcaster(state, broadcasterId);

    const settings = state.chat.settings(broadcasterId);
    // Spec part 2: the scope alone decides `moderator_id`; the two delay fields also need moderator_id to name a moderator.
    const hasScope = user !== null && hasModeratorReadScope(token);
    const withDelay = hasScope && moderatorId !== undefined && moderatorId !== '' && state.moderators.canModerate(broadcasterId, moderatorId);
    return { data: [chatSettingsView(broadcasterId, settings, { moderatorId: hasScope ? user.id : undefined, withDelay })] };
  });

  registerHelixRoute(
    app,
    { method: 'PATCH', path: '/chat/settings', auth: 'user', scopes: ['moderator:manage:chat_settings'] },
    ({ state, query, user, body }) => {
      const broadcasterId = query.required('broadcaster_id');
      const moderatorId = query.required('moderator_id');
      if (moderatorId !== user.id) throw unauthorized(MODERATOR_ID_MISMATCH);
      const broadcaster = requireBroadcaster(state, broadcasterId);
      requireModerator(state, broadcasterId, moderatorId);

      const changes = parseChatSettingsUpdate(jsonObjectBody(body));
      const settings = updateChatSettings(state, broadcaster, user, changes);
      return { data: [chatSettingsView(broadcasterId, settings, { moderatorId, withDelay: true })] };
    },
  );
}

function hasModeratorReadScope(token: AccessToken): boolean {
  return token.scopes.includes('moderator:read:chat_settings');
}

/**
 * Validates an Update Chat Settings body and turns it into the changes to apply. Unknown fields are
 * ignored; a field of the wrong type, a duration out of range, or a duration without its mode set
 * to true in the same body is a 400.
 */
export function parseChatSettingsUpdate(body: Record<string, unknown>): Partial<ChatSettings> {
  const flags: Partial<Record<(typeof BOOLEAN_FIELDS)[number], boolean>> = {};
  for (const name of BOOLEAN_FIELDS) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw invalidParameter(name, 'must be a boolean');
    flags[name] = value;
  }
  const durations: Partial<Record<(typeof DURATION_FIELDS)[number], number>> = {};
  for (const name of DURATION_FIELDS) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidParameter(name, 'must be an integer');
    if (flags[MODE_OF[name]] !== true) throw badRequest(`"${name}" may be set only when "${MODE_OF[name]}" is true in the same request`);
    durations[name] = value;
  }

  const follower = durations.follower_mode_duration;
  if (follower !== undefined && (follower < 0 || follower > MAX_FOLLOWER_MINUTES)) {
    throw invalidParameter('follower_mode_duration', `must be from 0 through ${MAX_FOLLOWER_MINUTES}`);
  }
  const slow = durations.slow_mode_wait_time;
  if (slow !== undefined && (slow < SLOW_MODE_MIN_SECONDS || slow > SLOW_MODE_MAX_SECONDS)) {
    throw invalidParameter('slow_mode_wait_time', `must be from ${SLOW_MODE_MIN_SECONDS} through ${SLOW_MODE_MAX_SECONDS}`);
  }
  const delay = durations.non_moderator_chat_delay_duration;
  if (delay !== undefined && !(CHAT_DELAY_SECONDS as readonly number[]).includes(delay)) {
    throw invalidParameter('non_moderator_chat_delay_duration', `must be one of ${CHAT_DELAY_SECONDS.join(', ')}`);
  }

  const changes: Partial<ChatSettings> = {};
  if (flags.emote_mode !== undefined) changes.emoteMode = flags.emote_mode;
  if (flags.subscriber_mode !== undefined) changes.subscriberMode = flags.subscriber_mode;
  if (flags.unique_chat_mode !== undefined) changes.uniqueChatMode = flags.unique_chat_mode;
  if (flags.follower_mode !== undefined) {
    changes.followerMode = flags.follower_mode;
    changes.followerModeDuration = flags.follower_mode ? (follower ?? CHAT_SETTING_DEFAULTS.followerModeDuration) : null;
  }
  if (flags.slow_mode !== undefined) {
    changes.slowMode = flags.slow_mode;
    changes.slowModeWaitTime = flags.slow_mode ? (slow ?? CHAT_SETTING_DEFAULTS.slowModeWaitTime) : null;
  }
  if (flags.non_moderator_chat_delay !== undefined) {
    changes.nonModeratorChatDelay = flags.non_moderator_chat_delay;
    changes.nonModeratorChatDelayDuration = flags.non_moderator_chat_delay ? (delay ?? CHAT_SETTING_DEFAULTS.nonModeratorChatDelayDuration) : null;
  }
  return changes;
}
