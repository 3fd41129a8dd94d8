/** Spec 4.9 Moderation: Get Moderator Events (moderator-change records, newest first). */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../domain/api-error';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { moderatorEventView } from '../../../http/views/moderation';

const MAX_USER_IDS = 100;

export function registerModerationRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/moderators/events', auth: 'user', scopes: ['moderation:read'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      const userIds = query.all('user_id');
      if (userIds.length > MAX_USER_IDS) throw badRequest(`The number of "user_id" parameters must not exceed ${MAX_USER_IDS}`);
      readFirst(query);
      requireTokenBroadcaster(broadcasterId, user.id);

      const records = state.moderators.changes.filter((r) => r.broadcasterId === broadcasterId).reverse();
      if (userIds.length > 0) {
        // user_id supersedes cursor handling: every matching record, no cursor.
        const wanted = new Set(userIds);
        return { data: records.filter((r) => wanted.has(r.userId)).map((r) => moderatorEventView(state, r)), pagination: {} };
      }
      const page = cursorPage(records, query, { before: 'ignored' });
      return { data: page.items.map((r) => moderatorEventView(state, r)), pagination: page.pagination };
    },
  );
}
