/**
 * Warnings (spec part 4 names Warn Chat User only; shapes from the platform's reference): Warn Chat
 * User. The rules, how a warning keeps its user out of chat and `channel.warning.send` /
 * `.acknowledge`: `domain/warnings.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter } from '../../../domain/api-error';
import { warnUser } from '../../../domain/warnings';
import { requiredString } from '../../../http/body-fields';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonDataObject } from '../../../http/request-params';
import { requireActingModerator } from '../../../http/request-users';
import { warningView } from '../../../http/views/moderation';

/** The body `{"data": {"user_id", "reason"}}`; JSON types checked strictly. */
function readWarning(raw: unknown): { userId: string; reason: string } {
  const data = jsonDataObject(raw);
  return { userId: requiredString(data, 'user_id', 'data.user_id'), reason: requiredString(data, 'reason', 'data.reason') };
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
