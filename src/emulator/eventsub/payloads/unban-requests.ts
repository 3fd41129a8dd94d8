/** `channel.unban_request.create` and `channel.unban_request.resolve` (the platform's reference). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

export function unbanRequestNotification(state: EmulatorState, { type, request }: PlatformEventOf<'channel.unban_request.create' | 'channel.unban_request.resolve'>): Notification {
  const broadcaster = userFields(state, 'broadcaster_user', request.broadcasterId);
  const user = userFields(state, 'user', request.userId);
  if (type === 'channel.unban_request.create') {
    return { type, broadcasterUserId: request.broadcasterId, event: { id: request.id, ...broadcaster, ...user, text: request.text, created_at: toRfc3339(request.createdAt) } };
  }
  const moderator =
    request.moderatorId === null ? { moderator_user_id: null, moderator_user_login: null, moderator_user_name: null } : userFields(state, 'moderator_user', request.moderatorId);
  return {
    type,
    broadcasterUserId: request.broadcasterId,
    event: { id: request.id, ...broadcaster, ...moderator, ...user, resolution_text: request.resolutionText, status: request.status },
  };
}
