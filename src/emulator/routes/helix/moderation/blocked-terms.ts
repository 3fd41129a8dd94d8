/**
 * Blocked terms (spec part 4 names them only; shapes from the platform's reference): Get Blocked
 * Terms, Add Blocked Term, Remove Blocked Term. The rules and how chat enforces them:
 * `domain/blocked-terms.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { addBlockedTerm, removeBlockedTerm } from '../../../domain/blocked-terms';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator } from '../../../http/request-users';
import { blockedTermView } from '../../../http/views/moderation';

function readTermText(raw: unknown): string {
  const body = jsonObjectBody(raw);
  if (body.text === undefined || body.text === null || body.text === '') throw missingParameter('text');
  if (typeof body.text !== 'string') throw invalidParameter('text', 'must be a string');
  return body.text;
}

export function registerBlockedTermRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/blocked_terms', auth: 'user', scopes: ['moderator:read:blocked_terms', 'moderator:manage:blocked_terms'] },
    ({ state, query, user, now }) => {
      const { broadcaster } = requireActingModerator(state, query, user);
      readFirst(query);
      const terms = state.blockedTerms.list(broadcaster.id).filter((term) => term.expiresAt === null || term.expiresAt > now);
      const page = cursorPage(terms, query, { before: 'ignored' });
      return { data: page.items.map(blockedTermView), pagination: page.pagination };
    },
  );

  registerHelixRoute(
    app,
    { method: 'POST', path: '/moderation/blocked_terms', auth: 'user', scopes: ['moderator:manage:blocked_terms'] },
    ({ state, query, user, body, now }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      return { data: [blockedTermView(addBlockedTerm(state, broadcaster, moderator, readTermText(body), now))] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'DELETE', path: '/moderation/blocked_terms', auth: 'user', scopes: ['moderator:manage:blocked_terms'] },
    ({ state, query, user }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      removeBlockedTerm(state, broadcaster, moderator, query.required('id'));
      return undefined;
    },
  );
}
