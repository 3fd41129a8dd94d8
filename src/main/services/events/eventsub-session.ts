import WebSocket from 'ws';
import type { Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import {
  frameSchema,
  notificationPayloadSchema,
  reconnectPayloadSchema,
  revocationPayloadSchema,
  sessionPayloadSchema,
  type Frame,
  type SubscriptionInfo,
  type WelcomeSession,
} from './eventsub-messages';

export type WebSocketFactory = (url: string) => WebSocket;

export const defaultWebSocketFactory: WebSocketFactory = (url) =>
  // The platform never needs more than a small frame; a cap keeps a misbehaving server from eating memory.
  new WebSocket(url, { maxPayload: 1024 * 1024, handshakeTimeout: 15_000 });

export interface SessionEnd {
  /** The close code (1006 when the connection just dropped); null when the watchdog gave up. */
  code: number | null;
  reason: string;
  /** `closed`: the socket closed or never opened; `silent`: nothing arrived within the keepalive window. */
  cause: 'closed' | 'silent';
}

export type NotificationMetadata = Frame['metadata'];

export interface SessionHandlers {
  /** Any frame at all arrived (keepalives included): the connection is alive. */
  activity(at: number): void;
  welcome(session: WelcomeSession): void;
  notification(metadata: NotificationMetadata, subscription: SubscriptionInfo, event: unknown): void;
  revocation(metadata: NotificationMetadata, subscription: SubscriptionInfo): void;
  reconnect(url: string): void;
  /** Called once, unless close() or terminate() ended the session here first. */
  end(end: SessionEnd): void;
}

export interface EventSubSessionOptions {
  url: string;
  wsFactory: WebSocketFactory;
  clock: Clock;
  logger: Logger;
  /** The window until the welcome says otherwise. */
  keepaliveSeconds: number;
  /** Added to the keepalive window before silence counts as a dead connection. */
  keepaliveMarginMs: number;
  handlers: SessionHandlers;
}

/**
 * One EventSub WebSocket connection: parses frames, watches for silence, and reports what happened.
 * It knows nothing about subscriptions or reconnect policy; EventsService decides those.
 */
export class EventSubSession {
  sessionId: string | null = null;
  connectedAt: string | null = null;
  lastMessageAt: number | null = null;
  /** The keepalive window: asked for at first, then the one the welcome announced. */
  keepaliveSeconds: number;
  private ws: WebSocket | null = null;
  private ended = false;
  private watchdog: unknown = null;
  private silenceMs: number;

  constructor(private readonly options: EventSubSessionOptions) {
    this.keepaliveSeconds = options.keepaliveSeconds;
    this.silenceMs = options.keepaliveSeconds * 1000 + options.keepaliveMarginMs;
    try {
      this.ws = options.wsFactory(options.url);
    } catch (err) {
      // A malformed URL throws synchronously; report it like any failed connection, after the caller has its handle.
      queueMicrotask(() => this.finish({ code: 1006, reason: err instanceof Error ? err.message : String(err), cause: 'closed' }));
      return;
    }
    const ws = this.ws;
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', (code, reason) => this.finish({ code, reason: reason.toString('utf8'), cause: 'closed' }));
    // 'close' follows every 'error'; the listener also keeps an error from crashing the process.
    ws.on('error', (err) => {
      if (!this.ended) options.logger.debug('EventSub socket error', { reason: err.message });
    });
    // The watchdog also covers a handshake or welcome that never comes.
    this.armWatchdog();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Ends the session politely; no handler is called any more. */
  close(code = 1000, reason = ''): void {
    if (this.ended) return;
    this.ended = true;
    this.disarmWatchdog();
    const ws = this.ws;
    if (!ws) return;
    if (ws.readyState === WebSocket.OPEN) ws.close(code, reason);
    // A socket still connecting cannot be closed politely.
    else if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
  }

  /** Drops the connection at once (a dead one would not answer a close frame); no handler is called any more. */
  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    this.disarmWatchdog();
    this.ws?.terminate();
  }

  private receive(data: WebSocket.RawData, isBinary: boolean): void {
    if (this.ended) return;
    const now = this.options.clock.now();
    this.lastMessageAt = now;
    this.armWatchdog();
    this.options.handlers.activity(now);
    if (isBinary) {
      this.options.logger.warn('EventSub sent a binary frame; ignored');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      this.options.logger.warn('EventSub sent a frame that is not JSON; ignored');
      return;
    }
    const frame = frameSchema.safeParse(json);
    if (!frame.success) {
      this.options.logger.warn('EventSub sent a frame without metadata; ignored', { issues: issuePaths(frame.error) });
      return;
    }
    try {
      this.dispatch(frame.data);
    } catch (error) {
      // A handler's bug must not escape into ws's data handler, where it would end the process.
      this.options.logger.error('EventSub frame handling failed; frame dropped', { error, messageType: frame.data.metadata.message_type });
    }
  }

  private dispatch(frame: Frame): void {
    const { metadata, payload } = frame;
    const { handlers, logger } = this.options;
    switch (metadata.message_type) {
      case 'session_welcome': {
        const parsed = sessionPayloadSchema.safeParse(payload);
        if (!parsed.success) {
          logger.warn('EventSub welcome without a session; ignored', { issues: issuePaths(parsed.error) });
          return;
        }
        const session = parsed.data.session;
        this.sessionId = session.id;
        this.connectedAt = session.connected_at ?? new Date(this.options.clock.now()).toISOString();
        if (session.keepalive_timeout_seconds) {
          // The server's window is the one it keeps to, whatever was asked for.
          this.keepaliveSeconds = session.keepalive_timeout_seconds;
          this.silenceMs = session.keepalive_timeout_seconds * 1000 + this.options.keepaliveMarginMs;
          this.armWatchdog();
        }
        handlers.welcome(session);
        return;
      }
      case 'session_keepalive':
        return;
      case 'notification': {
        const parsed = notificationPayloadSchema.safeParse(payload);
        if (!parsed.success) {
          logger.warn('EventSub notification without a subscription; dropped', { messageId: metadata.message_id, issues: issuePaths(parsed.error) });
          return;
        }
        handlers.notification(metadata, parsed.data.subscription, parsed.data.event);
        return;
      }
      case 'revocation': {
        const parsed = revocationPayloadSchema.safeParse(payload);
        if (!parsed.success) {
          logger.warn('EventSub revocation without a subscription; ignored', { messageId: metadata.message_id, issues: issuePaths(parsed.error) });
          return;
        }
        handlers.revocation(metadata, parsed.data.subscription);
        return;
      }
      case 'session_reconnect': {
        const parsed = reconnectPayloadSchema.safeParse(payload);
        if (!parsed.success) {
          logger.warn('EventSub reconnect without a URL; ignored', { issues: issuePaths(parsed.error) });
          return;
        }
        handlers.reconnect(parsed.data.session.reconnect_url);
        return;
      }
      default:
        logger.debug('EventSub message of an unknown type; ignored', { messageType: metadata.message_type });
    }
  }

  private armWatchdog(): void {
    this.disarmWatchdog();
    this.watchdog = this.options.clock.setTimeout(() => {
      this.watchdog = null;
      if (this.ended) return;
      this.options.logger.warn('EventSub connection silent for too long; dropping it', { silentMs: this.silenceMs });
      this.ended = true;
      this.ws?.terminate();
      this.options.handlers.end({ code: null, reason: `nothing arrived within ${Math.round(this.silenceMs / 1000)} s`, cause: 'silent' });
    }, this.silenceMs);
  }

  private disarmWatchdog(): void {
    if (this.watchdog !== null) this.options.clock.clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private finish(end: SessionEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.disarmWatchdog();
    this.options.handlers.end(end);
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export function issuePaths(error: { issues: { path: PropertyKey[] }[] }): string[] {
  return error.issues.slice(0, 5).map((issue) => issue.path.map(String).join('.') || '(root)');
}
