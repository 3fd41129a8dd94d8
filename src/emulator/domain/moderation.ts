/**
 * Moderation's rules: who may moderate a channel; moderators and VIPs given and taken (with the
 * platform's limits on role changes), announced as `channel.moderator.*` and `channel.vip.*`; bans
 * and timeouts (`channel.ban`, `channel.unban`; the chatter's lines leave chat,
 * `channel.chat.clear_user_messages`). Each is also `channel.moderate` (`moderator-actions.ts`).
 */
import { ApiError, badRequest, forbidden } from './api-error';
import type { EmulatorState } from './emulator-state';
import { announceModeration } from './moderator-actions';
import type { Ban } from './stores/bans';
import type { ModeratorChangeRecord } from './stores/moderators';
import type { User } from './stores/users';

/** VIP slots of a channel (the platform's number grows with the channel; the emulator keeps 10). */
export const VIP_SLOTS = 10;
/** Two weeks: the longest timeout. */
export const MAX_TIMEOUT_SECONDS = 1_209_600;

export const NOT_A_MODERATOR = "The user in moderator_id is not one of the broadcaster's moderators.";
// The platform's live answers (client libraries match on them); its reference words them longer.
export const ALREADY_A_MODERATOR = 'user is already a mod';
export const NOT_A_MOD = 'user is not a mod';
export const VIP_CANNOT_BE_MODERATOR = 'The user is a VIP. To make them a moderator, you must first remove them as a VIP.';
export const MODERATOR_CANNOT_BE_VIP = 'The user in the user_id query parameter is a moderator. To make them a VIP, you must first remove them as a moderator.';
export const ALREADY_A_VIP = 'The user in the user_id query parameter is already a VIP.';
export const NOT_A_VIP = "The user in the user_id query parameter is not a VIP in the broadcaster's channel.";
export const NO_VIP_SLOTS = "The broadcaster doesn't have available VIP slots.";
export const BANNED_CANNOT_BE_MODERATOR = "The user in user_id cannot become a moderator because they're banned from the channel.";
export const MODERATOR_CHANGES_EXCEEDED = 'The broadcaster has exceeded the number of requests allowed within a 10-second window.';
export const VIP_ADDS_EXCEEDED = 'The broadcaster exceeded the number of VIP that they may add within a 10-second window.';
export const VIP_REMOVALS_EXCEEDED = 'The broadcaster exceeded the number of VIPs that they may remove within a 10-second window.';
export const ALREADY_BANNED = 'The user specified in the user_id field is already banned.';
export const MAY_NOT_BE_BANNED = 'The user specified in the user_id field may not be banned.';
export const MAY_NOT_BE_TIMED_OUT = 'The user specified in the user_id field may not be put in a timeout.';
// The platform's live answer (client libraries match on it); its reference says "specified in".
export const NOT_BANNED = 'The user in the user_id query parameter is not banned.';

/** The broadcaster or one of their moderators; anyone else is refused with the platform's 403. */
export function requireModerator(state: EmulatorState, broadcasterId: string, userId: string): void {
  if (!state.moderators.canModerate(broadcasterId, userId)) throw forbidden(NOT_A_MODERATOR);
}

/**
 * The simulation API's acting moderator: `moderatorId` (the broadcaster when absent), who must be
 * a known user that moderates the channel (400 otherwise).
 */
export function knownModerator(state: EmulatorState, broadcaster: User, moderatorId: string | undefined): User {
  const moderator = moderatorId === undefined ? broadcaster : state.users.get(moderatorId);
  if (!moderator) throw badRequest(`Unknown moderator_id "${moderatorId}"`);
  if (!state.moderators.canModerate(broadcaster.id, moderator.id)) throw badRequest(`User "${moderator.login}" does not moderate ${broadcaster.login}'s chat`);
  return moderator;
}

/** Counts a role change of the broadcaster's; 429 past 10 in 10 seconds. */
function takeRoleChange(state: EmulatorState, key: string, now: number, message: string): void {
  if (!state.vips.roleChangeLimiter.take(key, 1, now).allowed) throw new ApiError(429, message);
}

/**
 * Makes `user` a moderator of `broadcaster` or takes it back: keeps the moderator-change record and
 * announces `channel.moderator.add`/`remove`. Null when nothing changed.
 */
export function changeModerator(state: EmulatorState, broadcaster: User, user: User, action: 'add' | 'remove'): ModeratorChangeRecord | null {
  const timestamp = state.clock.iso();
  const record = action === 'add' ? state.moderators.add(broadcaster.id, user.id, timestamp) : state.moderators.remove(broadcaster.id, user.id, timestamp);
  if (!record) return null;
  state.events.publish({ type: action === 'add' ? 'channel.moderator.add' : 'channel.moderator.remove', change: { broadcasterId: broadcaster.id, userId: user.id } });
  // Only the broadcaster gives and takes the moderator role.
  announceModeration(state, broadcaster.id, broadcaster.id, { action: action === 'add' ? 'mod' : 'unmod', userId: user.id });
  return record;
}

