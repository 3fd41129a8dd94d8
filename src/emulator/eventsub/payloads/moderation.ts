/** `channel.moderator.add/remove`, `channel.vip.add/remove`, `channel.ban` and `channel.unban` (the platform's reference). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import type { Ban } from '../../domain/stores/bans';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

type RoleEvent = PlatformEventOf<'channel.moderator.add' | 'channel.moderator.remove' | 'channel.vip.add' | 'channel.vip.remove'>;

export function roleNotification(state: EmulatorState, { type, change }: RoleEvent): Notification | null {
  const broadcaster = state.users.get(change.broadcasterId);
  const user = state.users.get(change.userId);
  if (!broadcaster || !user) return null;
  return {
    type,
    broadcasterUserId: broadcaster.id,
    event: {
      user_id: user.id,
      user_login: user.login,
      user_name: user.displayName,
      broadcaster_user_id: broadcaster.id,
      broadcaster_user_login: broadcaster.login,
      broadcaster_user_name: broadcaster.displayName,
    },
  };
}

function broadcasterAndModerator(state: EmulatorState, broadcasterId: string, moderatorId: string) {
  const broadcaster = userFields(state, 'broadcaster', broadcasterId);
  const moderator = userFields(state, 'moderator', moderatorId);
  return {
    broadcaster_user_id: broadcaster.broadcaster_id,
    broadcaster_user_login: broadcaster.broadcaster_login,
    broadcaster_user_name: broadcaster.broadcaster_name,
    moderator_user_id: moderator.moderator_id,
    moderator_user_login: moderator.moderator_login,
    moderator_user_name: moderator.moderator_name,
  };
}

/** `ends_at` null for a permanent ban. */
function banEvent(state: EmulatorState, ban: Ban) {
  return {
    ...userFields(state, 'user', ban.userId),
    ...broadcasterAndModerator(state, ban.broadcasterId, ban.moderatorId),
    reason: ban.reason,
    banned_at: toRfc3339(ban.createdAt),
    ends_at: ban.endsAt === null ? null : toRfc3339(ban.endsAt),
    is_permanent: ban.endsAt === null,
  };
}

export function banNotification(state: EmulatorState, { type, ban }: PlatformEventOf<'channel.ban'>): Notification {
  return { type, broadcasterUserId: ban.broadcasterId, event: banEvent(state, ban) };
}

export function unbanNotification(state: EmulatorState, { type, ban, moderatorId }: PlatformEventOf<'channel.unban'>): Notification {
  return {
    type,
    broadcasterUserId: ban.broadcasterId,
    event: { ...userFields(state, 'user', ban.userId), ...broadcasterAndModerator(state, ban.broadcasterId, moderatorId) },
  };
}
