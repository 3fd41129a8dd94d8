/** Clips: Create Clip of the live broadcast, then wait until the platform lists it. */
import { z } from 'zod';

export const clipSchema = z.object({
  /** Sidestage's own id of the press (the clip's id is known only once the platform answers). */
  requestId: z.string(),
  clipId: z.string().nullable(),
  /** Where the broadcaster trims and titles the clip; the platform gives it at once. */
  editUrl: z.string().nullable(),
  /** The clip's page, once the platform lists it. */
  url: z.string().nullable(),
  source: z.enum(['hotkey', 'button', 'automation']),
  pressedAt: z.string(),
  /** `processing`: created, not yet listed; `ready`: listed; `failed`: refused or never listed in time. */
  status: z.enum(['creating', 'processing', 'ready', 'failed']),
  error: z.string().nullable(),
});
export type Clip = z.infer<typeof clipSchema>;

export const clipsStateSchema = z.object({
  /** Newest first, at most a few: the Live view shows the last ones with their links. */
  recent: z.array(clipSchema),
});
export type ClipsState = z.infer<typeof clipsStateSchema>;