function changeVip(state: EmulatorState, broadcaster: User, user: User, action: 'add' | 'remove'): void {
  const changed = action === 'add' ? state.vips.add(broadcaster.id, user.id) : state.vips.remove(broadcaster.id, user.id);
  if (!changed) return;
  state.events.publish({ type: action === 'add' ? 'channel.vip.add' : 'channel.vip.remove', change: { broadcasterId: broadcaster.id, userId: user.id } });
  announceModeration(state, broadcaster.id, broadcaster.id, { action: action === 'add' ? 'vip' : 'unvip', userId: user.id });
}

/** Add Channel Moderator. */
export function addModerator(state: EmulatorState, broadcaster: User, target: User, now: number): void {
  if (target.id === broadcaster.id) throw badRequest('The broadcaster may not be their own moderator.');
  if (state.bans.active(broadcaster.id, target.id, now)) throw badRequest(BANNED_CANNOT_BE_MODERATOR);
  if (state.vips.isVip(broadcaster.id, target.id)) throw new ApiError(422, VIP_CANNOT_BE_MODERATOR);
  takeRoleChange(state, `moderator:${broadcaster.id}`, now, MODERATOR_CHANGES_EXCEEDED);
  if (!changeModerator(state, broadcaster, target, 'add')) throw badRequest(ALREADY_A_MODERATOR);
}

/** Remove Channel Moderator. */
export function removeModerator(state: EmulatorState, broadcaster: User, target: User, now: number): void {
  if (!state.moderators.isModerator(broadcaster.id, target.id)) throw badRequest(NOT_A_MOD);
  takeRoleChange(state, `moderator:${broadcaster.id}`, now, MODERATOR_CHANGES_EXCEEDED);
  changeModerator(state, broadcaster, target, 'remove');
}

/** Add Channel VIP. */
export function addVip(state: EmulatorState, broadcaster: User, target: User, now: number): void {
  if (target.id === broadcaster.id) throw badRequest('The broadcaster may not be their own VIP.');
  if (state.moderators.isModerator(broadcaster.id, target.id)) throw new ApiError(422, MODERATOR_CANNOT_BE_VIP);
  if (state.vips.isVip(broadcaster.id, target.id)) throw new ApiError(422, ALREADY_A_VIP);
  if (state.vips.list(broadcaster.id).length >= VIP_SLOTS) throw new ApiError(409, NO_VIP_SLOTS);
  takeRoleChange(state, `vip-add:${broadcaster.id}`, now, VIP_ADDS_EXCEEDED);
  changeVip(state, broadcaster, target, 'add');
}

/** Remove Channel VIP: the broadcaster removes a VIP, or a VIP steps down. */
export function removeVip(state: EmulatorState, broadcaster: User, target: User, now: number): void {
  if (!state.vips.isVip(broadcaster.id, target.id)) throw new ApiError(422, NOT_A_VIP);
  takeRoleChange(state, `vip-remove:${broadcaster.id}`, now, VIP_REMOVALS_EXCEEDED);
  changeVip(state, broadcaster, target, 'remove');
}

/**
 * Ban User: a ban (no `durationSeconds`) or a timeout. A timeout may become a ban or a new
 * timeout; a ban stays until the user is unbanned; the channel's moderators cannot be banned.
 */
export function banUser(
  state: EmulatorState,
  input: { broadcaster: User; moderator: User; target: User; durationSeconds: number | null; reason: string; now: number },
): Ban {
  const { broadcaster, target, now } = input;
  if (state.moderators.canModerate(broadcaster.id, target.id)) throw badRequest(input.durationSeconds === null ? MAY_NOT_BE_BANNED : MAY_NOT_BE_TIMED_OUT);
  const existing = state.bans.active(broadcaster.id, target.id, now);
  if (existing && existing.endsAt === null) throw badRequest(ALREADY_BANNED);
  const ban: Ban = {
    broadcasterId: broadcaster.id,
    userId: target.id,
    moderatorId: input.moderator.id,
    reason: input.reason,
    createdAt: now,
    endsAt: input.durationSeconds === null ? null : now + input.durationSeconds * 1000,
  };
  state.bans.put(ban);
  state.events.publish({ type: 'channel.ban', ban });
  announceModeration(
    state,
    broadcaster.id,
    input.moderator.id,
    ban.endsAt === null ? { action: 'ban', userId: target.id, reason: ban.reason } : { action: 'timeout', userId: target.id, reason: ban.reason, expiresAt: ban.endsAt },
  );
  // The platform takes a banned or timed-out chatter's lines out of chat.
  state.chatMessages.removeFrom(broadcaster.id, target.id);
  state.events.publish({ type: 'channel.chat.clear_user_messages', broadcasterId: broadcaster.id, targetUserId: target.id });
  return ban;
}

/** Unban User: ends a ban or a running timeout; the user's pending unban request is acknowledged. */
export function unbanUser(state: EmulatorState, broadcaster: User, moderator: User, userId: string, now: number): void {
  const ban = state.bans.active(broadcaster.id, userId, now);
  if (!ban) throw badRequest(NOT_BANNED);
  state.bans.remove(broadcaster.id, userId);
  state.unbanRequests.acknowledgePending(broadcaster.id, userId, moderator.id, now);
  state.events.publish({ type: 'channel.unban', ban, moderatorId: moderator.id });
  announceModeration(state, broadcaster.id, moderator.id, { action: ban.endsAt === null ? 'unban' : 'untimeout', userId });
}
