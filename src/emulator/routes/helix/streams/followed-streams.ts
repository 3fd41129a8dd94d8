/** Get Followed Streams (spec part 4 names it only; shape from the platform's reference). */
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../../domain/api-error';
import { followedStreams } from '../../../domain/streams';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { USER_ID_MISMATCH } from '../../../http/token-user';
import { helixStream } from '../../../http/views/streams';

const PAGE = { defaultFirst: 100, maxFirst: 100, before: 'ignored' } as const;

export function registerFollowedStreamRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/streams/followed', auth: 'user', scopes: ['user:read:follows'] }, ({ state, query, user }) => {
    const userId = query.required('user_id');
    if (userId !== user.id) throw unauthorized(USER_ID_MISMATCH);
    const page = cursorPage(followedStreams(state, user.id), query, PAGE);
    return { data: page.items.map((stream) => helixStream(state, stream)), pagination: page.pagination };
  });
}
