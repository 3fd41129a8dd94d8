/** `channel.shield_mode.begin` and `channel.shield_mode.end` (the platform's reference). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

export function shieldModeNotification(state: EmulatorState, { type, change }: PlatformEventOf<'channel.shield_mode.begin' | 'channel.shield_mode.end'>): Notification {
  return {
    type,
    broadcasterUserId: change.broadcasterId,
    event: {
      ...userFields(state, 'broadcaster_user', change.broadcasterId),
      ...userFields(state, 'moderator_user', change.moderatorId),
      [type === 'channel.shield_mode.begin' ? 'started_at' : 'ended_at']: toRfc3339(change.at),
    },
  };
}
