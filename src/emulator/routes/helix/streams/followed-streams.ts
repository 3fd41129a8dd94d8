/** Get Followed Streams (spec part 4 names it only; shape from the platform's reference). */
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { helixStream } from '../../../http/views/helix-shapes';
import type { Stream } from '../../../domain/streams';

export const USER_ID_MISMATCH = "The ID in user_id must match the user ID found in the request's OAuth token.";
const PAGE = { defaultFirst: 100, maxFirst: 100, before: 'ignored' } as const;

export function registerFollowedStreamRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/streams/followed', auth: 'user', scopes: ['user:read:follows'] }, ({ state, query, user }) => {
    const userId = query.required('user_id');
    if (userId !== user.id) throw unauthorized(USER_ID_MISMATCH);
    const live: Stream[] = [];
    for (const follow of state.follows.followedBy(user.id)) {
      const stream = state.streams.get(follow.broadcasterId);
      if (stream) live.push(stream);
    }
    // Most viewers first, as the platform lists them.
    live.sort((a, b) => b.viewerCount - a.viewerCount || a.startedAt - b.startedAt);
    const page = cursorPage(live, query, PAGE);
    return { data: page.items.map((stream) => helixStream(state, stream)), pagination: page.pagination };
  });
}
