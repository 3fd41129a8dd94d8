/** Damaged files in the data directory, and what was done about them. */
import { z } from 'zod';

/** What Sidestage did about one damaged file; names files and counts, never contents. */
export const dataRecoveryNoticeSchema = z.object({
  id: z.string(),
  /** The damaged file's name in the data directory, e.g. `redemption-outbox.json`. */
  file: z.string(),
  /** The name it was kept under for a person to look at; null when it could not be moved. */
  setAsideAs: z.string().nullable(),
  /** Why it could not be used. */
  reason: z.string(),
  /** What Sidestage did instead. */
  done: z.string(),
  /** What could not be recovered (e.g. "2 of 5 pending actions"); null: nothing was lost. */
  lost: z.string().nullable(),
  /** What was kept; null when nothing could be. */
  kept: z.string().nullable(),
  /** Something the user must do or know, e.g. that the OBS dock URL changed. */
  consequence: z.string().nullable(),
  at: z.string(),
});
export type DataRecoveryNotice = z.infer<typeof dataRecoveryNoticeSchema>;
