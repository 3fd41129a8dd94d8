/** Spec 4.11 Streams. */
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../http/api-error';
import { registerHelixRoute } from '../http/helix-route';

export function registerStreamRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/streams/key', auth: 'user', scopes: ['channel:read:stream_key'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      if (broadcasterId !== user.id) {
        throw unauthorized('The ID in broadcaster_id must match the user ID found in the request\'s OAuth token.');
      }
      const channel = state.channels.get(user.id);
      if (!channel) throw unauthorized('The ID in broadcaster_id must match the user ID found in the request\'s OAuth token.');
      return { data: [{ stream_key: channel.streamKey }] };
    },
  );
}
