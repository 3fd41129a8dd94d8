/** Chat settings. */
import { z } from 'zod';

export const chatSettingsValuesSchema = z.object({
  emoteMode: z.boolean(),
  followerMode: z.boolean(),
  followerModeDuration: z.number().int().min(0).max(129_600),
  slowMode: z.boolean(),
  slowModeWaitTime: z.number().int().min(3).max(120),
  subscriberMode: z.boolean(),
  uniqueChatMode: z.boolean(),
  nonModeratorChatDelay: z.boolean(),
  nonModeratorChatDelayDuration: z.union([z.literal(2), z.literal(4), z.literal(6)]),
});

export const chatSettingsStateSchema = z.object({
  values: chatSettingsValuesSchema.nullable(),
  /** A change was sent and not answered yet: `values` shows it already. */
  pending: z.boolean(),
  fetchedAt: z.string().nullable(),
  error: z.string().nullable(),
  presets: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
  pendingRevert: z.object({ presetId: z.string(), label: z.string(), dueAt: z.string() }).nullable(),
  /** Grows with every change in main (see markersOverviewSchema.revision). */
  revision: z.number().int().nonnegative(),
});
export type ChatSettingsState = z.infer<typeof chatSettingsStateSchema>;
