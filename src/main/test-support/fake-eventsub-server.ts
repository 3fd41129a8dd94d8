/**
 * A scripted EventSub WebSocket server for tests: it welcomes, and the test decides everything
 * else (keepalives, notifications, reconnects, revocations, close codes) connection by connection.
 *
 * Kept beside the emulator on purpose: the emulator is a faithful platform, so it cannot be made
 * to break the protocol the way the events service must survive: withhold a welcome, fall silent
 * past the keepalive window, send a frame that is not JSON or does not match its schema, resend a
 * message id, close with a chosen code (4000-4007), or hand out a reconnect URL that fails. What
 * the emulator can do (drops, `session_reconnect`, revocations, real subscriptions) is tested
 * against it in `events-service.integration.test.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export interface FakeConnection {
  readonly index: number;
  readonly url: URL;
  readonly sessionId: string;
  /** Set when this connection came through a `session_reconnect` URL. */
  readonly reconnectOf: string | null;
  /** Resolves when the socket has closed, with the code the server saw. */
  readonly closed: Promise<{ code: number; reason: string }>;
  isClosed(): boolean;
  welcome(keepaliveSeconds?: number): void;
  keepalive(): void;
  /** Sends a notification; returns its message id. */
  notify(type: string, event: unknown, options?: { messageId?: string; subscriptionId?: string }): string;
  sessionReconnect(reconnectUrl: string): void;
  revoke(type: string, status: string, options?: { subscriptionId?: string; condition?: Record<string, string> }): void;
  send(frame: unknown): void;
  close(code: number, reason?: string): void;
  terminate(): void;
}

export interface FakeEventSubServer {
  /** ws://127.0.0.1:<port>/ws */
  readonly url: string;
  readonly connections: FakeConnection[];
  /** Welcome every new connection at once (default true); `reconnects: false` holds back those from a reconnect URL. */
  autoWelcome: { fresh: boolean; reconnects: boolean };
  keepaliveSeconds: number;
  /** A URL the service can be told to reconnect to; the new connection keeps `sessionId`. */
  reconnectUrlFor(sessionId: string): string;
  /** Waits until there are `count` connections and returns the last of them. */
  waitForConnection(count: number, timeoutMs?: number): Promise<FakeConnection>;
  close(): Promise<void>;
}

function metadata(type: string, extra: Record<string, string> = {}, messageId: string = randomUUID()) {
  return { message_id: messageId, message_type: type, message_timestamp: new Date().toISOString(), ...extra };
}

export async function startFakeEventSubServer(): Promise<FakeEventSubServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws' });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const port = (wss.address() as AddressInfo).port;
  const base = `ws://127.0.0.1:${port}/ws`;
  const connections: FakeConnection[] = [];
  const waiters = new Set<() => void>();

  const server: FakeEventSubServer = {
    url: base,
    connections,
    autoWelcome: { fresh: true, reconnects: true },
    keepaliveSeconds: 10,
    reconnectUrlFor: (sessionId) => `${base}?reconnect_of=${encodeURIComponent(sessionId)}`,
    waitForConnection(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const connection = connections[count - 1];
          if (!connection) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(connection);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} EventSub connections, saw ${connections.length}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };

  wss.on('connection', (socket: WebSocket, request) => {
    const url = new URL(request.url ?? '/ws', base);
    const reconnectOf = url.searchParams.get('reconnect_of');
    const sessionId = reconnectOf ?? `session-${randomUUID()}`;
    let closed = false;
    const closedPromise = new Promise<{ code: number; reason: string }>((resolve) => {
      socket.on('close', (code, reason) => {
        closed = true;
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
    const send = (frame: unknown) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    };
    const subscription = (type: string, id: string | undefined, status: string, condition?: Record<string, string>) => ({
      id: id ?? randomUUID(),
      status,
      type,
      version: '1',
      cost: 0,
      condition: condition ?? { broadcaster_user_id: '1001' },
      transport: { method: 'websocket', session_id: sessionId },
      created_at: new Date().toISOString(),
    });
    const connection: FakeConnection = {
      index: connections.length,
      url,
      sessionId,
      reconnectOf,
      closed: closedPromise,
      isClosed: () => closed,
      welcome(keepaliveSeconds = server.keepaliveSeconds) {
        send({
          metadata: metadata('session_welcome'),
          payload: { session: { id: sessionId, status: 'connected', connected_at: new Date().toISOString(), keepalive_timeout_seconds: keepaliveSeconds, reconnect_url: null } },
        });
      },
      keepalive: () => send({ metadata: metadata('session_keepalive'), payload: {} }),
      notify(type, event, options = {}) {
        const messageId = options.messageId ?? randomUUID();
        send({
          metadata: metadata('notification', { subscription_type: type, subscription_version: '1' }, messageId),
          payload: { subscription: subscription(type, options.subscriptionId, 'enabled'), event },
        });
        return messageId;
      },
      sessionReconnect(reconnectUrl) {
        send({
          metadata: metadata('session_reconnect'),
          payload: { session: { id: sessionId, status: 'reconnecting', connected_at: new Date().toISOString(), keepalive_timeout_seconds: null, reconnect_url: reconnectUrl } },
        });
      },
      revoke(type, status, options = {}) {
        send({
          metadata: metadata('revocation', { subscription_type: type, subscription_version: '1' }),
          payload: { subscription: subscription(type, options.subscriptionId, status, options.condition) },
        });
      },
      send,
      close: (code, reason = '') => socket.close(code, reason),
      terminate: () => socket.terminate(),
    };
    connections.push(connection);
    const auto = reconnectOf ? server.autoWelcome.reconnects : server.autoWelcome.fresh;
    if (auto) connection.welcome();
    for (const waiter of [...waiters]) waiter();
  });

  return server;
}

// ---------- sample events, as the platform sends them ----------

export function streamOnlineEvent(broadcasterId = '1001') {
  return { id: '9001', broadcaster_user_id: broadcasterId, broadcaster_user_login: 'caster', broadcaster_user_name: 'Caster', type: 'live', started_at: '2025-01-01T00:00:00Z' };
}

export function redemptionEvent(id: string, status = 'unfulfilled', broadcasterId = '1001') {
  return {
    id,
    broadcaster_user_id: broadcasterId,
    broadcaster_user_login: 'caster',
    broadcaster_user_name: 'Caster',
    user_id: '2002',
    user_login: 'viewer',
    user_name: 'Viewer',
    user_input: '',
    status,
    reward: { id: 'reward-1', title: 'Hydrate', cost: 100, prompt: 'Drink water' },
    redeemed_at: '2025-01-01T00:00:00Z',
  };
}

export function donationEvent(id: string, broadcasterId = '1001') {
  return {
    id,
    campaign_id: 'campaign-1',
    broadcaster_user_id: broadcasterId,
    broadcaster_user_login: 'caster',
    broadcaster_user_name: 'Caster',
    user_id: '2002',
    user_login: 'viewer',
    user_name: 'Viewer',
    charity_name: 'Example Charity',
    charity_description: 'Does good',
    charity_logo: 'https://example.org/logo.png',
    charity_website: 'https://example.org',
    amount: { value: 500, decimal_places: 2, currency: 'USD' },
  };
}
