/**
 * EventSub's WebSocket transport: sessions, their sockets and timers, and delivery of the
 * notifications of the state's feed (`notifications.ts`) to the sessions whose subscriptions match.
 *
 * A session outlives its socket only while a `session_reconnect` is pending: the client then has
 * the grace period to connect to the reconnect URL, and the new socket takes over the same session
 * (same id, same subscriptions). Notifications and revocations are kept in a short per-session
 * outbox; those not written to a socket (the old one dropped before the client reconnected) are
 * sent again, with their original `message_id`, right after the new welcome.
 *
 * Wall-clock timers (keepalive, unused, reconnect grace, ping) run on real time; the timestamps in
 * the frames come from the emulator clock. The sockets survive `POST /_emulator/reset`.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import type { EventSubSessionView } from '../http/views/wire/eventsub';
import * as ids from '../ids';
import type { EmulatorState } from '../domain/emulator-state';
import {
  keepaliveFrame,
  notificationText,
  reconnectFrame,
  revocationFrame,
  welcomeFrame,
  eventSubTimestamp,
  type Frame,
  type SessionInfo,
} from './messages';
import { eventSubOf, type EventSubState } from './eventsub-state';
import type { Notification } from './notification';
import type { EventSubSubscription, SubscriptionStatus } from './subscription-store';

export const KEEPALIVE_DEFAULT_S = 10;
export const KEEPALIVE_MIN_S = 10;
export const KEEPALIVE_MAX_S = 600;
/** Recent notifications and revocations kept per session for redelivery. */
export const OUTBOX_SIZE = 100;

/** The platform's close codes, their reasons, and what they do to the session's subscriptions. */
export const CLOSE_CODES = {
  internalError: { code: 4000, reason: 'internal server error', status: 'websocket_internal_error' },
  inboundTraffic: { code: 4001, reason: 'client sent inbound traffic', status: 'websocket_received_inbound_traffic' },
  pingPong: { code: 4002, reason: 'client failed ping-pong', status: 'websocket_failed_ping_pong' },
  unused: { code: 4003, reason: 'connection unused', status: 'websocket_connection_unused' },
  reconnectGrace: { code: 4004, reason: 'reconnect grace time expired', status: 'websocket_failed_to_reconnect' },
  networkTimeout: { code: 4005, reason: 'network timeout', status: 'websocket_network_timeout' },
  networkError: { code: 4006, reason: 'network error', status: 'websocket_network_error' },
  invalidReconnect: { code: 4007, reason: 'invalid reconnect', status: 'websocket_disconnected' },
} as const satisfies Record<string, { code: number; reason: string; status: SubscriptionStatus }>;

type CloseKind = keyof typeof CLOSE_CODES;

interface OutboxEntry {
  messageId: string;
  text: string;
  delivered: boolean;
}

interface Session {
  id: string;
  keepaliveSeconds: number;
  connectedAt: number;
  status: 'connected' | 'reconnecting';
  /** Where frames go; null while a reconnect is pending and the old socket is already gone. */
  current: Connection | null;
  /** Bound by the first subscription: the client and user of its token. */
  owner: { clientId: string; userId: string } | null;
  unusedTimer: NodeJS.Timeout | null;
  reconnectToken: string | null;
  reconnectBase: string;
  outbox: OutboxEntry[];
}

interface Connection {
  socket: WebSocket;
  /** The TCP socket under `socket`, corked while a burst of frames is written (see `write`). */
  stream: Duplex | null;
  session: Session;
  /** No longer the session's current socket (a reconnect took over); its closing ends nothing. */
  retired: boolean;
  ended: boolean;
  /** How the server ended it; null: the client (or the network) did. */
  closeStatus: SubscriptionStatus | null;
  keepaliveTimer: NodeJS.Timeout | null;
  /** The window `keepaliveTimer` was armed with: while it holds, the timer is refreshed, not remade. */
  keepaliveWindowMs: number;
  pingTimer: NodeJS.Timeout | null;
  graceTimer: NodeJS.Timeout | null;
  awaitingPong: boolean;
}

export class EventSubHub {
  private readonly sessions = new Map<string, Session>();
  private readonly reconnectTokens = new Map<string, Session>();
  private readonly connections = new Set<Connection>();
  /** Connections whose TCP socket is corked until the current tick ends. */
  private readonly corked = new Set<Connection>();
  private readonly unsubscribe: () => void;
  private readonly eventSub: EventSubState;

  constructor(private readonly state: EmulatorState) {
    this.eventSub = eventSubOf(state);
    this.unsubscribe = this.eventSub.notifications.subscribe((notification) => this.publish(notification));
  }

