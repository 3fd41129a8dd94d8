/**
 * `SidestageBridge` over the dock protocol, for the renderer served by main's loopback dock server
 * (a browser tab or an OBS Custom Browser Dock) where there is no preload.
 *
 *   invoke: POST /ipc/<channel> {"arg": ...}  ->  IpcResult JSON
 *   events: one WebSocket at /events carrying {"event": name, "payload": ...} frames
 *
 * The page's cookie authenticates both, so nothing secret is handled here. Built from the
 * contract's channel list: a new channel needs no code in this file.
 */
import {
  channelNames,
  eventChannels,
  ipcErrorSchema,
  isEventName,
  splitChannel,
  type Channel,
  type EventName,
  type EventPayload,
  type IpcError,
  type IpcResult,
  type SidestageBridge,
} from '../../../shared/ipc/contract';
import { Backoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import { DOCK_EVENTS_PATH, DOCK_IPC_PATH, type DockEventFrame } from '../../../shared/ipc/transport';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** Where the event stream stands, and a signal that state must be re-read. */
export interface ConnectionSource {
  getState(): ConnectionState;
  subscribe(listener: (state: ConnectionState) => void): () => void;
  /**
   * Fires each time the event stream opens. Events sent while it was not open are lost, so the
   * store re-reads main's state then. The first open counts too: the initial reads race it.
   */
  onResync(listener: () => void): () => void;
}

/** The part of the browser's WebSocket this bridge uses; tests pass a fake. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}
export type SocketConstructor = new (url: string) => SocketLike;

export interface DockBridgeOptions {
  fetch?: typeof globalThis.fetch;
  WebSocket?: SocketConstructor;
  /** The page's location; the event stream lives on the same host. */
  location?: { protocol: string; host: string };
  /** Waits before reconnect attempts: doubling from `initialMs` up to `maxMs`. */
  backoff?: BackoffOptions;
  /** Where listener failures and bad frames are reported. */
  report?: (message: string, detail?: unknown) => void;
}

export type DockBridge = SidestageBridge & {
  connection: ConnectionSource;
  /** Closes the event stream for good (tests, page teardown). */
  close(): void;
};

/** 0.5, 1, 2, 4, 8 s, then every 15 s; exact: one page reconnecting to its own loopback server needs no spreading. */
const defaultReconnectBackoff: BackoffOptions = { initialMs: 500, maxMs: 15_000, jitter: 'none' };

export function createDockBridge(options: DockBridgeOptions = {}): DockBridge {
  // Globals are looked up on use, so that creating the bridge has no effect of its own.
  const doFetch = (...args: Parameters<typeof globalThis.fetch>) => (options.fetch ?? globalThis.fetch)(...args);
  const report = options.report ?? ((message: string, detail?: unknown) => console.warn(`sidestage: ${message}`, detail));
  const backoff = new Backoff(options.backoff ?? defaultReconnectBackoff);

  async function invoke(channel: Channel, arg: unknown): Promise<IpcResult<unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${DOCK_IPC_PATH}${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ arg }),
        credentials: 'same-origin',
      });
    } catch (error) {
      return unavailable(channel, error instanceof Error ? error.message : String(error));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (response.ok) {
      return parseResult(body) ?? unavailable(channel, 'an answer that is not a result');
    }
    // A non-2xx that still carries a well-formed error (e.g. a rejected argument) says more than
    // "unreachable"; anything else (proxy page, 401 without body, 502) is the server being away.
    const result = parseResult(body);
    if (result && !result.ok) return result;
    return unavailable(channel, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }

  const bridge: Record<string, Record<string, (arg?: unknown) => Promise<IpcResult<unknown>>>> = {};
  for (const channel of channelNames) {
    const [namespace, method] = splitChannel(channel);
    (bridge[namespace] ??= {})[method] = (arg?: unknown) => invoke(channel, arg);
  }

  // ---------- events ----------

  const eventListeners = new Map<EventName, Set<(payload: never) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const resyncListeners = new Set<() => void>();
  let state: ConnectionState = 'connecting';
  let socket: SocketLike | null = null;
  let started = false;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function setState(next: ConnectionState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...connectionListeners]) safely(() => listener(next), 'a connection listener failed');
  }

  function safely(run: () => void, message: string): void {
    try {
      run();
    } catch (error) {
      report(message, error);
    }
  }

  function ensureStarted(): void {
    if (started || closed) return;
    started = true;
    open();
  }

  function open(): void {
    retryTimer = undefined;
    if (closed) return;
    setState('connecting');
    const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor | undefined);
    const location = options.location ?? globalThis.location;
    let current: SocketLike;
    try {
      if (!Socket || !location) throw new Error('no WebSocket here');
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      current = new Socket(`${scheme}://${location.host}${DOCK_EVENTS_PATH}`);
    } catch (error) {
      report('could not open the event stream', error);
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      backoff.reset();
      setState('connected');
      for (const listener of [...resyncListeners]) safely(listener, 'a resync listener failed');
    };
    current.onmessage = (event) => {
      if (socket === current) dispatch(event.data);
    };
    // Errors are always followed by close, which is where reconnection happens.
    current.onerror = () => {};
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    if (closed) return;
    setState('disconnected');
    retryTimer = setTimeout(open, backoff.next());
  }

  function dispatch(data: unknown): void {
    let frame: unknown;
    try {
      frame = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      report('ignored an event frame that is not JSON', data);
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    const { event, payload } = frame as Partial<DockEventFrame>;
    // Unknown names are ignored so that a newer main can add events without breaking this page.
    if (!isEventName(event)) return;
    const parsed = eventChannels[event].safeParse(payload);
    if (!parsed.success) {
      report(`ignored a malformed ${event} event`, parsed.error);
      return;
    }
    const listeners = eventListeners.get(event);
    if (!listeners) return;
    for (const listener of [...listeners]) safely(() => listener(parsed.data as never), `a ${event} listener failed`);
  }

  function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    let listeners = eventListeners.get(event);
    if (!listeners) eventListeners.set(event, (listeners = new Set()));
    const entry = listener as (payload: never) => void;
    listeners.add(entry);
    ensureStarted();
    return () => {
      listeners.delete(entry);
    };
  }

  const connection: ConnectionSource = {
    getState: () => state,
    subscribe(listener) {
      connectionListeners.add(listener);
      ensureStarted();
      return () => {
        connectionListeners.delete(listener);
      };
    },
    onResync(listener) {
      resyncListeners.add(listener);
      ensureStarted();
      return () => {
        resyncListeners.delete(listener);
      };
    },
  };

  function close(): void {
    closed = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    const current = socket;
    socket = null;
    current?.close(1000, 'closed');
    setState('disconnected');
  }

  /** The transport's reason goes to the console for whoever debugs it; the broadcaster reads words. */
  function unavailable(channel: Channel, reason: string): { ok: false; error: IpcError } {
    report(`${channel} did not reach Sidestage: ${reason}`);
    return { ok: false, error: { code: 'unavailable', message: dockUnavailableMessage } };
  }

  return Object.assign(bridge, { on, connection, close }) as unknown as DockBridge;
}

export const dockUnavailableMessage = 'Sidestage’s background service is not answering: is the dock still running? Start it again, then reload this page.';

function parseResult(body: unknown): IpcResult<unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const candidate = body as { ok?: unknown; value?: unknown; error?: unknown };
  if (candidate.ok === true) return { ok: true, value: candidate.value };
  if (candidate.ok === false) {
    const error = ipcErrorSchema.safeParse(candidate.error);
    return error.success ? { ok: false, error: error.data } : null;
  }
  return null;
}
