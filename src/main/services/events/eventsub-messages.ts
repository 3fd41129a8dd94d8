/**
 * The wire format of EventSub over WebSocket (platform facts, "EventSub over WebSocket") and the
 * events Sidestage subscribes to. Everything from the socket is parsed here before anyone sees it.
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

// ---------- events ----------

const broadcasterFields = {
  broadcaster_user_id: z.string(),
  broadcaster_user_login: z.string(),
  broadcaster_user_name: z.string(),
};

const userFields = {
  user_id: z.string(),
  user_login: z.string(),
  user_name: z.string(),
};

export const streamOnlineEventSchema = z.object({
  id: z.string(),
  ...broadcasterFields,
  // The platform documents live, playlist, watch_party, premiere and rerun; a new kind must not drop the event.
  type: z.string(),
  started_at: z.string(),
});
export type StreamOnlineEvent = z.infer<typeof streamOnlineEventSchema>;

export const streamOfflineEventSchema = z.object(broadcasterFields);
export type StreamOfflineEvent = z.infer<typeof streamOfflineEventSchema>;

export const redemptionEventSchema = z.object({
  id: z.string(),
  ...broadcasterFields,
  ...userFields,
  user_input: z.string().nullable().transform((v) => v ?? ''),
  status: z.enum(['unknown', 'unfulfilled', 'fulfilled', 'canceled']),
  reward: z.object({
    id: z.string(),
    title: z.string(),
    cost: z.number().int(),
    prompt: z.string().nullable().transform((v) => v ?? ''),
  }),
  redeemed_at: z.string(),
});
export type RedemptionEvent = z.infer<typeof redemptionEventSchema>;

export const charityDonationEventSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  ...broadcasterFields,
  ...userFields,
  charity_name: z.string(),
  charity_description: z.string(),
  charity_logo: z.string(),
  charity_website: z.string(),
  amount: z.object({
    value: z.number().int(),
    decimal_places: z.number().int().nonnegative(),
    currency: z.string(),
  }),
});
export type CharityDonationEvent = z.infer<typeof charityDonationEventSchema>;

/** `channel.update` version 2 (no scope): the title or category changed, here or on the platform. */
export const channelUpdateEventSchema = z.object({
  ...broadcasterFields,
  title: z.string(),
  language: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  content_classification_labels: z.array(z.string()).default([]),
});
export type ChannelUpdateEvent = z.infer<typeof channelUpdateEventSchema>;

/** The event types Sidestage knows, with the schema of each one's `payload.event`. */
export const eventSchemas = {
  'stream.online': streamOnlineEventSchema,
  'stream.offline': streamOfflineEventSchema,
  'channel.channel_points_custom_reward_redemption.add': redemptionEventSchema,
  'channel.channel_points_custom_reward_redemption.update': redemptionEventSchema,
  'channel.charity_campaign.donate': charityDonationEventSchema,
  'channel.update': channelUpdateEventSchema,
} as const;

export type KnownEventType = keyof typeof eventSchemas;

/** The subscription version Sidestage asks for, per known type (the schemas above are of these versions). */
export const eventVersions: { readonly [T in KnownEventType]: string } = {
  'stream.online': '1',
  'stream.offline': '1',
  'channel.channel_points_custom_reward_redemption.add': '1',
  'channel.channel_points_custom_reward_redemption.update': '1',
  'channel.charity_campaign.donate': '1',
  'channel.update': '2',
};
export type EventPayloads = { [T in KnownEventType]: z.infer<(typeof eventSchemas)[T]> };

export function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(eventSchemas, type);
}
