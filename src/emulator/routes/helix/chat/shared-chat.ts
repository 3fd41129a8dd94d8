/**
 * Get Shared Chat Session (the platform's reference; the spec names it only): the active shared chat
 * session of a channel, with an app or a user token and no scope; an empty list when the channel is
 * in none. Sessions are joined and left through the simulation API (`routes/simulation/shared-chat.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireBroadcaster } from '../../../http/request-users';
import { sharedChatSessionView } from '../../../http/views/shared-chat';

export function registerSharedChatRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/shared_chat/session', auth: 'any' }, ({ state, query }) => {
    const broadcaster = requireBroadcaster(state, query.required('broadcaster_id'));
    const session = state.sharedChat.sessionOf(broadcaster.id);
    return { data: session ? [sharedChatSessionView(session)] : [] };
  });
}
