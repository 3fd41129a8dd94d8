/**
 * Shield Mode (spec part 4 names it only; shapes from the platform's reference): Get and Update
 * Shield Mode Status. The rules, the overrides it applies to chat and `channel.shield_mode.begin` /
 * `.end`: `domain/shield-mode.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { updateShieldMode } from '../../../domain/shield-mode';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireActingModerator } from '../../../http/request-users';
import { shieldModeStatusView } from '../../../http/views/moderation';

/** The body `{"is_active": true|false}`; a JSON boolean only. */
function readIsActive(raw: unknown): boolean {
  const body = jsonObjectBody(raw);
  if (body.is_active === undefined || body.is_active === null) throw missingParameter('is_active');
  if (typeof body.is_active !== 'boolean') throw invalidParameter('is_active', 'must be true or false');
  return body.is_active;
}

export function registerShieldModeRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/shield_mode', auth: 'user', scopes: ['moderator:read:shield_mode', 'moderator:manage:shield_mode'] },
    ({ state, query, user }) => {
      const { broadcaster } = requireActingModerator(state, query, user);
      return { data: [shieldModeStatusView(state, state.shieldMode.status(broadcaster.id))] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'PUT', path: '/moderation/shield_mode', auth: 'user', scopes: ['moderator:manage:shield_mode'] },
    ({ state, query, user, body, now }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const isActive = readIsActive(body);
      return { data: [shieldModeStatusView(state, updateShieldMode(state, broadcaster, moderator, isActive, now))] };
    },
  );
}
