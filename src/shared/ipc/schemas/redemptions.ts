/** The channel-point redemption queue. */
import { z } from 'zod';

export const redemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardTitle: z.string(),
  rewardCost: z.number().int(),
  userId: z.string(),
  userLogin: z.string(),
  userName: z.string(),
  /** '' when the viewer typed nothing. */
  userInput: z.string(),
  redeemedAt: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const queueRewardSchema = z.object({ id: z.string(), title: z.string(), cost: z.number().int() });
export type QueueReward = z.infer<typeof queueRewardSchema>;

/** A group of redemptions whose fulfil/cancel failed for good: they are back in the queue. */
export const redemptionFailureSchema = z.object({
  ids: z.array(z.string()),
  status: z.enum(['FULFILLED', 'CANCELED']),
  message: z.string(),
  at: z.string(),
});
export type RedemptionFailure = z.infer<typeof redemptionFailureSchema>;

export const queueStatusSchema = z.object({
  /** ISO 8601: when the queue last matched the platform's list. */
  lastSyncedAt: z.string().nullable(),
  syncing: z.boolean(),
  /** Why the last reconciliation failed, in words. */
  error: z.string().nullable(),
  /** Redemptions whose fulfil/cancel waits in the outbox (hidden from the queue). */
  outboxCount: z.number().int().nonnegative(),
  /** Why the outbox is waiting, in words (offline, rate limit, sign-in). */
  outboxError: z.string().nullable(),
  /** Number of redemptions in the queue. */
  size: z.number().int().nonnegative(),
  /**
   * A cancel (with refund) waiting out its undo window: its redemptions are not in the queue, and
   * it is sent at `sendAt` (ISO 8601) unless `redemptions:undoCancel` puts them back first.
   */
  pendingCancel: z.object({ ids: z.array(z.string()), sendAt: z.string() }).nullable(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/**
 * The whole queue, asked for once (and again whenever a delta's `baseVersion` is not the version
 * the renderer holds). `items` are oldest first.
 */
export const queueSnapshotSchema = z.object({
  version: z.number().int().nonnegative(),
  items: z.array(redemptionSchema),
  rewards: z.array(queueRewardSchema),
  status: queueStatusSchema,
  failures: z.array(redemptionFailureSchema),
});
export type QueueSnapshot = z.infer<typeof queueSnapshotSchema>;

/** What changed from `baseVersion` to `version`: small for 10,000 items, as a change is a few ids. */
export const queueDeltaSchema = z.object({
  baseVersion: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
  added: z.array(redemptionSchema),
  removed: z.array(z.string()),
  /** Present when the manageable rewards changed. */
  rewards: z.array(queueRewardSchema).optional(),
  status: queueStatusSchema,
  failures: z.array(redemptionFailureSchema),
});
export type QueueDelta = z.infer<typeof queueDeltaSchema>;

export const redemptionIdsArgSchema = z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(10_000) }).strict();

export const resolveResultSchema = z.object({
  /** Done on the platform (or found no longer UNFULFILLED: done elsewhere). */
  done: z.number().int().nonnegative(),
  /** Waiting in the outbox; sent when the platform can be reached again. */
  queued: z.number().int().nonnegative(),
  /** Refused for good: back in the queue, with the reason. */
  failed: z.array(redemptionFailureSchema),
  /** A cancel with undo that was undone: back in the queue, nothing sent. */
  undone: z.number().int().nonnegative().optional(),
});
export type ResolveResult = z.infer<typeof resolveResultSchema>;

/** What `redemptions:undoCancel` put back (none: no cancel was waiting, it had been sent). */
export const undoCancelResultSchema = z.object({ ids: z.array(z.string()) });
export type UndoCancelResult = z.infer<typeof undoCancelResultSchema>;
