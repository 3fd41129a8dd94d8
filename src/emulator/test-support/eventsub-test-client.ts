/** A WebSocket client for the EventSub tests: keeps every frame and waits on conditions, never on fixed sleeps. */
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { call, helixHeaders, type TestResponse } from './emulator-test-client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON frames
export type TestFrame = any;

export interface Closed {
  code: number;
  reason: string;
}

export class TestSocket {
  readonly frames: TestFrame[] = [];
  /** Arrival time (ms) of each frame, same index as `frames`. */
  readonly arrivals: number[] = [];
  closed: Closed | null = null;
  private consumed = 0;
  private readonly listeners = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      this.arrivals.push(Date.now());
      this.notify();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
    ws.on('error', () => {});
  }

  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (req, res) => {
        req.destroy();
        reject(new Error(`Unexpected server response: ${res.statusCode}`));
      });
      ws.once('error', reject);
    });
  }

  /** Opens a socket and reads its welcome; returns both. */
  static async welcomed(url: string, options?: WebSocket.ClientOptions): Promise<{ socket: TestSocket; welcome: TestFrame; sessionId: string }> {
    const socket = await TestSocket.open(url, options);
    const welcome = await socket.next();
    return { socket, welcome, sessionId: welcome.payload.session.id as string };
  }

  /** The next unread frame (of `type`, skipping others, e.g. keepalives), or a timeout error. */
  next(type?: string, timeoutMs = 3000): Promise<TestFrame> {
    return this.waitFor(() => {
      while (this.consumed < this.frames.length) {
        const frame = this.frames[this.consumed++];
        if (type === undefined || frame.metadata.message_type === type) return frame;
      }
      return undefined;
    }, timeoutMs, `a ${type ?? 'frame'}`);
  }

  closedWith(timeoutMs = 3000): Promise<Closed> {
    return this.waitFor(() => this.closed ?? undefined, timeoutMs, 'the close');
  }

  /** The frames of a type received so far, read or not. */
  all(type: string): TestFrame[] {
    return this.frames.filter((f) => f.metadata.message_type === type);
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }

  private waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = (): boolean => {
        const value = check();
        if (value === undefined) return false;
        cleanup();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; frames: ${JSON.stringify(this.frames.map((f) => f.metadata.message_type))}, closed: ${JSON.stringify(this.closed)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => void attempt();
      this.listeners.add(listener);
      attempt();
    });
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Creates an EventSub subscription on a WebSocket session. */
export function subscribe(
  baseUrl: string,
  auth: { token: string; clientId: string },
  type: string,
  condition: Record<string, string>,
  sessionId: string,
  version = '1',
): Promise<TestResponse> {
  return call(`${baseUrl}/helix/eventsub/subscriptions`, {
    headers: helixHeaders(auth.token, auth.clientId),
    json: { type, version, condition, transport: { method: 'websocket', session_id: sessionId } },
  });
}

/** The sockets of a test file, each closed after the test that opened it: push every socket opened. */
export function useTestSockets(): TestSocket[] {
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  return sockets;
}
