/**
 * Ads' rules (spec 4.2, the platform's reference, Ads): Start Commercial on a live channel with a
 * cooldown between commercials; each live channel's schedule of automatic breaks, settled on the
 * emulator clock (`settleAds`); snoozes that push the next break back. Every break, automatic or
 * not, is announced as `channel.ad_break.begin`.
 */
import { badRequest, tooManyRequests } from './api-error';
import type { EmulatorState } from './emulator-state';
import { AD_BREAK_SECONDS, AD_INTERVAL_SECONDS, recordAdBreak, refreshSnoozes, SNOOZE_REFRESH_SECONDS, SNOOZE_SECONDS, type AdSchedule } from './stores/ad-schedules';
import { COMMERCIAL_COOLDOWN_SECONDS } from './stores/commercials';
import type { User } from './stores/users';

export const COMMERCIAL_LENGTHS = [30, 60, 90, 120, 150, 180] as const;
export const NOT_LIVE_MESSAGE = 'To start a commercial, the broadcaster must be streaming live.';
export const SNOOZE_NOT_LIVE_MESSAGE = 'The channel is not live.';
export const NO_SNOOZES_MESSAGE = 'The broadcaster has no snoozes left.';

/**
 * A refusal for the cooldown between commercials is a result, not an error (spec part 7: "failure
 * is explained in the message field of the result, with retry_after"): `length` 0 and the seconds left.
 */
export interface CommercialResult {
  length: number;
  retryAfterSeconds: number;
}

/** Start Commercial: a break of `length` seconds now, recorded in the schedule and announced. */
export function startCommercial(state: EmulatorState, broadcaster: User, length: number, now: number): CommercialResult {
  if (!state.streams.isLive(broadcaster.id)) throw badRequest(NOT_LIVE_MESSAGE);
  const wait = state.commercials.cooldownRemaining(broadcaster.id, now);
  if (wait > 0) return { length: 0, retryAfterSeconds: wait };
  state.commercials.start(broadcaster.id, length, now);
  const schedule = liveSchedule(state, broadcaster.id);
  if (schedule) {
    recordAdBreak(schedule, now, length);
    announceBreak(state, schedule, { seconds: length, startedAt: now, automatic: false, requesterId: broadcaster.id });
  }
  return { length, retryAfterSeconds: COMMERCIAL_COOLDOWN_SECONDS };
}

/** The channel's schedule as of `now`: the live stream's, or (offline) the snoozes and pre-roll time it keeps. */
export function adScheduleOf(state: EmulatorState, broadcasterId: string, now: number): { live: boolean; schedule: AdSchedule | undefined } {
  settleAds(state, now);
  const schedule = liveSchedule(state, broadcasterId);
  if (schedule) return { live: true, schedule };
  const idle = state.adSchedules.get(broadcasterId);
  if (idle) refreshSnoozes(idle, now);
  return { live: false, schedule: idle };
}

/** Snooze Next Ad: the next break moves back; a snooze comes back an hour after the first is used. */
export function snoozeNextAd(state: EmulatorState, broadcasterId: string, now: number): AdSchedule {
  settleAds(state, now);
  const schedule = liveSchedule(state, broadcasterId);
  if (!schedule) throw badRequest(SNOOZE_NOT_LIVE_MESSAGE);
  if (schedule.snoozeCount === 0) throw tooManyRequests(NO_SNOOZES_MESSAGE);
  schedule.snoozeCount -= 1;
  if (schedule.snoozeRefreshAt === 0) schedule.snoozeRefreshAt = now + SNOOZE_REFRESH_SECONDS * 1000;
  schedule.nextAdAt += SNOOZE_SECONDS * 1000;
  return schedule;
}

/** Runs the automatic breaks that have fallen due on live channels; snoozes come back. */
export function settleAds(state: EmulatorState, now: number): void {
  for (const stream of state.streams.list()) {
    const schedule = state.adSchedules.forStream(stream.userId, stream);
    refreshSnoozes(schedule, now);
    // A jump of the clock over many intervals runs the breaks it skipped silently and announces the last.
    const behind = Math.floor((now - schedule.nextAdAt) / (AD_INTERVAL_SECONDS * 1000));
    if (behind > 0) schedule.nextAdAt += behind * AD_INTERVAL_SECONDS * 1000;
    while (schedule.nextAdAt <= now) {
      const at = schedule.nextAdAt;
      recordAdBreak(schedule, at, AD_BREAK_SECONDS);
      announceBreak(state, schedule, { seconds: AD_BREAK_SECONDS, startedAt: at, automatic: true, requesterId: stream.userId });
    }
  }
}

function liveSchedule(state: EmulatorState, broadcasterId: string): AdSchedule | undefined {
  const stream = state.streams.get(broadcasterId);
  return stream ? state.adSchedules.forStream(broadcasterId, stream) : undefined;
}

function announceBreak(state: EmulatorState, schedule: AdSchedule, ad: { seconds: number; startedAt: number; automatic: boolean; requesterId: string }): void {
  state.events.publish({ type: 'channel.ad_break.begin', adBreak: { broadcasterId: schedule.broadcasterId, ...ad } });
}
