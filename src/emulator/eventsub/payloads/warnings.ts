/** `channel.warning.send` and `channel.warning.acknowledge` (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

export function warningNotification(state: EmulatorState, { type, warning }: PlatformEventOf<'channel.warning.send' | 'channel.warning.acknowledge'>): Notification {
  const broadcaster = userFields(state, 'broadcaster_user', warning.broadcasterId);
  const user = userFields(state, 'user', warning.userId);
  if (type === 'channel.warning.acknowledge') return { type, broadcasterUserId: warning.broadcasterId, event: { ...broadcaster, ...user } };
  return {
    type,
    broadcasterUserId: warning.broadcasterId,
    // The emulator's moderators cite no chat rules.
    event: { ...broadcaster, ...userFields(state, 'moderator_user', warning.moderatorId), ...user, reason: warning.reason, chat_rules_cited: null },
  };
}
