/**
 * Raids' rules (the platform's reference, Raids): one pending raid per broadcaster, at most 10
 * requests in 10 minutes; a raid happens when its 90-second countdown ends on the emulator clock
 * (`settleDueRaids`): the target's live stream gains the raider's viewers, `channel.raid` goes out
 * and the target's chat gets a raid notice. The simulation API brings a raid in at once.
 */
import { ApiError, badRequest, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import { announceModeration } from './moderator-actions';
import type { Raid } from './stores/raids';
import type { User } from './stores/users';

export const RAID_SELF = 'The IDs in from_broadcaster_id and to_broadcaster_id cannot be the same.';
export const RAID_IN_PROGRESS = 'The broadcaster is already in the process of raiding another channel.';
export const RAID_TOO_MANY = 'The broadcaster exceeded the number of raid requests that they may make. The limit is 10 requests within a 10-minute window.';
export const NO_PENDING_RAID = "The broadcaster doesn't have a pending raid to cancel.";

/** Carries out every raid whose countdown has ended. */
export function settleDueRaids(state: EmulatorState, now: number = state.clock.now()): void {
  for (const raid of state.raids.due(now)) completeRaid(state, raid, state.streams.get(raid.fromBroadcasterId)?.viewerCount ?? 0, now);
}

/** Start a Raid: the countdown begins. */
export function startRaid(state: EmulatorState, from: User, to: User, now: number): Raid {
  settleDueRaids(state);
  if (state.raids.pending(from.id)) throw new ApiError(409, RAID_IN_PROGRESS);
  if (!state.raids.takeRequest(from.id, now)) throw new ApiError(429, RAID_TOO_MANY);
  const raid = state.raids.start({ fromBroadcasterId: from.id, toBroadcasterId: to.id, isMature: state.streams.get(to.id)?.isMature ?? false, now });
  announceModeration(state, from.id, from.id, { action: 'raid', userId: to.id, viewerCount: state.streams.get(from.id)?.viewerCount ?? 0 });
  return raid;
}

/** Cancel a Raid: the pending one. */
export function cancelRaid(state: EmulatorState, from: User): Raid {
  settleDueRaids(state);
  const raid = state.raids.pending(from.id);
  if (!raid) throw notFound(NO_PENDING_RAID);
  raid.status = 'cancelled';
  announceModeration(state, from.id, from.id, { action: 'unraid', userId: raid.toBroadcasterId });
  return raid;
}

/** Another channel raids `to` at once, without the raider's countdown (simulation API). */
export function bringInRaid(state: EmulatorState, from: User, to: User, viewers: number | undefined): Raid {
  if (from.id === to.id) throw badRequest(RAID_SELF);
  settleDueRaids(state);
  if (state.raids.pending(from.id)) throw new ApiError(409, RAID_IN_PROGRESS);
  const now = state.clock.now();
  const raid = state.raids.start({ fromBroadcasterId: from.id, toBroadcasterId: to.id, isMature: state.streams.get(to.id)?.isMature ?? false, now, countdownMs: 0 });
  completeRaid(state, raid, viewers ?? state.streams.get(from.id)?.viewerCount ?? 0, now);
  return raid;
}

/** The raid happens: the target's live stream gains the viewers; `channel.raid` and the raid notice go out. */
function completeRaid(state: EmulatorState, raid: Raid, viewers: number, now: number): void {
  raid.status = 'completed';
  raid.viewers = viewers;
  raid.completedAt = now;
  if (!state.users.get(raid.fromBroadcasterId) || !state.users.get(raid.toBroadcasterId)) return;
  const target = state.streams.get(raid.toBroadcasterId);
  if (target) target.viewerCount += viewers;
  state.events.publish({ type: 'channel.raid', raid });
  state.events.publish({ type: 'channel.chat.notification', notice: { kind: 'raid', raid } });
}
