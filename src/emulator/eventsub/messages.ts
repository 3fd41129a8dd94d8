/**
 * EventSub's wire shapes: the WebSocket frames and the subscription object as the REST endpoints
 * and notifications show it (platform facts, "EventSub over WebSocket").
 */
import * as ids from '../ids';
import type { EventSubSubscriptionView } from '../http/views/wire/eventsub';
import type { EventSubSubscription, SubscriptionStatus } from './subscription-store';

/** EventSub timestamps carry sub-second digits, unlike the current API's. */
export const eventSubTimestamp = (ms: number): string => new Date(ms).toISOString();

export interface SessionInfo {
  id: string;
  status: 'connected' | 'reconnecting';
  connectedAt: number;
  keepaliveSeconds: number;
  reconnectUrl: string | null;
}

export interface Frame {
  metadata: Record<string, string>;
  payload: Record<string, unknown>;
}

function metadata(type: string, now: number, subscription?: EventSubSubscription): Record<string, string> {
  return {
    message_id: ids.uuid(),
    message_type: type,
    message_timestamp: eventSubTimestamp(now),
    ...(subscription ? { subscription_type: subscription.type, subscription_version: subscription.version } : {}),
  };
}

export function welcomeFrame(session: SessionInfo, now: number): Frame {
  return {
    metadata: metadata('session_welcome', now),
    payload: {
      session: {
        id: session.id,
        status: 'connected',
        connected_at: eventSubTimestamp(session.connectedAt),
        keepalive_timeout_seconds: session.keepaliveSeconds,
        reconnect_url: null,
      },
    },
  };
}

export function keepaliveFrame(now: number): Frame {
  return { metadata: metadata('session_keepalive', now), payload: {} };
}

export function reconnectFrame(session: SessionInfo, reconnectUrl: string, now: number): Frame {
  return {
    metadata: metadata('session_reconnect', now),
    payload: {
      session: {
        id: session.id,
        status: 'reconnecting',
        connected_at: eventSubTimestamp(session.connectedAt),
        keepalive_timeout_seconds: null,
        reconnect_url: reconnectUrl,
      },
    },
  };
}

/** The subscription inside a notification or revocation. */
export function pushedSubscription(subscription: EventSubSubscription, status: SubscriptionStatus = subscription.status) {
  return {
    id: subscription.id,
    status,
    type: subscription.type,
    version: subscription.version,
    cost: subscription.cost,
    condition: { ...subscription.condition },
    transport: { method: 'websocket', session_id: subscription.sessionId },
    created_at: eventSubTimestamp(subscription.createdAt),
  };
}

export function notificationFrame(subscription: EventSubSubscription, event: Record<string, unknown>, now: number): Frame {
  return {
    metadata: metadata('notification', now, subscription),
    payload: { subscription: pushedSubscription(subscription), event },
  };
}

/**
 * A notification as the text of its frame: byte for byte `JSON.stringify(notificationFrame(...))`,
 * but with the event serialised once per publish (`eventJson`) rather than once per session, which
 * is most of the work of a fan-out.
 */
export function notificationText(subscription: EventSubSubscription, eventJson: string, timestamp: string): { messageId: string; text: string } {
  const messageId = ids.uuid();
  const meta = { message_id: messageId, message_type: 'notification', message_timestamp: timestamp, subscription_type: subscription.type, subscription_version: subscription.version };
  return { messageId, text: `{"metadata":${JSON.stringify(meta)},"payload":{"subscription":${JSON.stringify(pushedSubscription(subscription))},"event":${eventJson}}}` };
}

export function revocationFrame(subscription: EventSubSubscription, status: SubscriptionStatus, now: number): Frame {
  return { metadata: metadata('revocation', now, subscription), payload: { subscription: pushedSubscription(subscription, status) } };
}

/** The subscription as Create and Get EventSub Subscriptions return it. */
export function subscriptionView(subscription: EventSubSubscription): EventSubSubscriptionView {
  return {
    id: subscription.id,
    status: subscription.status,
    type: subscription.type,
    version: subscription.version,
    condition: { ...subscription.condition },
    created_at: eventSubTimestamp(subscription.createdAt),
    transport: {
      method: 'websocket' as const,
      session_id: subscription.sessionId,
      connected_at: eventSubTimestamp(subscription.connectedAt),
      ...(subscription.disconnectedAt === null ? {} : { disconnected_at: eventSubTimestamp(subscription.disconnectedAt) }),
    },
    cost: subscription.cost,
  };
}
