/** The EventSub session. */
import { z } from 'zod';

export const eventSubscriptionStatusSchema = z.object({
  type: z.string(),
  status: z.enum(['enabled', 'pending', 'failed', 'revoked']),
  /** Why it failed or was revoked, in words. */
  error: z.string().nullable(),
});
export type EventSubscriptionStatus = z.infer<typeof eventSubscriptionStatusSchema>;

export const eventsStatusSchema = z.object({
  state: z.enum(['idle', 'connecting', 'connected', 'reconnecting', 'error']),
  sessionId: z.string().nullable(),
  /** When the current session was welcomed. */
  connectedAt: z.string().nullable(),
  /** The last frame of any kind (keepalives too). */
  lastMessageAt: z.string().nullable(),
  subscriptions: z.array(eventSubscriptionStatusSchema),
  /** What is wrong right now, in words. */
  error: z.string().nullable(),
});
export type EventsStatus = z.infer<typeof eventsStatusSchema>;
