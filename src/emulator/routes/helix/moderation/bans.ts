/**
 * Bans and timeouts (spec part 4 names them only; shapes from the platform's reference): Get Banned
 * Users, Ban User (a timeout with `duration`), Unban User. The rules and `channel.ban`/`channel.unban`:
 * `domain/moderation.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter, missingParameter, unauthorized } from '../../../domain/api-error';
import { banUser, MAX_TIMEOUT_SECONDS, unbanUser } from '../../../domain/moderation';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { readUserIdFilter, requireActingModerator } from '../../../http/request-users';
import { BROADCASTER_MISMATCH } from '../../../http/token-user';
import { bannedUserView, banView } from '../../../http/views/moderation';

export const MAX_BAN_REASON = 500;
export const INVALID_DURATION = 'The value in the duration field is not valid.';
export const REASON_TOO_LONG = 'The text in the reason field is too long.';

interface BanRequest {
  userId: string;
  duration: number | null;
  reason: string;
}

/** The body `{"data": {"user_id", "duration"?, "reason"?}}`; JSON types checked strictly. */
function readBanBody(raw: unknown): BanRequest {
  const body = jsonObjectBody(raw);
  if (body.data === undefined || body.data === null) throw missingParameter('data');
  if (typeof body.data !== 'object' || Array.isArray(body.data)) throw invalidParameter('data', 'must be an object');
  const data = body.data as Record<string, unknown>;
  if (data.user_id === undefined || data.user_id === null || data.user_id === '') throw missingParameter('data.user_id');
  if (typeof data.user_id !== 'string') throw invalidParameter('data.user_id', 'must be a string');
  let duration: number | null = null;
  if (data.duration !== undefined && data.duration !== null) {
    if (typeof data.duration !== 'number' || !Number.isInteger(data.duration) || data.duration < 1 || data.duration > MAX_TIMEOUT_SECONDS) {
      throw badRequest(INVALID_DURATION);
    }
    duration = data.duration;
  }
  let reason = '';
  if (data.reason !== undefined && data.reason !== null) {
    if (typeof data.reason !== 'string') throw invalidParameter('data.reason', 'must be a string');
    if ([...data.reason].length > MAX_BAN_REASON) throw badRequest(REASON_TOO_LONG);
    reason = data.reason;
  }
  return { userId: data.user_id, duration, reason };
}

export function registerBanRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/banned', auth: 'user', scopes: ['moderation:read', 'moderator:manage:banned_users', 'moderator:read:banned_users'] },
    ({ state, query, user, token, now }) => {
      const broadcasterId = query.required('broadcaster_id');
      const userIds = readUserIdFilter(query);
      const moderatorRead = token.scopes.includes('moderator:read:banned_users') || token.scopes.includes('moderator:manage:banned_users');
      if (broadcasterId !== user.id && !(moderatorRead && state.moderators.isModerator(broadcasterId, user.id))) throw unauthorized(BROADCASTER_MISMATCH);
      let bans = state.bans.list(broadcasterId, now);
      if (userIds.length > 0) bans = bans.filter((ban) => userIds.includes(ban.userId));
      const page = cursorPage(bans, query);
      return { data: page.items.map((ban) => bannedUserView(state, ban)), pagination: page.pagination };
    },
  );

  registerHelixRoute(
    app,
    { method: 'POST', path: '/moderation/bans', auth: 'user', scopes: ['moderator:manage:banned_users'] },
    ({ state, query, user, now, body }) => {
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const request = readBanBody(body);
      const target = state.users.get(request.userId);
      if (!target) throw invalidParameter('data.user_id', 'no user has this ID');
      const ban = banUser(state, { broadcaster, moderator, target, durationSeconds: request.duration, reason: request.reason, now });
      return { data: [banView(ban)] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'DELETE', path: '/moderation/bans', auth: 'user', scopes: ['moderator:manage:banned_users'] },
    ({ state, query, user, now }) => {
      const userId = query.required('user_id');
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      unbanUser(state, broadcaster, moderator, userId, now);
      return undefined;
    },
  );
}
