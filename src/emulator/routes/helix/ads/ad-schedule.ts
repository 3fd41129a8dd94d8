/**
 * Ads (spec part 4 names these only; shapes from the platform's reference): Get Ad Schedule and
 * Snooze Next Ad, tied to Start Commercial (`routes/ads.ts` records each commercial here), and
 * `channel.ad_break.begin` for every break, the automatic ones included (settled on the emulator
 * clock). Timestamps are Unix seconds, 0 when there is none, as the reference gives them.
 */
import type { FastifyInstance } from 'fastify';
import { eventSubTimestamp } from '../../../eventsub/messages';
import { userFields } from '../../../http/views/helix-shapes';
import { ApiError, badRequest, requireTokenBroadcaster } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { AD_BREAK_SECONDS, AD_INTERVAL_SECONDS, recordAdBreak, refreshSnoozes, SNOOZE_REFRESH_SECONDS, SNOOZE_SECONDS, type AdSchedule } from '../../../domain/ad-schedules';
import type { EmulatorState } from '../../../domain/emulator-state';

export const SNOOZE_NOT_LIVE_MESSAGE = 'The channel is not live.';
export const NO_SNOOZES_MESSAGE = 'The broadcaster has no snoozes left.';

export function registerAdScheduleRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/channels/ads', auth: 'user', scopes: ['channel:read:ads'] }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    settleAds(state, now);
    const schedule = liveSchedule(state, user.id);
    if (!schedule) {
      // Not live: no break is scheduled and none has run; the snoozes are still counted.
      const idle = state.adSchedules.get(user.id);
      if (idle) refreshSnoozes(idle, now);
      return {
        data: [
          {
            next_ad_at: 0,
            last_ad_at: 0,
            duration: 0,
            preroll_free_time: idle ? prerollFreeSeconds(idle, now) : 0,
            snooze_count: idle?.snoozeCount ?? 3,
            snooze_refresh_at: idle ? unixSeconds(idle.snoozeRefreshAt) : 0,
          },
        ],
      };
    }
    return {
      data: [
        {
          next_ad_at: unixSeconds(schedule.nextAdAt),
          last_ad_at: unixSeconds(schedule.lastAdAt),
          duration: AD_BREAK_SECONDS,
          preroll_free_time: prerollFreeSeconds(schedule, now),
          snooze_count: schedule.snoozeCount,
          snooze_refresh_at: unixSeconds(schedule.snoozeRefreshAt),
        },
      ],
    };
  });

  registerHelixRoute(
    app,
    { method: 'POST', path: '/channels/ads/schedule/snooze', auth: 'user', scopes: ['channel:manage:ads'] },
    ({ state, user, query, now }) => {
      const broadcasterId = query.required('broadcaster_id');
      requireTokenBroadcaster(broadcasterId, user.id);
      settleAds(state, now);
      const schedule = liveSchedule(state, user.id);
      if (!schedule) throw badRequest(SNOOZE_NOT_LIVE_MESSAGE);
      if (schedule.snoozeCount === 0) throw new ApiError(429, NO_SNOOZES_MESSAGE);
      schedule.snoozeCount -= 1;
      if (schedule.snoozeRefreshAt === 0) schedule.snoozeRefreshAt = now + SNOOZE_REFRESH_SECONDS * 1000;
      schedule.nextAdAt += SNOOZE_SECONDS * 1000;
      return {
        data: [{ snooze_count: schedule.snoozeCount, snooze_refresh_at: unixSeconds(schedule.snoozeRefreshAt), next_ad_at: unixSeconds(schedule.nextAdAt) }],
      };
    },
  );
}

/** Start Commercial ran a break now: the schedule records it and `channel.ad_break.begin` goes out. */
export function recordCommercial(state: EmulatorState, broadcasterId: string, requesterId: string, length: number, now: number): void {
  const schedule = liveSchedule(state, broadcasterId);
  if (!schedule) return;
  recordAdBreak(schedule, now, length);
  publishAdBreak(state, schedule, { seconds: length, at: now, automatic: false, requesterId });
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
      publishAdBreak(state, schedule, { seconds: AD_BREAK_SECONDS, at, automatic: true, requesterId: stream.userId });
    }
  }
}

function liveSchedule(state: EmulatorState, broadcasterId: string): AdSchedule | undefined {
  const stream = state.streams.get(broadcasterId);
  return stream ? state.adSchedules.forStream(broadcasterId, stream) : undefined;
}

function publishAdBreak(state: EmulatorState, schedule: AdSchedule, ad: { seconds: number; at: number; automatic: boolean; requesterId: string }): void {
  state.events.publish({
    type: 'channel.ad_break.begin',
    broadcasterUserId: schedule.broadcasterId,
    event: {
      duration_seconds: ad.seconds,
      started_at: eventSubTimestamp(ad.at),
      is_automatic: ad.automatic,
      ...userFields(state, 'broadcaster_user', schedule.broadcasterId),
      ...userFields(state, 'requester_user', ad.requesterId),
    },
  });
}

function prerollFreeSeconds(schedule: AdSchedule, now: number): number {
  return Math.max(0, Math.ceil((schedule.prerollFreeUntil - now) / 1000));
}

const unixSeconds = (ms: number): number => (ms === 0 ? 0 : Math.floor(ms / 1000));
