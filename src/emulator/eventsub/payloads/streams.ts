/** `stream.online` and `stream.offline` (platform facts, "EventSub ... Payloads"). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import type { Notification } from '../notification';

export function streamNotification(state: EmulatorState, { type, stream }: PlatformEventOf<'stream.online' | 'stream.offline'>): Notification | null {
  const user = state.users.get(stream.userId);
  if (!user) return null;
  const broadcaster = { broadcaster_user_id: user.id, broadcaster_user_login: user.login, broadcaster_user_name: user.displayName };
  if (type === 'stream.offline') return { type, broadcasterUserId: user.id, event: broadcaster };
  return {
    type,
    broadcasterUserId: user.id,
    event: { id: stream.id, ...broadcaster, type: stream.kind ?? 'live', started_at: toRfc3339(stream.startedAt) },
  };
}
