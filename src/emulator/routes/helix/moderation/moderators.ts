/**
 * Moderators (spec part 4 names them only; shapes from the platform's reference): Get Moderators,
 * Add and Remove Channel Moderator. The rules, the limit on role changes and
 * `channel.moderator.add/remove`: `domain/moderation.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../../domain/api-error';
import { addModerator, removeModerator } from '../../../domain/moderation';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { readUserIdFilter, requireListReader, requireTargetUser } from '../../../http/request-users';
import { BROADCASTER_MISMATCH } from '../../../http/token-user';
import { userFields } from '../../../http/views/user-fields';

export function registerModeratorRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/moderators', auth: 'user', scopes: ['moderation:read', 'channel:manage:moderators', 'moderator:read:moderators'] },
    ({ state, query, user, token }) => {
      const broadcasterId = query.required('broadcaster_id');
      const userIds = readUserIdFilter(query);
      readFirst(query);
      requireListReader(state, broadcasterId, user, 'moderator:read:moderators', token.scopes);
      let ids = state.moderators.list(broadcasterId);
      if (userIds.length > 0) ids = ids.filter((id) => userIds.includes(id));
      const page = cursorPage(ids, query, { before: 'ignored' });
      return { data: page.items.map((id) => userFields(state, 'user', id)), pagination: page.pagination };
    },
  );

  const moderatorChange = { path: '/moderation/moderators', auth: 'user', scopes: ['channel:manage:moderators'] } as const;
  registerHelixRoute(app, { ...moderatorChange, method: 'POST' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    query.required('user_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    addModerator(state, user, requireTargetUser(state, query), now);
    return undefined;
  });
  registerHelixRoute(app, { ...moderatorChange, method: 'DELETE' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    query.required('user_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    removeModerator(state, user, requireTargetUser(state, query), now);
    return undefined;
  });
}
