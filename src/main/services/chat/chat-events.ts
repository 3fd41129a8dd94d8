/** `channel.chat.message` and `channel.chat.notification` (version 1), as the platform's reference gives them. */
import { z } from 'zod';

const fragment = z.object({
  type: z.string(),
  text: z.string(),
  emote: z.object({ id: z.string(), format: z.array(z.string()).optional() }).nullable().optional(),
});
const badge = z.object({ set_id: z.string(), id: z.string() });

export const chatMessageEventSchema = z.object({
  broadcaster_user_id: z.string(),
  chatter_user_id: z.string(),
  chatter_user_login: z.string(),
  chatter_user_name: z.string(),
  message_id: z.string(),
  message: z.object({ text: z.string(), fragments: z.array(fragment).default([]) }),
  color: z.string().nullable().optional(),
  badges: z.array(badge).nullable().optional(),
});
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

export const chatNotificationEventSchema = chatMessageEventSchema.extend({
  chatter_is_anonymous: z.boolean().optional(),
  notice_type: z.string(),
  system_message: z.string().nullable().optional(),
  announcement: z.object({ color: z.string() }).nullable().optional(),
});
export type ChatNotificationEvent = z.infer<typeof chatNotificationEventSchema>;

export type ChatFragmentEvent = z.infer<typeof fragment>;
