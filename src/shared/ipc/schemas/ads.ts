/** Ads (commercials). */
import { z } from 'zod';

export const adLengthSchema = z.number().int().min(30).max(180).multipleOf(30);

export const adsStateSchema = z.object({
  lastStartedAt: z.string().nullable(),
  lastLength: z.number().int().nullable(),
  /** Another ad may run from then on (the platform's retry_after). */
  nextAllowedAt: z.string().nullable(),
  /** The platform's message of the last answer, when it had one. */
  message: z.string().nullable(),
  /** The ad break on air now (from Start Commercial's answer or `channel.ad_break.begin`); null: none. */
  running: z.object({ startedAt: z.string(), endsAt: z.string(), automatic: z.boolean() }).nullable(),
  /** The platform's ad schedule (Get Ad Schedule) as last read; null: not read (signed out, or no scope). */
  schedule: z
    .object({
      /** The next automatic break; null: none scheduled (not live). */
      nextAdAt: z.string().nullable(),
      lastAdAt: z.string().nullable(),
      /** Seconds the next automatic break lasts. */
      durationSeconds: z.number().int().nonnegative(),
      /** Seconds of pre-roll free time left. */
      prerollFreeSeconds: z.number().int().nonnegative(),
      snoozeCount: z.number().int().nonnegative(),
      /** When the next snooze comes back; null: all there. */
      snoozeRefreshAt: z.string().nullable(),
      readAt: z.string(),
    })
    .nullable(),
  /** Why the schedule could not be read, in words. */
  scheduleError: z.string().nullable(),
});
export type AdsState = z.infer<typeof adsStateSchema>;
