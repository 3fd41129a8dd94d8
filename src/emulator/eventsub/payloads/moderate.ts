/**
 * `channel.moderate` version 2 (the platform's reference): who moderated the channel and what they
 * did. Every action's object is present and null but the one of the action taken; actions without
 * details (`clear`, the chat modes turned on or off) fill none.
 */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { ModerationAction, PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

/** The action objects of version 2, in the platform's order. */
const ACTION_OBJECTS = [
  'followers',
  'slow',
  'vip',
  'unvip',
  'mod',
  'unmod',
  'ban',
  'unban',
  'timeout',
  'untimeout',
  'raid',
  'unraid',
  'delete',
  'automod_terms',
  'unban_request',
  'warn',
  'shared_chat_ban',
  'shared_chat_unban',
  'shared_chat_timeout',
  'shared_chat_untimeout',
  'shared_chat_delete',
] as const;

type ActionObject = (typeof ACTION_OBJECTS)[number];

/** The object an action fills, and its name; null for an action without details. */
function actionObject(state: EmulatorState, moderation: ModerationAction): { name: ActionObject; value: Record<string, unknown> } | null {
  const user = (userId: string) => userFields(state, 'user', userId);
  switch (moderation.action) {
    case 'ban':
      return { name: 'ban', value: { ...user(moderation.userId), reason: moderation.reason } };
    case 'timeout':
      return { name: 'timeout', value: { ...user(moderation.userId), reason: moderation.reason, expires_at: toRfc3339(moderation.expiresAt) } };
    case 'unban':
    case 'untimeout':
    case 'mod':
    case 'unmod':
    case 'vip':
    case 'unvip':
    case 'unraid':
      return { name: moderation.action, value: user(moderation.userId) };
    case 'raid':
      return { name: 'raid', value: { ...user(moderation.userId), viewer_count: moderation.viewerCount } };
    case 'delete':
      return { name: 'delete', value: { ...user(moderation.userId), message_id: moderation.messageId, message_body: moderation.messageBody } };
    case 'warn':
      return { name: 'warn', value: { ...user(moderation.userId), reason: moderation.reason, chat_rules_cited: moderation.chatRulesCited } };
    case 'approve_unban_request':
    case 'deny_unban_request':
      return {
        name: 'unban_request',
        value: { is_approved: moderation.action === 'approve_unban_request', ...user(moderation.userId), moderator_message: moderation.moderatorMessage },
      };
    case 'add_blocked_term':
    case 'remove_blocked_term':
      return {
        name: 'automod_terms',
        value: { action: moderation.action === 'add_blocked_term' ? 'add' : 'remove', list: 'blocked', terms: moderation.terms, from_automod: false },
      };
    case 'followers':
      return { name: 'followers', value: { follow_duration_minutes: moderation.followDurationMinutes } };
    case 'slow':
      return { name: 'slow', value: { wait_time_seconds: moderation.waitTimeSeconds } };
    default:
      return null;
  }
}

export function moderateNotification(state: EmulatorState, { type, broadcasterId, moderatorId, moderation }: PlatformEventOf<'channel.moderate'>): Notification {
  const filled = actionObject(state, moderation);
  const objects = Object.fromEntries(ACTION_OBJECTS.map((name) => [name, filled?.name === name ? filled.value : null]));
  return {
    type,
    broadcasterUserId: broadcasterId,
    event: {
      ...userFields(state, 'broadcaster_user', broadcasterId),
      // Null: the action happened in this channel, not in another one of a shared chat session.
      source_broadcaster_user_id: null,
      source_broadcaster_user_login: null,
      source_broadcaster_user_name: null,
      ...userFields(state, 'moderator_user', moderatorId),
      action: moderation.action,
      ...objects,
    },
  };
}
