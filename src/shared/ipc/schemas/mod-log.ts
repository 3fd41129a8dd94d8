/**
 * The mod log (src/main/services/moderation/mod-log.ts): every moderator's action on the
 * broadcaster's channel, by anyone (who, what, on whom, when, why), from `channel.moderate`,
 * kept per broadcast on disk and shown in the Mod log sheet and on the chatter's card.
 */
import { z } from 'zod';
import { channelUserSchema } from './channel-events';

const text = (max: number) => z.string().max(max);

export const modLogEntrySchema = z.object({
  /** The moderation event's id: the same action is logged once. */
  id: text(200).min(1),
  at: text(40),
  /** Whose channel it happened in (entries are kept per account). */
  broadcasterId: text(20).min(1),
  /** The broadcast it happened in (the broadcast story's id); null when off air. */
  broadcastId: text(200).nullable(),
  moderator: channelUserSchema,
  /** The platform's name of the action (`ban`, `timeout`, `delete`, `clear`, `slow`...). */
  action: text(60),
  /** On whom; null for an action on the whole chat. */
  user: channelUserSchema.nullable(),
  reason: text(1000),
  expiresAt: text(40).nullable(),
  /** A deleted line's text. */
  messageText: text(1000).nullable(),
  detail: text(1000),
});
export type ModLogEntry = z.infer<typeof modLogEntrySchema>;

export const modLogStateSchema = z.object({
  /** The current broadcaster's entries, newest first. */
  entries: z.array(modLogEntrySchema),
  /** The broadcast on air now (its entries are "this broadcast"); null when off air. */
  liveBroadcastId: z.string().nullable(),
  /** Why nothing is logged (its files could not be opened); null when it works. */
  unavailable: z.string().nullable(),
});
export type ModLogState = z.infer<typeof modLogStateSchema>;
