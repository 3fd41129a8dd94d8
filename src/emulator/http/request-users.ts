/**
 * The users a current-API request names in its parameters: an unknown `broadcaster_id` is an
 * invalid parameter (400); a moderation action's `moderator_id` must be the token's user and a
 * moderator of the channel.
 */
import { badRequest, invalidParameter, notFound, unauthorized } from '../domain/api-error';
import type { EmulatorState } from '../domain/emulator-state';
import { requireModerator } from '../domain/moderation';
import type { User } from '../domain/stores/users';
import type { RequestParams } from './request-params';
import { BROADCASTER_MISMATCH, MODERATOR_ID_MISMATCH } from './token-user';

/** The user named by a required `broadcaster_id`; an unknown ID is an invalid parameter (400). */
export function requireBroadcaster(state: EmulatorState, broadcasterId: string): User {
  const user = state.users.get(broadcasterId);
  if (!user) throw invalidParameter('broadcaster_id', 'no user has this ID');
  return user;
}

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
  requireModerator(state, broadcaster.id, user.id);
  return { broadcaster, moderator: user };
}

const MAX_USER_IDS = 100;

/** `user_id` filters (up to 100); an empty list means no filter. */
export function readUserIdFilter(query: RequestParams): string[] {
  const ids = query.all('user_id');
  if (ids.length > MAX_USER_IDS) throw badRequest(`The number of "user_id" parameters must not exceed ${MAX_USER_IDS}`);
  return ids;
}

export const USER_NOT_FOUND = 'The ID in user_id was not found.';

/** The user named by a required `user_id`; unknown: 400 (moderators) or 404 (VIPs), as the platform answers. */
export function requireTargetUser(state: EmulatorState, query: RequestParams, status: 400 | 404 = 400): User {
  const userId = query.required('user_id');
  const user = state.users.get(userId);
  if (!user) throw status === 404 ? notFound(USER_NOT_FOUND) : badRequest(USER_NOT_FOUND);
  return user;
}

/**
 * A list of a channel's role holders: the broadcaster reads it, and so does a moderator of the
 * channel when the token has the moderator's scope (`moderator:read:*`).
 */
export function requireListReader(state: EmulatorState, broadcasterId: string, reader: User, moderatorScope: string, scopes: readonly string[]): void {
  if (broadcasterId === reader.id) return;
  if (scopes.includes(moderatorScope) && state.moderators.isModerator(broadcasterId, reader.id)) return;
  throw unauthorized(BROADCASTER_MISMATCH);
}
