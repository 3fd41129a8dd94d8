/**
 * Simulation API for shared chat (design.md, "The emulator's contract"): a channel joins another's
 * shared chat session (a new one when that channel is in none), a channel leaves its session, and a
 * channel's session is read back. "A viewer in the other channel says ..." is the chat call
 * (`POST /_emulator/chat/messages`) with the other channel's `broadcaster_id`: the line reaches every
 * channel of the session. The rules: `domain/shared-chat.ts`. Loopback only (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { joinSharedChat, leaveSharedChat } from '../../domain/shared-chat';
import { knownUser } from '../../domain/users';
import { parseSimulationBody } from '../../http/simulation-body';
import { broadcasterFilter } from '../../http/simulation-query';
import { sharedChatSessionView } from '../../http/views/shared-chat';
import type { SharedChatJoinRequest, SharedChatLeaveAnswer, SharedChatLeaveRequest, SharedChatSessionView } from '../../http/views/wire/shared-chat';
import '../../http/app-state';

const userId = z.string().min(1).max(20);
const joinBody = z.object({ host_broadcaster_id: userId, broadcaster_id: userId }).strict() satisfies z.ZodType<SharedChatJoinRequest>;
const leaveBody = z.object({ broadcaster_id: userId }).strict() satisfies z.ZodType<SharedChatLeaveRequest>;

export function registerSharedChatSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/shared-chat/join', (request): SharedChatSessionView => {
    const body = parseSimulationBody(joinBody, request.body);
    const host = knownUser(state, body.host_broadcaster_id, 'host_broadcaster_id');
    const guest = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    return sharedChatSessionView(joinSharedChat(state, host, guest, state.clock.now()));
  });

  app.post('/_emulator/shared-chat/leave', (request): SharedChatLeaveAnswer => {
    const body = parseSimulationBody(leaveBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const { session, ended } = leaveSharedChat(state, broadcaster, state.clock.now());
    return { session_id: session.id, ended };
  });

  app.get('/_emulator/shared-chat', (request): { session: SharedChatSessionView | null } => {
    const broadcaster = broadcasterFilter(state, request.query);
    const session = state.sharedChat.sessionOf(broadcaster.id);
    return { session: session ? sharedChatSessionView(session) : null };
  });
}
