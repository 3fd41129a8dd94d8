/** The activity feed: what happened on the channel, newest first, as numbered snapshots and deltas. */
import { z } from 'zod';

export const activityKinds = ['redemption', 'donation', 'follow', 'subscription', 'gift', 'resub', 'cheer', 'raid', 'hypeTrain', 'poll', 'prediction', 'moderation'] as const;
export const activityKindSchema = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activityItemSchema = z.object({
  /** Unique in the feed (the platform's event id, or the EventSub message id when the event has none). */
  id: z.string(),
  kind: activityKindSchema,
  /** ISO 8601. */
  at: z.string(),
  /** Who did it, as shown ("Anonymous" for an anonymous cheer or gift; the channel for a poll). */
  who: z.string(),
  /** Their user id, when there is one (a raid's shoutout needs it). */
  whoId: z.string().nullable(),
  /** What happened, in words ("subscribed at Tier 1", "cheered 100 bits: gg"). */
  text: z.string(),
  /** The number that matters (bits, gifts, months, raiders, the donation in its currency's units); null when none. */
  amount: z.number().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** The whole feed, asked for once (and again whenever a delta's `baseVersion` is not the version held). */
export const activitySnapshotSchema = z.object({
  version: z.number().int().nonnegative(),
  /** Newest first. */
  items: z.array(activityItemSchema),
  /** The most items kept: older ones fall off. */
  capacity: z.number().int().positive(),
});
export type ActivitySnapshot = z.infer<typeof activitySnapshotSchema>;

export const activityDeltaSchema = z.object({
  baseVersion: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
  /** The feed was emptied first (another account, signed out). */
  cleared: z.boolean(),
  /** Newest first; the copy drops what exceeds `capacity` from its oldest end. */
  added: z.array(activityItemSchema),
});
export type ActivityDelta = z.infer<typeof activityDeltaSchema>;

/** A raid's one-click shoutout: the channel that raided. */
export const shoutoutArgSchema = z.object({ toBroadcasterId: z.string().regex(/^\d{1,20}$/, 'a user id is digits') }).strict();
export const shoutoutResultSchema = z.object({ message: z.string() });
