/** EventSub's subscriptions and the simulation API's EventSub calls (see `common.ts`). */

/** A subscription as Create and Get EventSub Subscriptions show it (WebSocket transport). */
export interface EventSubSubscriptionView {
  id: string;
  status: string;
  type: string;
  version: string;
  condition: Record<string, string>;
  created_at: string;
  transport: { method: 'websocket'; session_id: string; connected_at: string; disconnected_at?: string };
  cost: number;
}

/** A subscription as the simulation API lists it: with the client and user of the token that made it. */
export type EventSubSubscriptionRecord = EventSubSubscriptionView & { client_id: string; user_id: string | null };

export interface EventSubSettingsView {
  unused_timeout_ms: number;
  reconnect_grace_ms: number;
  keepalive_interval_ms: number | null;
  ping_interval_ms: number;
}

/** A live WebSocket session (`GET /_emulator/eventsub/sessions`). */
export interface EventSubSessionView {
  id: string;
  status: 'connected' | 'reconnecting';
  connected_at: string;
  keepalive_timeout_seconds: number;
  client_id: string | null;
  user_id: string | null;
  enabled_subscriptions: number;
  open_sockets: number;
}

export interface RevocationRequest {
  subscription_id: string;
  status?: 'authorization_revoked' | 'user_removed' | 'version_removed';
}
