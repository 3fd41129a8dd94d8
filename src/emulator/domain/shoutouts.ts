/**
 * Shoutouts' rules (the platform's reference, Send a Shoutout): a moderator of a live channel with
 * viewers shouts out another channel, 2 minutes apart and 60 minutes apart per target; announced
 * as `channel.shoutout.create` and `channel.shoutout.receive`.
 */
import { ApiError, badRequest } from './api-error';
import type { EmulatorState } from './emulator-state';
import { requireModerator } from './moderation';
import { SHOUTOUT_COOLDOWN_MS, SHOUTOUT_TARGET_COOLDOWN_MS, type Shoutout } from './stores/shoutouts';
import type { User } from './stores/users';

export const SHOUTOUT_SELF = 'The broadcaster may not give themselves a Shoutout.';
export const SHOUTOUT_NOT_LIVE = 'The broadcaster is not streaming live or does not have one or more viewers.';
/** 2 minutes between any two shoutouts. */
export const SHOUTOUT_COOLDOWN = 'The broadcaster exceeded the number of Shoutouts they may send within a given window.';
/** 60 minutes between shoutouts to the same channel. */
export const SHOUTOUT_TARGET_COOLDOWN = 'The broadcaster exceeded the number of Shoutouts they may send the same broadcaster within a given window.';

export function sendShoutout(state: EmulatorState, input: { from: User; to: User; moderator: User; now: number }): Shoutout {
  const { from, to, moderator, now } = input;
  requireModerator(state, from.id, moderator.id);
  if (from.id === to.id) throw badRequest(SHOUTOUT_SELF);
  const stream = state.streams.get(from.id);
  if (!stream || stream.viewerCount < 1) throw badRequest(SHOUTOUT_NOT_LIVE);
  const last = state.shoutouts.last(from.id);
  if (last && now - last.startedAt < SHOUTOUT_COOLDOWN_MS) throw new ApiError(429, SHOUTOUT_COOLDOWN);
  const lastToTarget = state.shoutouts.last(from.id, to.id);
  if (lastToTarget && now - lastToTarget.startedAt < SHOUTOUT_TARGET_COOLDOWN_MS) throw new ApiError(429, SHOUTOUT_TARGET_COOLDOWN);
  const shoutout: Shoutout = { fromBroadcasterId: from.id, toBroadcasterId: to.id, moderatorId: moderator.id, startedAt: now, viewerCount: stream.viewerCount };
  state.shoutouts.add(shoutout);
  state.events.publish({ type: 'channel.shoutout.create', shoutout });
  state.events.publish({ type: 'channel.shoutout.receive', shoutout });
  return shoutout;
}
