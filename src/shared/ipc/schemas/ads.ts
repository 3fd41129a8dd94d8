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
});
export type AdsState = z.infer<typeof adsStateSchema>;
