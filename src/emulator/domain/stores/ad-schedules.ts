/**
 * Each live channel's ad schedule (platform reference, Ads): an automatic mid-roll break every
 * `AD_INTERVAL_SECONDS`, three snoozes that push it back 5 minutes and come back one an hour, and
 * pre-roll free time earned by running ads. The intervals are the emulator's: the platform lets the
 * broadcaster set them in their ads manager.
 */
export const AD_INTERVAL_SECONDS = 60 * 60;
export const AD_BREAK_SECONDS = 90;
export const MAX_SNOOZES = 3;
export const SNOOZE_SECONDS = 5 * 60;
export const SNOOZE_REFRESH_SECONDS = 60 * 60;
/** Seconds of pre-roll free time each second of ads earns, and the most one can hold. */
export const PREROLL_FREE_PER_AD_SECOND = 20;
export const MAX_PREROLL_FREE_SECONDS = 60 * 60;

export interface AdSchedule {
  broadcasterId: string;
  /** The live stream the automatic breaks belong to. */
  streamId: string;
  snoozeCount: number;
  /** When the next snooze comes back; 0 with every snooze available. */
  snoozeRefreshAt: number;
  nextAdAt: number;
  /** 0 before the stream's first break. */
  lastAdAt: number;
  lastAdSeconds: number;
  prerollFreeUntil: number;
}

/** An ad break that began: Start Commercial's, or an automatic one. */
export interface AdBreak {
  broadcasterId: string;
  /** Who started it: the caller of Start Commercial, or the broadcaster for an automatic break. */
  requesterId: string;
  seconds: number;
  startedAt: number;
  automatic: boolean;
}

export class AdScheduleStore {
  private readonly byBroadcaster = new Map<string, AdSchedule>();

  /** The schedule of a live stream: a new stream starts a new one (snoozes carry over). */
  forStream(broadcasterId: string, stream: { id: string; startedAt: number }): AdSchedule {
    const existing = this.byBroadcaster.get(broadcasterId);
    if (existing?.streamId === stream.id) return existing;
    const schedule: AdSchedule = {
      broadcasterId,
      streamId: stream.id,
      snoozeCount: existing?.snoozeCount ?? MAX_SNOOZES,
      snoozeRefreshAt: existing?.snoozeRefreshAt ?? 0,
      nextAdAt: stream.startedAt + AD_INTERVAL_SECONDS * 1000,
      lastAdAt: 0,
      lastAdSeconds: 0,
      prerollFreeUntil: existing?.prerollFreeUntil ?? 0,
    };
    this.byBroadcaster.set(broadcasterId, schedule);
    return schedule;
  }

  get(broadcasterId: string): AdSchedule | undefined {
    return this.byBroadcaster.get(broadcasterId);
  }
}

/** Gives back the snoozes whose refresh time has come. */
export function refreshSnoozes(schedule: AdSchedule, now: number): void {
  while (schedule.snoozeRefreshAt !== 0 && schedule.snoozeRefreshAt <= now) {
    schedule.snoozeCount += 1;
    schedule.snoozeRefreshAt = schedule.snoozeCount < MAX_SNOOZES ? schedule.snoozeRefreshAt + SNOOZE_REFRESH_SECONDS * 1000 : 0;
  }
}

/** An ad break ran at `at` for `seconds`: it earns pre-roll free time, and the next automatic break is an interval later. */
export function recordAdBreak(schedule: AdSchedule, at: number, seconds: number): void {
  schedule.lastAdAt = at;
  schedule.lastAdSeconds = seconds;
  const earned = seconds * PREROLL_FREE_PER_AD_SECOND * 1000;
  schedule.prerollFreeUntil = Math.min(Math.max(schedule.prerollFreeUntil, at) + earned, at + MAX_PREROLL_FREE_SECONDS * 1000);
  schedule.nextAdAt = at + AD_INTERVAL_SECONDS * 1000;
}
