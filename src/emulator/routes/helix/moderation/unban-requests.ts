/**
 * Unban requests (spec part 4 names them only; shapes from the platform's reference): Get Unban
 * Requests, Resolve Unban Requests. The rules, the unban an approval brings and
 * `channel.unban_request.create` / `.resolve`: `domain/unban-requests.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter } from '../../../domain/api-error';
import { UNBAN_REQUEST_STATUSES } from '../../../domain/stores/unban-requests';
import { resolveUnbanRequest } from '../../../domain/unban-requests';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireActingModerator } from '../../../http/request-users';
import { unbanRequestView } from '../../../http/views/moderation';

export function registerUnbanRequestRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/unban_requests', auth: 'user', scopes: ['moderator:read:unban_requests', 'moderator:manage:unban_requests'] },
    ({ state, query, user }) => {
      const { broadcaster } = requireActingModerator(state, query, user);
      const status = query.required('status');
      if (!UNBAN_REQUEST_STATUSES.some((s) => s === status)) throw invalidParameter('status', `must be one of ${UNBAN_REQUEST_STATUSES.join(', ')}`);
      const userId = query.one('user_id');
      readFirst(query);
      const requests = state.unbanRequests.list(broadcaster.id).filter((r) => r.status === status && (userId === undefined || userId === '' || r.userId === userId));
      const page = cursorPage(requests, query, { before: 'ignored' });
      return { data: page.items.map((r) => unbanRequestView(state, r)), pagination: page.pagination };
    },
  );

  registerHelixRoute(
    app,
    { method: 'PATCH', path: '/moderation/unban_requests', auth: 'user', scopes: ['moderator:manage:unban_requests'] },
    ({ state, query, user, now }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const id = query.required('unban_request_id');
      const status = query.required('status');
      if (status !== 'approved' && status !== 'denied') throw invalidParameter('status', 'must be approved or denied');
      const resolutionText = query.one('resolution_text') ?? null;
      const request = resolveUnbanRequest(state, { broadcaster, moderator, id, status, resolutionText: resolutionText === '' ? null : resolutionText, now });
      return { data: [unbanRequestView(state, request)] };
    },
  );
}
