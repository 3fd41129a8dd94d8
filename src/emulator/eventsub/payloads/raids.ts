/** `channel.raid`, conditioned on either side of the raid (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import type { Notification } from '../notification';

export function raidNotification(state: EmulatorState, { type, raid }: PlatformEventOf<'channel.raid'>): Notification | null {
  const from = state.users.get(raid.fromBroadcasterId);
  const to = state.users.get(raid.toBroadcasterId);
  if (!from || !to) return null;
  return {
    type,
    broadcasterUserId: from.id,
    condition: { from_broadcaster_user_id: from.id, to_broadcaster_user_id: to.id },
    event: {
      from_broadcaster_user_id: from.id,
      from_broadcaster_user_login: from.login,
      from_broadcaster_user_name: from.displayName,
      to_broadcaster_user_id: to.id,
      to_broadcaster_user_login: to.login,
      to_broadcaster_user_name: to.displayName,
      viewers: raid.viewers ?? 0,
    },
  };
}
