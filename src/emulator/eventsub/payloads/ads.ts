/** `channel.ad_break.begin`, for Start Commercial's breaks and the automatic ones (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import { eventSubTimestamp } from '../messages';
import type { Notification } from '../notification';

export function adBreakNotification(state: EmulatorState, { type, adBreak }: PlatformEventOf<'channel.ad_break.begin'>): Notification {
  return {
    type,
    broadcasterUserId: adBreak.broadcasterId,
    event: {
      duration_seconds: adBreak.seconds,
      started_at: eventSubTimestamp(adBreak.startedAt),
      is_automatic: adBreak.automatic,
      ...userFields(state, 'broadcaster_user', adBreak.broadcasterId),
      ...userFields(state, 'requester_user', adBreak.requesterId),
    },
  };
}
