/**
 * Moderators and VIPs (spec part 4 names them only; shapes from the platform's reference): Get
 * Moderators, Add and Remove Channel Moderator, Get VIPs, Add and Remove Channel VIP, with
 * `channel.moderator.add/remove` and `channel.vip.add/remove`.
 */
import type { FastifyInstance } from 'fastify';
import { userFields } from '../../../http/views/helix-shapes';
import { ApiError, badRequest, BROADCASTER_MISMATCH, forbidden, notFound, unauthorized } from '../../../http/api-error';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { ModeratorChangeRecord } from '../../../domain/moderators';
import type { User } from '../../../domain/users';

const MAX_USER_IDS = 100;
/** VIP slots of a channel (the platform's number grows with the channel; the emulator keeps 10). */
export const VIP_SLOTS = 10;

// The platform's live answers (client libraries match on them); its reference words them longer.
export const ALREADY_A_MODERATOR = 'user is already a mod';
export const NOT_A_MOD = 'user is not a mod';
export const VIP_CANNOT_BE_MODERATOR = 'The user is a VIP. To make them a moderator, you must first remove them as a VIP.';
export const MODERATOR_CANNOT_BE_VIP = 'The user in the user_id query parameter is a moderator. To make them a VIP, you must first remove them as a moderator.';
export const ALREADY_A_VIP = 'The user in the user_id query parameter is already a VIP.';
export const NOT_A_VIP = "The user in the user_id query parameter is not a VIP in the broadcaster's channel.";
export const NO_VIP_SLOTS = "The broadcaster doesn't have available VIP slots.";
export const BANNED_CANNOT_BE_MODERATOR = "The user in user_id cannot become a moderator because they're banned from the channel.";
export const USER_NOT_FOUND = 'The ID in user_id was not found.';
export const NO_PERMISSION_TO_REMOVE_VIP = "The user in broadcaster_id doesn't have permission to remove the user's VIP status.";
export const MODERATOR_CHANGES_EXCEEDED = 'The broadcaster has exceeded the number of requests allowed within a 10-second window.';
export const VIP_ADDS_EXCEEDED = 'The broadcaster exceeded the number of VIP that they may add within a 10-second window.';
export const VIP_REMOVALS_EXCEEDED = 'The broadcaster exceeded the number of VIPs that they may remove within a 10-second window.';

/** `user_id` filters (up to 100); an empty list means no filter. */
export function readUserIdFilter(query: RequestParams): string[] {
  const ids = query.all('user_id');
  if (ids.length > MAX_USER_IDS) throw badRequest(`The number of "user_id" parameters must not exceed ${MAX_USER_IDS}`);
  return ids;
}

/**
 * A list of a channel's role holders: the broadcaster reads it, and so does a moderator of the
 * channel when the token has the moderator's scope (`moderator:read:*`).
 */
function requireListReader(state: EmulatorState, broadcasterId: string, reader: User, moderatorScope: string, scopes: readonly string[]): void {
  if (broadcasterId === reader.id) return;
  if (scopes.includes(moderatorScope) && state.moderators.isModerator(broadcasterId, reader.id)) return;
  throw unauthorized(BROADCASTER_MISMATCH);
}

/** The user named by a required `user_id`; unknown: 400 (moderators) or 404 (VIPs), as the platform answers. */
function requireTargetUser(state: EmulatorState, query: RequestParams, status: 400 | 404 = 400): User {
  const userId = query.required('user_id');
  const user = state.users.get(userId);
  if (!user) throw status === 404 ? notFound(USER_NOT_FOUND) : badRequest(USER_NOT_FOUND);
  return user;
}

/** Counts a role change of the broadcaster's; 429 past 10 in 10 seconds. */
function takeRoleChange(state: EmulatorState, key: string, now: number, message: string): void {
  if (!state.vips.roleChangeLimiter.take(key, 1, now).allowed) throw new ApiError(429, message);
}

function userRecord(state: EmulatorState, userId: string) {
  return userFields(state, 'user', userId);
}

function roleEvent(broadcaster: User, user: User) {
  return {
    user_id: user.id,
    user_login: user.login,
    user_name: user.displayName,
    broadcaster_user_id: broadcaster.id,
    broadcaster_user_login: broadcaster.login,
    broadcaster_user_name: broadcaster.displayName,
  };
}

/**
 * Makes `user` a moderator of `broadcaster` or takes it back: records the moderator-change record
 * and publishes `channel.moderator.add`/`remove`. Null when nothing changed.
 */
