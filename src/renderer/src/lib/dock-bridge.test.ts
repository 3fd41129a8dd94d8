import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames, signedOutAuthState, splitChannel } from '../../../shared/ipc/contract';
import { createDockBridge, dockUnavailableMessage, type ConnectionState, type SocketLike } from './dock-bridge';

class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  close(): void {
    this.closedByClient = true;
  }
  // Test side: what the server or the network does.
  open(): void {
    this.onopen?.({});
  }
  drop(): void {
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
  send(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

const lastSocket = (): FakeSocket => {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};


function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(fetchImpl: typeof fetch = vi.fn<typeof fetch>(), report = vi.fn()) {
  const bridge = createDockBridge({
    fetch: fetchImpl,
    WebSocket: FakeSocket,
    location: { protocol: 'http:', host: '127.0.0.1:4321' },
    backoff: { initialMs: 100, maxMs: 400, jitter: 'none' },
    report,
  });
  return { bridge, fetchImpl, report };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('dock bridge: invoke', () => {
  it('has one function per contract channel, built from the channel list', () => {
    const { bridge } = setup();
    for (const channel of channelNames) {
      const [namespace, method] = splitChannel(channel);
      const group = (bridge as unknown as Record<string, Record<string, unknown>>)[namespace];
      expect(typeof group?.[method], channel).toBe('function');
    }
  });

  it('POSTs {arg} as JSON to /ipc/<channel> with the page cookie and returns the IpcResult', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true, value: { ...signedOutAuthState, status: 'signingIn' } }));
    const { bridge } = setup(fetchImpl);

    const result = await bridge.auth.signIn({ flow: 'device' });

    expect(result).toEqual({ ok: true, value: { ...signedOutAuthState, status: 'signingIn' } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/ipc/auth:signIn');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
    });
    expect(JSON.parse(String(init?.body))).toEqual({ arg: { flow: 'device' } });
  });

  it('sends an empty body object for channels without an argument', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true, value: signedOutAuthState }));
    const { bridge } = setup(fetchImpl);
    await bridge.auth.getState();
    expect(fetchImpl.mock.calls[0]![1]?.body).toBe('{}');
  });

  it('passes main’s error results through unchanged', async () => {
    const error = { code: 'rate_limited', message: 'Slow down', retryAfterMs: 2000 };
    const { bridge } = setup(vi.fn<typeof fetch>(async () => jsonResponse({ ok: false, error })));
    expect(await bridge.ingest.probe()).toEqual({ ok: false, error });
  });

  it('turns a network failure into "unavailable" in words, the reason only in the report', async () => {
    const { bridge, report } = setup(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await bridge.app.getInfo()).toEqual({
      ok: false,
      error: { code: 'unavailable', message: dockUnavailableMessage },
    });
    expect(dockUnavailableMessage).toMatch(/is the dock still running\?/);
    expect(report).toHaveBeenCalledWith('app:getInfo did not reach Sidestage: Failed to fetch');
  });

  it('turns a non-2xx answer without an IpcResult into "unavailable" with the status', async () => {
    const { bridge } = setup(vi.fn<typeof fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const result = await bridge.ingest.refresh();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('unavailable');
      expect(result.error.message).toBe(dockUnavailableMessage);
    }
  });

  it('keeps a well-formed error carried by a non-2xx answer', async () => {
    const error = { code: 'invalid_argument', message: 'serverId must be a number' };
    const { bridge } = setup(vi.fn<typeof fetch>(async () => jsonResponse({ ok: false, error }, 400)));
    expect(await bridge.ingest.select({ serverId: 1 })).toEqual({ ok: false, error });
  });

  it('reports a 2xx answer that is not an IpcResult as unavailable', async () => {
    const { bridge } = setup(vi.fn<typeof fetch>(async () => jsonResponse({ hello: 'world' })));
    const result = await bridge.ingest.getOverview();
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});

