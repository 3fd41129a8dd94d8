/**
 * Warnings (spec part 4 names Warn Chat User only; shapes from the platform's reference): Warn Chat
 * User. The rules, how a warning keeps its user out of chat and `channel.warning.send` /
 * `.acknowledge`: `domain/warnings.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { warnUser } from '../../../domain/warnings';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator } from '../../../http/request-users';
import { warningView } from '../../../http/views/moderation';

/** The body `{"data": {"user_id", "reason"}}`; JSON types checked strictly. */
function readWarning(raw: unknown): { userId: string; reason: string } {
  const body = jsonObjectBody(raw);
  if (body.data === undefined || body.data === null) throw missingParameter('data');
  if (typeof body.data !== 'object' || Array.isArray(body.data)) throw invalidParameter('data', 'must be an object');
  const data = body.data as Record<string, unknown>;
  const text = (name: 'user_id' | 'reason'): string => {
    const value = data[name];
    if (value === undefined || value === null || value === '') throw missingParameter(`data.${name}`);
    if (typeof value !== 'string') throw invalidParameter(`data.${name}`, 'must be a string');
    return value;
  };
  return { userId: text('user_id'), reason: text('reason') };
}

export function registerWarningRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'POST', path: '/moderation/warnings', auth: 'user', scopes: ['moderator:manage:warnings'] },
    ({ state, query, user, body, now }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const request = readWarning(body);
      const target = state.users.get(request.userId);
      if (!target) throw invalidParameter('data.user_id', 'no user has this ID');
      return { data: [warningView(warnUser(state, { broadcaster, moderator, target, reason: request.reason, now }))] };
    },
  );
}
