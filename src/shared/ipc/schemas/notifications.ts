/** Desktop notifications for redemptions and donations. */
import { z } from 'zod';

export const notificationSettingsSchema = z.object({
  doNotDisturb: z.boolean(),
  mutedRewardIds: z.array(z.string()),
  donations: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A notification shown inside the renderer (dock mode): a toast with its action buttons. */
export const shownNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  actions: z.array(z.object({ id: z.string(), label: z.string() })),
  tag: z.string().nullable(),
  /** `error` stays until dismissed; `info` (the default) goes after a few seconds. */
  urgency: z.enum(['info', 'error']).optional(),
});
export type ShownNotification = z.infer<typeof shownNotificationSchema>;

/** A click asked the app to show an item: switch to its panel and focus it. */
export const openItemSchema = z.object({ kind: z.enum(['redemption', 'donation', 'queue', 'charity']), id: z.string().nullable() });
export type OpenItem = z.infer<typeof openItemSchema>;