describe('dock bridge: events', () => {
  it('opens no socket until something listens', () => {
    setup();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('opens one WebSocket at ws://<host>/events and delivers valid frames to listeners', () => {
    const { bridge } = setup();
    const auth = vi.fn();
    const auth2 = vi.fn();
    bridge.on('auth:changed', auth);
    bridge.on('auth:changed', auth2);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(lastSocket().url).toBe('ws://127.0.0.1:4321/events');

    lastSocket().open();
    lastSocket().send({ event: 'auth:changed', payload: signedOutAuthState });
    expect(auth).toHaveBeenCalledWith(signedOutAuthState);
    expect(auth2).toHaveBeenCalledWith(signedOutAuthState);
  });

  it('uses wss on an https page', () => {
    const bridge = createDockBridge({
      WebSocket: FakeSocket,
      location: { protocol: 'https:', host: 'dock.example' },
    });
    bridge.on('ingest:changed', () => {});
    expect(lastSocket().url).toBe('wss://dock.example/events');
  });

  it('stops delivering after unsubscribe', () => {
    const { bridge } = setup();
    const listener = vi.fn();
    const off = bridge.on('auth:changed', listener);
    lastSocket().open();
    off();
    lastSocket().send({ event: 'auth:changed', payload: signedOutAuthState });
    expect(listener).not.toHaveBeenCalled();
  });

  it('ignores unknown events, malformed payloads and non-JSON frames', () => {
    const { bridge, report } = setup();
    const listener = vi.fn();
    bridge.on('auth:changed', listener);
    lastSocket().open();
    lastSocket().send({ event: 'future:changed', payload: {} });
    lastSocket().send({ event: 'auth:changed', payload: { status: 'bogus' } });
    lastSocket().send('not json');
    expect(listener).not.toHaveBeenCalled();
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const { bridge, report } = setup();
    const second = vi.fn();
    bridge.on('auth:changed', () => {
      throw new Error('boom');
    });
    bridge.on('auth:changed', second);
    lastSocket().open();
    lastSocket().send({ event: 'auth:changed', payload: signedOutAuthState });
    expect(second).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledTimes(1);
  });
});

describe('dock bridge: connection', () => {
  it('reports connecting, connected, then disconnected and reconnects with backoff', () => {
    const { bridge } = setup();
    const states: ConnectionState[] = [];
    bridge.connection.subscribe((state) => states.push(state));
    expect(bridge.connection.getState()).toBe('connecting');

    lastSocket().open();
    expect(bridge.connection.getState()).toBe('connected');

    lastSocket().drop();
    expect(bridge.connection.getState()).toBe('disconnected');
    expect(FakeSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(99);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(bridge.connection.getState()).toBe('connecting');

    // Fails again without opening: the next wait is longer.
    lastSocket().drop();
    vi.advanceTimersByTime(199);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    lastSocket().drop();
    vi.advanceTimersByTime(400);
    lastSocket().drop();
    // The last delay repeats.
    vi.advanceTimersByTime(400);
    expect(FakeSocket.instances).toHaveLength(5);

    lastSocket().open();
    expect(states).toEqual([
      'connected',
      'disconnected',
      'connecting',
      'disconnected',
      'connecting',
      'disconnected',
      'connecting',
      'disconnected',
      'connecting',
      'connected',
    ]);

    // A successful open resets the backoff.
    lastSocket().drop();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(6);
  });

  it('waits 0.5, 1, 2, 4, 8 s, then 15 s between reconnects by default', () => {
    const bridge = createDockBridge({ fetch: vi.fn<typeof fetch>(), WebSocket: FakeSocket, location: { protocol: 'http:', host: 'h' } });
    bridge.connection.subscribe(() => {});
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.instances.length;
      lastSocket().drop();
      let waited = 0;
      while (FakeSocket.instances.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
    bridge.close();
  });

  it('emits resync on every open so the store re-reads what it missed', () => {
    const { bridge } = setup();
    const resync = vi.fn();
    bridge.connection.onResync(resync);
    lastSocket().open();
    expect(resync).toHaveBeenCalledTimes(1);
    lastSocket().drop();
    vi.advanceTimersByTime(100);
    expect(resync).toHaveBeenCalledTimes(1);
    lastSocket().open();
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('delivers events on the reconnected socket and ignores the old one', () => {
    const { bridge } = setup();
    const listener = vi.fn();
    bridge.on('auth:changed', listener);
    const first = lastSocket();
    first.open();
    first.drop();
    vi.advanceTimersByTime(100);
    const second = lastSocket();
    second.open();
    first.send({ event: 'auth:changed', payload: signedOutAuthState });
    expect(listener).not.toHaveBeenCalled();
    second.send({ event: 'auth:changed', payload: signedOutAuthState });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('close() closes the socket and stops reconnecting', () => {
    const { bridge } = setup();
    bridge.on('auth:changed', () => {});
    const socket = lastSocket();
    socket.open();
    bridge.close();
    expect(socket.closedByClient).toBe(true);
    expect(bridge.connection.getState()).toBe('disconnected');
    socket.drop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('retries later when no WebSocket can be created', () => {
    const report = vi.fn();
    let fail = true;
    class Flaky extends FakeSocket {
      constructor(url: string) {
        if (fail) throw new Error('blocked by CSP');
        super(url);
      }
    }
    const bridge = createDockBridge({ WebSocket: Flaky, location: { protocol: 'http:', host: 'h' }, backoff: { initialMs: 50, maxMs: 50, jitter: 'none' }, report });
    bridge.on('ingest:changed', () => {});
    expect(bridge.connection.getState()).toBe('disconnected');
    expect(report).toHaveBeenCalledTimes(1);
    fail = false;
    vi.advanceTimersByTime(50);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(bridge.connection.getState()).toBe('connecting');
  });
});
