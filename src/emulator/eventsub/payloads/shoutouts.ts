/** `channel.shoutout.create` (to the giver) and `channel.shoutout.receive` (to the receiver). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { SHOUTOUT_COOLDOWN_MS, SHOUTOUT_TARGET_COOLDOWN_MS } from '../../domain/stores/shoutouts';
import type { User } from '../../domain/stores/users';
import type { Notification } from '../notification';

const names = (prefix: string, user: User) => ({ [`${prefix}_id`]: user.id, [`${prefix}_login`]: user.login, [`${prefix}_name`]: user.displayName });

export function shoutoutNotification(state: EmulatorState, { type, shoutout }: PlatformEventOf<'channel.shoutout.create' | 'channel.shoutout.receive'>): Notification | null {
  const from = state.users.get(shoutout.fromBroadcasterId);
  const to = state.users.get(shoutout.toBroadcasterId);
  const moderator = state.users.get(shoutout.moderatorId);
  if (!from || !to || !moderator) return null;
  const startedAt = shoutout.startedAt;
  if (type === 'channel.shoutout.receive') {
    return {
      type,
      broadcasterUserId: to.id,
      event: { ...names('broadcaster_user', to), ...names('from_broadcaster_user', from), viewer_count: shoutout.viewerCount, started_at: toRfc3339(startedAt) },
    };
  }
  return {
    type,
    broadcasterUserId: from.id,
    event: {
      ...names('broadcaster_user', from),
      ...names('moderator_user', moderator),
      ...names('to_broadcaster_user', to),
      started_at: toRfc3339(startedAt),
      viewer_count: shoutout.viewerCount,
      cooldown_ends_at: toRfc3339(startedAt + SHOUTOUT_COOLDOWN_MS),
      target_cooldown_ends_at: toRfc3339(startedAt + SHOUTOUT_TARGET_COOLDOWN_MS),
    },
  };
}
