/** The stream's live status. */
import { z } from 'zod';

export const streamStatusSchema = z.object({
  live: z.boolean(),
  /** The platform's stream id while live: a broadcast's identity in the marker log. */
  streamId: z.string().nullable(),
  startedAt: z.string().nullable(),
  viewerCount: z.number().int().nonnegative().nullable(),
  title: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  /** When the platform last answered; null before the first answer. */
  checkedAt: z.string().nullable(),
  /** Why the last check failed, in words. */
  error: z.string().nullable(),
});
export type StreamStatus = z.infer<typeof streamStatusSchema>;
