/**
 * The wire format of EventSub over WebSocket (platform facts, "EventSub over WebSocket"): frames,
 * sessions and subscriptions, parsed here before the session acts on them. The events inside a
 * notification are read by the channel-event stream (`channel-event-sources.ts`), nowhere else.
 */
import { z } from 'zod';

export const metadataSchema = z.object({
  message_id: z.string().min(1),
  message_type: z.string(),
  message_timestamp: z.string(),
  subscription_type: z.string().optional(),
  subscription_version: z.string().optional(),
});

export const frameSchema = z.object({
  metadata: metadataSchema,
  payload: z.record(z.string(), z.unknown()).default({}),
});
export type Frame = z.infer<typeof frameSchema>;

export const welcomeSessionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  connected_at: z.string().nullable().optional(),
  keepalive_timeout_seconds: z.number().positive().nullable().optional(),
  reconnect_url: z.string().nullable().optional(),
});
export type WelcomeSession = z.infer<typeof welcomeSessionSchema>;

export const sessionPayloadSchema = z.object({ session: welcomeSessionSchema });

export const reconnectPayloadSchema = z.object({
  session: welcomeSessionSchema.extend({ reconnect_url: z.string().min(1) }),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  type: z.string(),
  version: z.string(),
  condition: z.record(z.string(), z.string()).default({}),
});
export type SubscriptionInfo = z.infer<typeof subscriptionSchema>;

export const notificationPayloadSchema = z.object({
  subscription: subscriptionSchema,
  event: z.unknown(),
});

export const revocationPayloadSchema = z.object({ subscription: subscriptionSchema });
