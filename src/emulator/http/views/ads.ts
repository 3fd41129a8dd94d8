/** Ads in the current API's shapes: Get Ad Schedule and Snooze Next Ad (Unix seconds, 0 when there is none). */
import { AD_BREAK_SECONDS, MAX_SNOOZES, type AdSchedule } from '../../domain/stores/ad-schedules';

const unixSeconds = (ms: number): number => (ms === 0 ? 0 : Math.floor(ms / 1000));

function prerollFreeSeconds(schedule: AdSchedule, now: number): number {
  return Math.max(0, Math.ceil((schedule.prerollFreeUntil - now) / 1000));
}

/** A live channel's schedule; offline, no break is scheduled and none has run, but the snoozes are still counted. */
export function adScheduleView(live: boolean, schedule: AdSchedule | undefined, now: number) {
  if (!live) {
    return {
      next_ad_at: 0,
      last_ad_at: 0,
      duration: 0,
      preroll_free_time: schedule ? prerollFreeSeconds(schedule, now) : 0,
      snooze_count: schedule?.snoozeCount ?? MAX_SNOOZES,
      snooze_refresh_at: schedule ? unixSeconds(schedule.snoozeRefreshAt) : 0,
    };
  }
  return {
    next_ad_at: unixSeconds(schedule!.nextAdAt),
    last_ad_at: unixSeconds(schedule!.lastAdAt),
    duration: AD_BREAK_SECONDS,
    preroll_free_time: prerollFreeSeconds(schedule!, now),
    snooze_count: schedule!.snoozeCount,
    snooze_refresh_at: unixSeconds(schedule!.snoozeRefreshAt),
  };
}

export function snoozeView(schedule: AdSchedule) {
  return { snooze_count: schedule.snoozeCount, snooze_refresh_at: unixSeconds(schedule.snoozeRefreshAt), next_ad_at: unixSeconds(schedule.nextAdAt) };
}
