/**
 * VIPs (spec part 4 names them only; shapes from the platform's reference): Get VIPs, Add and
 * Remove Channel VIP. The rules, the VIP slots, the limits on role changes and
 * `channel.vip.add/remove`: `domain/moderation.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound, unauthorized } from '../../../domain/api-error';
import { addVip, removeVip } from '../../../domain/moderation';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { readUserIdFilter, requireListReader, requireTargetUser } from '../../../http/request-users';
import { BROADCASTER_MISMATCH } from '../../../http/token-user';
import { userFields } from '../../../http/views/user-fields';

export const NO_PERMISSION_TO_REMOVE_VIP = "The user in broadcaster_id doesn't have permission to remove the user's VIP status.";

export function registerVipRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/channels/vips', auth: 'user', scopes: ['channel:read:vips', 'channel:manage:vips', 'moderator:read:vips'] },
    ({ state, query, user, token }) => {
      const broadcasterId = query.required('broadcaster_id');
      const userIds = readUserIdFilter(query);
      readFirst(query);
      requireListReader(state, broadcasterId, user, 'moderator:read:vips', token.scopes);
      let ids = state.vips.list(broadcasterId);
      if (userIds.length > 0) ids = ids.filter((id) => userIds.includes(id));
      const page = cursorPage(ids, query, { before: 'ignored' });
      return { data: page.items.map((id) => userFields(state, 'user', id)), pagination: page.pagination };
    },
  );

  const vipChange = { path: '/channels/vips', auth: 'user', scopes: ['channel:manage:vips'] } as const;
  registerHelixRoute(app, { ...vipChange, method: 'POST' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    query.required('user_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    addVip(state, user, requireTargetUser(state, query, 404), now);
    return undefined;
  });
  // The broadcaster removes a VIP, or a VIP steps down (user_id is then the token user).
  registerHelixRoute(app, { ...vipChange, method: 'DELETE' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    const userId = query.required('user_id');
    const broadcaster = state.users.get(broadcasterId);
    if (!broadcaster) throw notFound('The ID in broadcaster_id was not found.');
    const target = requireTargetUser(state, query, 404);
    if (broadcasterId !== user.id && userId !== user.id) throw forbidden(NO_PERMISSION_TO_REMOVE_VIP);
    removeVip(state, broadcaster, target, now);
    return undefined;
  });
}
