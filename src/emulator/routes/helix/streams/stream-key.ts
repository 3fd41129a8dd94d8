/** Spec 4.11 Streams: Get Stream Key. */
import type { FastifyInstance } from 'fastify';
import { BROADCASTER_MISMATCH, requireTokenBroadcaster } from '../../../http/token-user';
import { unauthorized } from '../../../domain/api-error';
import { registerHelixRoute } from '../../../http/helix-route';

export function registerStreamRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/streams/key', auth: 'user', scopes: ['channel:read:stream_key'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      requireTokenBroadcaster(broadcasterId, user.id);
      const channel = state.channels.get(user.id);
      if (!channel) throw unauthorized(BROADCASTER_MISMATCH);
      return { data: [{ stream_key: channel.streamKey }] };
    },
  );
}
