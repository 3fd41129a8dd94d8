/**
 * EventSub subscriptions (WebSocket transport) and the EventSub settings of the simulation API.
 * Cleared by `POST /_emulator/reset` (`eventsub-state.ts`); the sockets themselves live in the session hub.
 */
import * as ids from '../ids';
import type { PlatformEventType } from '../domain/event-bus';
import type { Notification } from './notification';

/** Every status the platform reports; the emulator sets `enabled`, the websocket ones and revocations. */
export const SUBSCRIPTION_STATUSES = [
  'enabled',
  'webhook_callback_verification_pending',
  'webhook_callback_verification_failed',
  'notification_failures_exceeded',
  'authorization_revoked',
  'moderator_removed',
  'user_removed',
  'chat_user_banned',
  'version_removed',
  'beta_maintenance',
  'websocket_disconnected',
  'websocket_failed_ping_pong',
  'websocket_received_inbound_traffic',
  'websocket_connection_unused',
  'websocket_internal_error',
  'websocket_network_timeout',
  'websocket_network_error',
  'websocket_failed_to_reconnect',
  'conduit_deleted',
] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type RevocationStatus = 'authorization_revoked' | 'user_removed' | 'version_removed';

export interface EventSubSubscription {
  id: string;
  /** Creation order; the list cursor points into it. */
  seq: number;
  status: SubscriptionStatus;
  type: PlatformEventType;
  version: string;
  /** Every condition field of the type, in the platform's order; an absent optional one is "". */
  condition: Record<string, string>;
  /** The client and user of the token that created it. */
  clientId: string;
  userId: string;
  sessionId: string;
  cost: number;
  createdAt: number;
  /** When the session's first connection was made. */
  connectedAt: number;
  disconnectedAt: number | null;
}

export interface EventSubSettings {
  /** A session without a subscription after this long is closed with 4003 (platform: 10 s). */
  unusedTimeoutMs: number;
  /** The old socket is closed with 4004 this long after `session_reconnect` (platform: 30 s). */
  reconnectGraceMs: number;
  /** Overrides the keepalive window (default: `keepalive_timeout_seconds`), so tests need not wait 10 s. */
  keepaliveIntervalMs: number | null;
  /** WebSocket pings; a ping unanswered when the next one is due closes with 4002. */
  pingIntervalMs: number;
}

export const DEFAULT_EVENTSUB_SETTINGS: Readonly<EventSubSettings> = {
  unusedTimeoutMs: 10_000,
  reconnectGraceMs: 30_000,
  keepaliveIntervalMs: null,
  pingIntervalMs: 60_000,
};

/** Disabled subscriptions stay listed (as on the platform) up to this many; the oldest go first. */
const MAX_DISABLED = 1000;

export type NewSubscription = Omit<EventSubSubscription, 'id' | 'seq' | 'status' | 'disconnectedAt'>;

export class EventSubStore {
  settings: EventSubSettings = { ...DEFAULT_EVENTSUB_SETTINGS };
  private readonly byId = new Map<string, EventSubSubscription>();
  private nextSeq = 1;

  add(input: NewSubscription): EventSubSubscription {
    const id = ids.unusedId(ids.uuid, this.byId);
    const subscription: EventSubSubscription = { ...input, id, seq: this.nextSeq++, status: 'enabled', disconnectedAt: null };
    this.byId.set(id, subscription);
    return subscription;
  }

  get(id: string): EventSubSubscription | undefined {
    return this.byId.get(id);
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  /** Oldest first. */
  list(): EventSubSubscription[] {
    return [...this.byId.values()];
  }

  /** The subscriptions a client+user token sees. */
  ownedBy(clientId: string, userId: string): EventSubSubscription[] {
    return this.list().filter((s) => s.clientId === clientId && s.userId === userId);
  }

  enabledOnSession(sessionId: string): EventSubSubscription[] {
    return this.list().filter((s) => s.sessionId === sessionId && s.status === 'enabled');
  }

  findDuplicate(input: Pick<EventSubSubscription, 'type' | 'version' | 'condition' | 'sessionId'>): EventSubSubscription | undefined {
    return this.list().find(
      (s) =>
        s.status === 'enabled' &&
        s.type === input.type &&
        s.version === input.version &&
        s.sessionId === input.sessionId &&
        sameCondition(s.condition, input.condition),
    );
  }

  /** Sum of the costs of the client+user's enabled subscriptions. */
  totalCost(clientId: string, userId: string): number {
    return this.ownedBy(clientId, userId).reduce((sum, s) => sum + (s.status === 'enabled' ? s.cost : 0), 0);
  }

  /** Enabled subscriptions whose type and condition match a notification. */
  matching(event: Notification): EventSubSubscription[] {
    return this.list().filter(
      (s) =>
        s.status === 'enabled' &&
        s.type === event.type &&
        matchesCondition(s.condition, event),
    );
  }

  /** The session is gone: its enabled subscriptions stop with the given status. */
  disableSession(sessionId: string, status: SubscriptionStatus, now: number): void {
    for (const s of this.enabledOnSession(sessionId)) {
      s.status = status;
      s.disconnectedAt = now;
    }
    const disabled = this.list().filter((s) => s.status !== 'enabled');
    for (const s of disabled.slice(0, Math.max(0, disabled.length - MAX_DISABLED))) this.byId.delete(s.id);
  }
}

function matchesCondition(condition: Record<string, string>, event: Notification): boolean {
  // An optional field left empty (e.g. channel.raid's other side) matches any value.
  if (event.condition) return Object.entries(event.condition).every(([name, value]) => !condition[name] || condition[name] === value);
  return condition.broadcaster_user_id === event.broadcasterUserId && (!condition.reward_id || condition.reward_id === event.rewardId);
}

function sameCondition(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? '') !== (b[key] ?? '')) return false;
  return true;
}
