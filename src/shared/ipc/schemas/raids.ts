/** Raids (start, countdown, cancel) and shoutouts. */
import { z } from 'zod';

export const followedChannelSchema = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  categoryName: z.string(),
  title: z.string(),
  viewerCount: z.number().int().nonnegative(),
});
export type FollowedChannel = z.infer<typeof followedChannelSchema>;

export const raidStateSchema = z.object({
  /** The raid under way or last made; null: none since the start. */
  raid: z
    .object({
      to: z.object({ id: z.string(), login: z.string(), displayName: z.string() }),
      startedAt: z.string(),
      /** When the platform sends the viewers over (its countdown). */
      dueAt: z.string(),
      status: z.enum(['pending', 'done', 'canceled']),
      /** Viewers sent, once done. */
      viewers: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
  /** The last shoutout sent, and when the next one may go (the platform's cooldowns). */
  shoutout: z
    .object({
      to: z.object({ id: z.string(), login: z.string(), displayName: z.string() }),
      sentAt: z.string(),
      /** Another shoutout (to anyone) may go from then on. */
      nextAllowedAt: z.string(),
      /** The same channel may be shouted out again from then on. */
      sameChannelAllowedAt: z.string(),
    })
    .nullable(),
});
export type RaidState = z.infer<typeof raidStateSchema>;

export const channelLoginArgSchema = z
  .object({
    login: z
      .string()
      .trim()
      .min(1)
      .max(26)
      .regex(/^@?[A-Za-z0-9_]+$/, 'A channel name has only letters, digits and underscores.'),
  })
  .strict();