  /**
   * A new socket on `/ws`. `baseUrl` is the emulator's origin (`http://127.0.0.1:<port>`), from
   * which the reconnect URL is made. `stream` is the upgraded request's TCP socket: with it, frames
   * written in one tick leave in one system call.
   */
  accept(socket: WebSocket, query: { keepalive?: string; reconnect?: string }, baseUrl: string, stream: Duplex | null = null): void {
    if (query.reconnect !== undefined) {
      this.resume(socket, query.reconnect, stream);
      return;
    }
    const now = this.state.clock.now();
    const session: Session = {
      id: newSessionId(this.sessions),
      keepaliveSeconds: clampKeepalive(query.keepalive),
      connectedAt: now,
      status: 'connected',
      current: null,
      owner: null,
      unusedTimer: null,
      reconnectToken: null,
      reconnectBase: `${baseUrl.replace(/^http/, 'ws')}/ws`,
      outbox: [],
    };
    this.sessions.set(session.id, session);
    const connection = this.attach(socket, session, stream);
    session.current = connection;
    this.send(connection, welcomeFrame(info(session), now));
    session.unusedTimer = setTimeout(() => {
      session.unusedTimer = null;
      if (!session.owner && session.current) this.closeWith(session.current, 'unused');
    }, this.eventSub.subscriptions.settings.unusedTimeoutMs);
    session.unusedTimer.unref();
  }

