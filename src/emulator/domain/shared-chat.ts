/**
 * Shared chat (the platform's reference): channels join one another's chat for a while. A channel
 * joins a session (`channel.shared_chat.begin` for it, `.update` for the others), leaves it
 * (`.end` for it; the session ends for everyone once fewer than two remain), and a line that goes
 * out in one channel of a session is seen in every other one, carrying its source channel.
 */
import { randomUUID } from 'node:crypto';
import { badRequest, conflict } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { SharedChatSession } from './stores/shared-chat';
import type { ChatMessage } from './stores/chat-messages';
import type { User } from './stores/users';

/** `guest` joins `host`'s session, or a new session `host` hosts; answers the session. */
export function joinSharedChat(state: EmulatorState, host: User, guest: User, now: number): SharedChatSession {
  if (host.id === guest.id) throw badRequest('A channel cannot share its chat with itself');
  const guestSession = state.sharedChat.sessionOf(guest.id);
  if (guestSession) throw conflict(`${guest.login} is already in a shared chat session (${guestSession.id})`);
  const existing = state.sharedChat.sessionOf(host.id);
  if (!existing) {
    const session: SharedChatSession = { id: randomUUID(), hostBroadcasterId: host.id, participantIds: [host.id, guest.id], createdAt: now, updatedAt: now };
    state.sharedChat.save(session);
    for (const id of session.participantIds) state.events.publish({ type: 'channel.shared_chat.begin', broadcasterId: id, session });
    return session;
  }
  const session: SharedChatSession = { ...existing, participantIds: [...existing.participantIds, guest.id], updatedAt: now };
  state.sharedChat.save(session);
  state.events.publish({ type: 'channel.shared_chat.begin', broadcasterId: guest.id, session });
  for (const id of existing.participantIds) state.events.publish({ type: 'channel.shared_chat.update', broadcasterId: id, session });
  return session;
}

/**
 * `broadcaster` leaves their session; with fewer than two channels left it ends for all of them.
 * A host that leaves hands the session to the channel that joined next. Answers the session as it
 * was before and whether it ended.
 */
export function leaveSharedChat(state: EmulatorState, broadcaster: User, now: number): { session: SharedChatSession; ended: boolean } {
  const session = state.sharedChat.sessionOf(broadcaster.id);
  if (!session) throw conflict(`${broadcaster.login} is not in a shared chat session`);
  const remaining = session.participantIds.filter((id) => id !== broadcaster.id);
  state.events.publish({ type: 'channel.shared_chat.end', broadcasterId: broadcaster.id, session });
  if (remaining.length < 2) {
    state.sharedChat.remove(session.id);
    for (const id of remaining) state.events.publish({ type: 'channel.shared_chat.end', broadcasterId: id, session });
    return { session, ended: true };
  }
  const hostBroadcasterId = remaining.includes(session.hostBroadcasterId) ? session.hostBroadcasterId : remaining[0]!;
  const updated: SharedChatSession = { ...session, hostBroadcasterId, participantIds: remaining, updatedAt: now };
  state.sharedChat.save(updated);
  for (const id of remaining) state.events.publish({ type: 'channel.shared_chat.update', broadcasterId: id, session: updated });
  return { session, ended: false };
}

/**
 * A line that went out in a channel of a session is seen in the other channels: each gets its own
 * copy (its own message ID) that names the source channel and the source message, and announces
 * `channel.chat.message` there.
 */
export function shareChatMessage(state: EmulatorState, message: ChatMessage): void {
  if (!message.isSent || message.source) return;
  const session = state.sharedChat.sessionOf(message.broadcasterId);
  if (!session) return;
  for (const id of session.participantIds) {
    if (id === message.broadcasterId) continue;
    const copy: ChatMessage = {
      ...message,
      id: randomUUID(),
      broadcasterId: id,
      // A reply's parent is a line of the source channel, which this channel knows by another ID.
      replyParentMessageId: null,
      source: { broadcasterId: message.broadcasterId, messageId: message.id },
    };
    state.chatMessages.add(copy);
    state.events.publish({ type: 'channel.chat.message', message: copy });
  }
}

