/**
 * The checks that a request's parameter names the user of its token (the platform's 401s), shared
 * by every area whose endpoints take `broadcaster_id`, `moderator_id`, `user_id`... of the caller.
 */
import { unauthorized } from '../domain/api-error';

/** The platform's 401 when `broadcaster_id` names someone other than the token's user. */
export const BROADCASTER_MISMATCH = "The ID in broadcaster_id must match the user ID found in the request's OAuth token.";
export const MODERATOR_ID_MISMATCH = "The ID in moderator_id must match the user ID found in the request's OAuth token.";
export const USER_ID_MISMATCH = "The ID in user_id must match the user ID found in the request's OAuth token.";

export function requireTokenBroadcaster(broadcasterId: string, tokenUserId: string): void {
  if (broadcasterId !== tokenUserId) throw unauthorized(BROADCASTER_MISMATCH);
}