  hasSession(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  sessionOwner(sessionId: string): { clientId: string; userId: string } | null {
    return this.sessions.get(sessionId)?.owner ?? null;
  }

  /** Sessions bound to the client+user that are still connected (or reconnecting). */
  boundSessionCount(clientId: string, userId: string): number {
    let count = 0;
    for (const s of this.sessions.values()) if (s.owner?.clientId === clientId && s.owner.userId === userId) count++;
    return count;
  }

  /** The session's first subscription binds it to the token's client+user and stops the unused timer. */
  bind(sessionId: string, clientId: string, userId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    session.owner ??= { clientId, userId };
    if (session.unusedTimer) clearTimeout(session.unusedTimer);
    session.unusedTimer = null;
  }

  /** When the session's first socket connected (the subscriptions' `transport.connected_at`). */
  sessionConnectedAt(sessionId: string): number | undefined {
    return this.sessions.get(sessionId)?.connectedAt;
  }

  /** Sends each a `revocation` frame and removes it. */
  revoke(subscriptions: readonly EventSubSubscription[], status: SubscriptionStatus): void {
    const now = this.state.clock.now();
    for (const subscription of subscriptions) {
      const session = this.sessions.get(subscription.sessionId);
      if (session && subscription.status === 'enabled') this.deliver(session, revocationFrame(subscription, status, now));
      this.eventSub.subscriptions.remove(subscription.id);
    }
  }

  /** Ends every socket abruptly (no close frame), as a network failure would. Returns the sessions hit. */
  dropAll(): number {
    const hit = new Set<string>();
    for (const connection of [...this.connections]) {
      hit.add(connection.session.id);
      connection.closeStatus = CLOSE_CODES.networkError.status;
      connection.socket.terminate();
      this.onClosed(connection);
    }
    return hit.size;
  }

  /** Sends every session not already reconnecting a `session_reconnect`. Returns how many got one. */
  reconnectAll(): number {
    let count = 0;
    for (const session of this.sessions.values()) if (this.requestReconnect(session)) count++;
    return count;
  }

  list(): EventSubSessionView[] {
    return [...this.sessions.values()].map((s) => ({
      id: s.id,
      status: s.status,
      connected_at: eventSubTimestamp(s.connectedAt),
      keepalive_timeout_seconds: s.keepaliveSeconds,
      client_id: s.owner?.clientId ?? null,
      user_id: s.owner?.userId ?? null,
      enabled_subscriptions: this.eventSub.subscriptions.enabledOnSession(s.id).length,
      open_sockets: [...this.connections].filter((c) => c.session === s).length,
    }));
  }

  /** The app is closing: every socket gets 1001 (ended for good a second later) and every timer stops. */
  close(): void {
    this.unsubscribe();
    for (const connection of this.connections) {
      this.stopTimers(connection, true);
      connection.socket.close(1001, 'emulator shutting down');
      setTimeout(() => connection.socket.terminate(), 1000).unref();
    }
    for (const session of this.sessions.values()) if (session.unusedTimer) clearTimeout(session.unusedTimer);
    this.connections.clear();
    this.sessions.clear();
    this.reconnectTokens.clear();
  }

  private publish(event: Notification): void {
    let eventJson: string | undefined;
    let timestamp: string | undefined;
    for (const subscription of this.eventSub.subscriptions.matching(event)) {
      const session = this.sessions.get(subscription.sessionId);
      if (!session) continue;
      // The event is the same for every session: serialised once, not once per session.
      eventJson ??= JSON.stringify(event.event);
      timestamp ??= eventSubTimestamp(this.state.clock.now());
      const { messageId, text } = notificationText(subscription, eventJson, timestamp);
      this.deliverText(session, messageId, text);
    }
  }

  private requestReconnect(session: Session): boolean {
    const connection = session.current;
    if (session.status === 'reconnecting' || !connection || connection.socket.readyState !== WebSocket.OPEN) return false;
    const token = randomBytes(24).toString('base64url');
    session.status = 'reconnecting';
    session.reconnectToken = token;
    this.reconnectTokens.set(token, session);
    this.send(connection, reconnectFrame(info(session), `${session.reconnectBase}?reconnect=${token}`, this.state.clock.now()));
    connection.graceTimer = setTimeout(() => this.graceExpired(session, connection, token), this.eventSub.subscriptions.settings.reconnectGraceMs);
    connection.graceTimer.unref();
    return true;
  }

  private graceExpired(session: Session, connection: Connection, token: string): void {
    connection.graceTimer = null;
    this.reconnectTokens.delete(token);
    const reconnected = session.reconnectToken !== token;
    if (!reconnected) session.reconnectToken = null;
    if (!connection.ended) this.closeWith(connection, 'reconnectGrace');
    if (!reconnected) this.endSession(session, CLOSE_CODES.reconnectGrace.status);
  }

  /** A socket on a reconnect URL: it takes over the session, gets a welcome, then what was missed. */
  private resume(socket: WebSocket, token: string, stream: Duplex | null): void {
    const session = this.reconnectTokens.get(token);
    if (!session || session.reconnectToken !== token || !this.sessions.has(session.id)) {
      socket.close(CLOSE_CODES.invalidReconnect.code, CLOSE_CODES.invalidReconnect.reason);
      return;
    }
    this.reconnectTokens.delete(token);
    session.reconnectToken = null;
    const old = session.current;
    if (old) {
      old.retired = true;
      this.stopTimers(old, false);
    }
    const connection = this.attach(socket, session, stream);
    session.current = connection;
    session.status = 'connected';
    const now = this.state.clock.now();
    this.send(connection, welcomeFrame({ ...info(session), connectedAt: now }, now));
    for (const entry of session.outbox) {
      if (!entry.delivered) this.write(connection, entry.text, (ok) => (entry.delivered ||= ok));
    }
  }

  private attach(socket: WebSocket, session: Session, stream: Duplex | null): Connection {
    const connection: Connection = {
      socket,
      stream,
      session,
      retired: false,
      ended: false,
      closeStatus: null,
      keepaliveTimer: null,
      keepaliveWindowMs: 0,
      pingTimer: null,
      graceTimer: null,
      awaitingPong: false,
    };
    this.connections.add(connection);
    socket.on('message', () => this.closeWith(connection, 'inboundTraffic'));
    socket.on('pong', () => {
      connection.awaitingPong = false;
    });
    socket.on('close', () => this.onClosed(connection));
    connection.pingTimer = setInterval(() => {
      if (connection.awaitingPong) {
        this.closeWith(connection, 'pingPong');
        return;
      }
      connection.awaitingPong = true;
      socket.ping();
    }, this.eventSub.subscriptions.settings.pingIntervalMs);
    connection.pingTimer.unref();
    return connection;
  }

  /** Keeps the frame in the outbox and writes it to the session's socket when there is one. */
  private deliver(session: Session, frame: Frame): void {
    this.deliverText(session, frame.metadata.message_id ?? '', JSON.stringify(frame));
  }

  private deliverText(session: Session, messageId: string, text: string): void {
    const entry: OutboxEntry = { messageId, text, delivered: false };
    session.outbox.push(entry);
    if (session.outbox.length > OUTBOX_SIZE) session.outbox.shift();
    if (session.current) this.write(session.current, text, (ok) => (entry.delivered ||= ok));
  }

  private send(connection: Connection, frame: Frame): void {
    this.write(connection, JSON.stringify(frame));
  }

  private write(connection: Connection, text: string, written?: (ok: boolean) => void): void {
    if (connection.ended || connection.socket.readyState !== WebSocket.OPEN) {
      written?.(false);
      return;
    }
    this.cork(connection);
    connection.socket.send(text, written && ((error) => written(!error)));
    this.armKeepalive(connection);
  }

  /**
   * A burst (one publish to many sessions, many publishes in one tick) would cost a system call per
   * frame per socket; corked until the tick ends, each socket's frames leave together.
   */
  private cork(connection: Connection): void {
    const stream = connection.stream;
    if (!stream || this.corked.has(connection)) return;
    if (this.corked.size === 0) process.nextTick(() => this.uncorkAll());
    stream.cork();
    this.corked.add(connection);
  }

  private uncorkAll(): void {
    for (const connection of this.corked) connection.stream?.uncork();
    this.corked.clear();
  }

  /** A keepalive goes out when nothing else was sent for a whole keepalive window. */
  private armKeepalive(connection: Connection): void {
    if (connection.retired || connection.ended) {
      if (connection.keepaliveTimer) clearTimeout(connection.keepaliveTimer);
      connection.keepaliveTimer = null;
      return;
    }
    const windowMs = this.eventSub.subscriptions.settings.keepaliveIntervalMs ?? connection.session.keepaliveSeconds * 1000;
    // Every frame restarts the window: refreshing the one timer is far cheaper than a new one per frame.
    if (connection.keepaliveTimer && connection.keepaliveWindowMs === windowMs) {
      connection.keepaliveTimer.refresh();
      return;
    }
    if (connection.keepaliveTimer) clearTimeout(connection.keepaliveTimer);
    connection.keepaliveWindowMs = windowMs;
    connection.keepaliveTimer = setTimeout(() => {
      connection.keepaliveTimer = null;
      this.send(connection, keepaliveFrame(this.state.clock.now()));
    }, windowMs);
    connection.keepaliveTimer.unref();
  }

  private closeWith(connection: Connection, kind: CloseKind): void {
    if (connection.ended) return;
    const close = CLOSE_CODES[kind];
    connection.closeStatus = close.status;
    connection.socket.close(close.code, close.reason);
    this.onClosed(connection);
  }

  /** Runs once per socket, when the server closes it or the 'close' event comes. */
  private onClosed(connection: Connection): void {
    if (connection.ended) return;
    connection.ended = true;
    this.connections.delete(connection);
    this.stopTimers(connection, false);
    const session = connection.session;
    if (session.current !== connection) return;
    if (session.status === 'reconnecting') {
      session.current = null;
      return;
    }
    this.endSession(session, connection.closeStatus ?? 'websocket_disconnected');
  }

  private endSession(session: Session, status: SubscriptionStatus): void {
    if (!this.sessions.delete(session.id)) return;
    if (session.unusedTimer) clearTimeout(session.unusedTimer);
    session.unusedTimer = null;
    if (session.reconnectToken) this.reconnectTokens.delete(session.reconnectToken);
    session.reconnectToken = null;
    this.eventSub.subscriptions.disableSession(session.id, status, this.state.clock.now());
  }

  /** The grace timer keeps running after the socket closes: it ends a session nobody resumed. */
  private stopTimers(connection: Connection, includingGrace: boolean): void {
    if (connection.keepaliveTimer) clearTimeout(connection.keepaliveTimer);
    if (connection.pingTimer) clearInterval(connection.pingTimer);
    connection.keepaliveTimer = null;
    connection.pingTimer = null;
    if (includingGrace && connection.graceTimer) {
      clearTimeout(connection.graceTimer);
      connection.graceTimer = null;
    }
  }
}

function info(session: Session): SessionInfo {
  return {
    id: session.id,
    status: session.status,
    connectedAt: session.connectedAt,
    keepaliveSeconds: session.keepaliveSeconds,
    reconnectUrl: null,
  };
}

/** `keepalive_timeout_seconds`: 10-600, out-of-range values clamped, anything else the default. */
export function clampKeepalive(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return KEEPALIVE_DEFAULT_S;
  const value = Number(raw);
  if (!Number.isFinite(value)) return KEEPALIVE_DEFAULT_S;
  return Math.min(KEEPALIVE_MAX_S, Math.max(KEEPALIVE_MIN_S, Math.round(value)));
}

/** Shaped like the platform's session IDs (base64url, 28 characters). */
function newSessionId(taken: Map<string, unknown>): string {
  return ids.unusedId(() => `AQoQ${randomBytes(18).toString('base64url')}`, taken);
}

const hubs = new WeakMap<EmulatorState, EventSubHub>();

/** Creates the hub of an emulator app (one per state). */
export function attachEventSubHub(state: EmulatorState): EventSubHub {
  hubs.get(state)?.close();
  const hub = new EventSubHub(state);
  hubs.set(state, hub);
  return hub;
}

export function eventSubHubOf(state: EmulatorState): EventSubHub | undefined {
  return hubs.get(state);
}
