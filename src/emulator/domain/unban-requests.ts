/**
 * Unban requests (the platform's reference; spec part 4 names them only): a banned user asks to be
 * unbanned (the simulation API; `channel.unban_request.create`), a moderator approves or denies the
 * request (`channel.unban_request.resolve`); an approved request unbans the user (`channel.unban`),
 * so they can chat again. A user unbanned another way has their pending request acknowledged.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, badRequest, conflict } from './api-error';
import type { EmulatorState } from './emulator-state';
import { unbanUser } from './moderation';
import { announceModeration } from './moderator-actions';
import type { UnbanRequest } from './stores/unban-requests';
import type { User } from './stores/users';

export const MAX_RESOLUTION_TEXT = 500;
export const UNBAN_REQUEST_NOT_FOUND = 'The unban request ID was not found.';
export const INVALID_REQUESTED_UPDATE = 'Invalid requested update';
export const RESOLUTION_TEXT_TOO_LONG = 'The text in the resolution_text field is limited to 500 characters.';

/** A banned user asks to be unbanned; one pending request per user and channel, from a banned user only (409). */
export function createUnbanRequest(state: EmulatorState, broadcaster: User, user: User, text: string, now: number): UnbanRequest {
  const ban = state.bans.active(broadcaster.id, user.id, now);
  if (!ban || ban.endsAt !== null) throw conflict(`User "${user.login}" is not banned from ${broadcaster.login}'s chat`);
  if (state.unbanRequests.pendingOf(broadcaster.id, user.id)) throw conflict(`User "${user.login}" already has a pending unban request in ${broadcaster.login}'s chat`);
  const request: UnbanRequest = { id: randomUUID(), broadcasterId: broadcaster.id, userId: user.id, text, status: 'pending', createdAt: now, resolvedAt: null, moderatorId: null, resolutionText: null };
  state.unbanRequests.add(request);
  state.events.publish({ type: 'channel.unban_request.create', request });
  return request;
}

/** Resolve Unban Requests: a pending request of the channel is approved (the user is unbanned) or denied. */
export function resolveUnbanRequest(
  state: EmulatorState,
  input: { broadcaster: User; moderator: User; id: string; status: 'approved' | 'denied'; resolutionText: string | null; now: number },
): UnbanRequest {
  const { broadcaster, moderator, now } = input;
  const request = state.unbanRequests.get(input.id);
  if (!request || request.broadcasterId !== broadcaster.id) throw new ApiError(404, UNBAN_REQUEST_NOT_FOUND);
  if (input.resolutionText !== null && [...input.resolutionText].length > MAX_RESOLUTION_TEXT) throw badRequest(RESOLUTION_TEXT_TOO_LONG);
  if (request.status !== 'pending') throw badRequest(INVALID_REQUESTED_UPDATE);
  request.status = input.status;
  request.resolvedAt = now;
  request.moderatorId = moderator.id;
  request.resolutionText = input.resolutionText;
  if (input.status === 'approved' && state.bans.active(broadcaster.id, request.userId, now)) unbanUser(state, broadcaster, moderator, request.userId, now);
  state.events.publish({ type: 'channel.unban_request.resolve', request });
  announceModeration(state, broadcaster.id, moderator.id, {
    action: input.status === 'approved' ? 'approve_unban_request' : 'deny_unban_request',
    userId: request.userId,
    moderatorMessage: input.resolutionText ?? '',
  });
  return request;
}
