/**
 * Bans and timeouts (spec part 4 names them only; shapes from the platform's reference): Get Banned
 * Users, Ban User (a timeout with `duration`), Unban User, with `channel.ban` and `channel.unban`.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { userFields } from '../../../http/views/helix-shapes';
import { badRequest, BROADCASTER_MISMATCH, forbidden, invalidParameter, missingParameter, unauthorized } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody, type RequestParams } from '../../../http/request-params';
import type { Ban } from '../../../domain/bans';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/users';
import { MODERATOR_ID_MISMATCH, NOT_A_MODERATOR, requireBroadcaster } from '../chat/chat';
import { readUserIdFilter } from './moderators';

/** Two weeks: the longest timeout. */
export const MAX_TIMEOUT_SECONDS = 1_209_600;
export const MAX_BAN_REASON = 500;

export const ALREADY_BANNED = 'The user specified in the user_id field is already banned.';
export const MAY_NOT_BE_BANNED = 'The user specified in the user_id field may not be banned.';
export const MAY_NOT_BE_TIMED_OUT = 'The user specified in the user_id field may not be put in a timeout.';
export const INVALID_DURATION = 'The value in the duration field is not valid.';
export const REASON_TOO_LONG = 'The text in the reason field is too long.';
// The platform's live answer (client libraries match on it); its reference says "specified in".
export const NOT_BANNED = 'The user in the user_id query parameter is not banned.';

/**
 * The moderator of a moderation action: `broadcaster_id` and `moderator_id` required (400),
 * `moderator_id` the token user (401), a known broadcaster (400), the broadcaster or one of
 * their moderators (403).
 */
export function requireActingModerator(state: EmulatorState, query: RequestParams, user: User): { broadcaster: User; moderator: User } {
  const broadcasterId = query.required('broadcaster_id');
  const moderatorId = query.required('moderator_id');
  if (moderatorId !== user.id) throw unauthorized(MODERATOR_ID_MISMATCH);
  const broadcaster = requireBroadcaster(state, broadcasterId);
  if (!state.moderators.canModerate(broadcaster.id, user.id)) throw forbidden(NOT_A_MODERATOR);
  return { broadcaster, moderator: user };
}

function banView(state: EmulatorState, ban: Ban) {
  return {
    ...userFields(state, 'user', ban.userId),
    expires_at: ban.endsAt === null ? '' : toRfc3339(ban.endsAt),
    created_at: toRfc3339(ban.createdAt),
    reason: ban.reason,
    ...userFields(state, 'moderator', ban.moderatorId),
  };
}

function broadcasterAndModerator(state: EmulatorState, ban: Ban) {
  const broadcaster = userFields(state, 'broadcaster', ban.broadcasterId);
  const moderator = userFields(state, 'moderator', ban.moderatorId);
  return {
    broadcaster_user_id: broadcaster.broadcaster_id,
    broadcaster_user_login: broadcaster.broadcaster_login,
    broadcaster_user_name: broadcaster.broadcaster_name,
    moderator_user_id: moderator.moderator_id,
    moderator_user_login: moderator.moderator_login,
    moderator_user_name: moderator.moderator_name,
  };
}

/** `channel.ban`'s event (the reference's shape: `ends_at` null for a permanent ban). */
export function banEvent(state: EmulatorState, ban: Ban) {
  return {
    ...userFields(state, 'user', ban.userId),
    ...broadcasterAndModerator(state, ban),
    reason: ban.reason,
    banned_at: toRfc3339(ban.createdAt),
    ends_at: ban.endsAt === null ? null : toRfc3339(ban.endsAt),
    is_permanent: ban.endsAt === null,
  };
}

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
      return { data: page.items.map((ban) => banView(state, ban)), pagination: page.pagination };
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
      if (state.moderators.canModerate(broadcaster.id, target.id)) throw badRequest(request.duration === null ? MAY_NOT_BE_BANNED : MAY_NOT_BE_TIMED_OUT);
      const existing = state.bans.active(broadcaster.id, target.id, now);
      // A timeout may become a ban or a new timeout; a ban stays until the user is unbanned.
      if (existing && existing.endsAt === null) throw badRequest(ALREADY_BANNED);
      const ban: Ban = {
        broadcasterId: broadcaster.id,
        userId: target.id,
        moderatorId: moderator.id,
        reason: request.reason,
        createdAt: now,
        endsAt: request.duration === null ? null : now + request.duration * 1000,
      };
      state.bans.put(ban);
      state.events.publish({ type: 'channel.ban', broadcasterUserId: broadcaster.id, event: banEvent(state, ban) });
      return {
        data: [
          {
            broadcaster_id: broadcaster.id,
            moderator_id: moderator.id,
            user_id: target.id,
            created_at: toRfc3339(ban.createdAt),
            end_time: ban.endsAt === null ? null : toRfc3339(ban.endsAt),
          },
        ],
      };
    },
  );

  registerHelixRoute(
    app,
    { method: 'DELETE', path: '/moderation/bans', auth: 'user', scopes: ['moderator:manage:banned_users'] },
    ({ state, query, user, now }) => {
      const userId = query.required('user_id');
      const { broadcaster, moderator } = requireActingModerator(state, query, user);
      const ban = state.bans.active(broadcaster.id, userId, now);
      if (!ban) throw badRequest(NOT_BANNED);
      state.bans.remove(broadcaster.id, userId);
      state.events.publish({
        type: 'channel.unban',
        broadcasterUserId: broadcaster.id,
        event: { ...userFields(state, 'user', userId), ...broadcasterAndModerator(state, { ...ban, moderatorId: moderator.id }) },
      });
      return undefined;
    },
  );
}