export function changeModerator(state: EmulatorState, broadcaster: User, user: User, action: 'add' | 'remove'): ModeratorChangeRecord | null {
  const timestamp = state.clock.iso();
  const record = action === 'add' ? state.moderators.add(broadcaster.id, user.id, timestamp) : state.moderators.remove(broadcaster.id, user.id, timestamp);
  if (!record) return null;
  state.events.publish({
    type: action === 'add' ? 'channel.moderator.add' : 'channel.moderator.remove',
    broadcasterUserId: broadcaster.id,
    event: { ...roleEvent(broadcaster, user) },
  });
  return record;
}

function changeVip(state: EmulatorState, broadcaster: User, user: User, action: 'add' | 'remove'): boolean {
  const changed = action === 'add' ? state.vips.add(broadcaster.id, user.id) : state.vips.remove(broadcaster.id, user.id);
  if (changed) state.events.publish({ type: action === 'add' ? 'channel.vip.add' : 'channel.vip.remove', broadcasterUserId: broadcaster.id, event: roleEvent(broadcaster, user) });
  return changed;
}

export function registerModeratorRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/moderation/moderators', auth: 'user', scopes: ['moderation:read', 'channel:manage:moderators', 'moderator:read:moderators'] },
    ({ state, query, user, token }) => {
      const broadcasterId = query.required('broadcaster_id');
      const userIds = readUserIdFilter(query);
      readFirst(query);
      requireListReader(state, broadcasterId, user, 'moderator:read:moderators', token.scopes);
      let ids = state.moderators.list(broadcasterId);
      if (userIds.length > 0) ids = ids.filter((id) => userIds.includes(id));
      const page = cursorPage(ids, query, { before: 'ignored' });
      return { data: page.items.map((id) => userRecord(state, id)), pagination: page.pagination };
    },
  );

  const moderatorChange = { path: '/moderation/moderators', auth: 'user', scopes: ['channel:manage:moderators'] } as const;
  registerHelixRoute(app, { ...moderatorChange, method: 'POST' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    query.required('user_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    const target = requireTargetUser(state, query);
    if (target.id === user.id) throw badRequest('The broadcaster may not be their own moderator.');
    if (state.bans.active(user.id, target.id, now)) throw badRequest(BANNED_CANNOT_BE_MODERATOR);
    if (state.vips.isVip(user.id, target.id)) throw new ApiError(422, VIP_CANNOT_BE_MODERATOR);
    takeRoleChange(state, `moderator:${user.id}`, now, MODERATOR_CHANGES_EXCEEDED);
    if (!changeModerator(state, user, target, 'add')) throw badRequest(ALREADY_A_MODERATOR);
    return undefined;
  });
  registerHelixRoute(app, { ...moderatorChange, method: 'DELETE' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    query.required('user_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    const target = requireTargetUser(state, query);
    if (!state.moderators.isModerator(user.id, target.id)) throw badRequest(NOT_A_MOD);
    takeRoleChange(state, `moderator:${user.id}`, now, MODERATOR_CHANGES_EXCEEDED);
    changeModerator(state, user, target, 'remove');
    return undefined;
  });

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
      return { data: page.items.map((id) => userRecord(state, id)), pagination: page.pagination };
    },
  );

  const vipChange = { path: '/channels/vips', auth: 'user', scopes: ['channel:manage:vips'] } as const;
  registerHelixRoute(app, { ...vipChange, method: 'POST' }, ({ state, query, user, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    query.required('user_id');
    if (broadcasterId !== user.id) throw unauthorized(BROADCASTER_MISMATCH);
    const target = requireTargetUser(state, query, 404);
    if (target.id === user.id) throw badRequest('The broadcaster may not be their own VIP.');
    if (state.moderators.isModerator(user.id, target.id)) throw new ApiError(422, MODERATOR_CANNOT_BE_VIP);
    if (state.vips.isVip(user.id, target.id)) throw new ApiError(422, ALREADY_A_VIP);
    if (state.vips.list(user.id).length >= VIP_SLOTS) throw new ApiError(409, NO_VIP_SLOTS);
    takeRoleChange(state, `vip-add:${user.id}`, now, VIP_ADDS_EXCEEDED);
    changeVip(state, user, target, 'add');
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
    if (!state.vips.isVip(broadcaster.id, target.id)) throw new ApiError(422, NOT_A_VIP);
    takeRoleChange(state, `vip-remove:${broadcaster.id}`, now, VIP_REMOVALS_EXCEEDED);
    changeVip(state, broadcaster, target, 'remove');
    return undefined;
  });
}
