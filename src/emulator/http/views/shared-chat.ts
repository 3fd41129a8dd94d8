/** Shared chat sessions in the platform's shape (Get Shared Chat Session, the simulation API). */
import type { SharedChatSession } from '../../domain/stores/shared-chat';
import { toRfc3339 } from '../../clock';
import type { SharedChatSessionView } from './wire/shared-chat';

export function sharedChatSessionView(session: SharedChatSession): SharedChatSessionView {
  return {
    session_id: session.id,
    host_broadcaster_id: session.hostBroadcasterId,
    participants: session.participantIds.map((id) => ({ broadcaster_id: id })),
    created_at: toRfc3339(session.createdAt),
    updated_at: toRfc3339(session.updatedAt),
  };
}
