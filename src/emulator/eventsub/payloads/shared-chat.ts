/** `channel.shared_chat.begin`, `.update` and `.end` (the platform's reference): the session a channel is in. */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { userFields } from '../../http/views/user-fields';
import type { Notification } from '../notification';

type SharedChatEvent = PlatformEventOf<'channel.shared_chat.begin' | 'channel.shared_chat.update' | 'channel.shared_chat.end'>;

export function sharedChatNotification(state: EmulatorState, { type, broadcasterId, session }: SharedChatEvent): Notification | null {
  if (!state.users.get(broadcasterId)) return null;
  const event: Record<string, unknown> = {
    session_id: session.id,
    ...userFields(state, 'broadcaster_user', broadcasterId),
    ...userFields(state, 'host_broadcaster_user', session.hostBroadcasterId),
  };
  // The end names no participants: the channel is no longer in the session.
  if (type !== 'channel.shared_chat.end') event.participants = session.participantIds.map((id) => userFields(state, 'broadcaster_user', id));
  return { type, broadcasterUserId: broadcasterId, event };
}
