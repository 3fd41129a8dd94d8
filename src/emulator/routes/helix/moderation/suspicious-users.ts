/**
 * Suspicious users (spec part 4 names "suspicious-user status" only; shapes from the platform's
 * reference): Add Suspicious Status to Chat User, Remove Suspicious Status From Chat User. The
 * rules, what a status does to chat and `channel.suspicious_user.update` / `.message`:
 * `domain/suspicious-users.ts`. App tokens (which the platform also takes, through a moderator's
 * earlier authorization) are not implemented.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter } from '../../../domain/api-error';
import { changeSuspiciousStatus } from '../../../domain/suspicious-users';
import type { User } from '../../../domain/stores/users';
import type { EmulatorState } from '../../../domain/emulator-state';
import { requiredString } from '../../../http/body-fields';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator } from '../../../http/request-users';
import { suspiciousStatusView } from '../../../http/views/moderation';

const STATUSES = { ACTIVE_MONITORING: 'active_monitoring', RESTRICTED: 'restricted' } as const;

function knownTarget(state: EmulatorState, userId: string, name: string): User {
  const user = state.users.get(userId);
  if (!user) throw invalidParameter(name, 'no user has this ID');
  return user;
}

export function registerSuspiciousUserRoutes(app: FastifyInstance): void {
  const route = { path: '/moderation/suspicious_users', auth: 'user', scopes: ['moderator:manage:suspicious_users'] } as const;

  registerHelixRoute(app, { ...route, method: 'POST' }, ({ state, query, user, body, now }) => {
    const { broadcaster, moderator } = requireActingModerator(state, query, user);
    const fields = jsonObjectBody(body);
    const userId = requiredString(fields, 'user_id');
    const named = requiredString(fields, 'status');
    if (named !== 'ACTIVE_MONITORING' && named !== 'RESTRICTED') throw invalidParameter('status', 'must be ACTIVE_MONITORING or RESTRICTED');
    const status = STATUSES[named];
    const target = knownTarget(state, userId, 'user_id');
    return { data: [suspiciousStatusView(changeSuspiciousStatus(state, { broadcaster, moderator, target, status, now }))] };
  });

  registerHelixRoute(app, { ...route, method: 'DELETE' }, ({ state, query, user, now }) => {
    const { broadcaster, moderator } = requireActingModerator(state, query, user);
    const target = knownTarget(state, query.required('user_id'), 'user_id');
    return { data: [suspiciousStatusView(changeSuspiciousStatus(state, { broadcaster, moderator, target, status: 'none', now }))] };
  });
}
