/**
 * The shared fixture of the emulator's own tests: one emulator per test file, started with the demo
 * seed before the file's tests, closed after them and (by default) reset before each test, plus the
 * requests most tests send (a token from the simulation API, a current-API call, a simulation call).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { call, helixHeaders, type CallOptions, type TestResponse } from './emulator-test-client';
import { reasonPhrase } from '../http/error-body';
import { v5Headers } from './v5-test-helpers';
import { startEmulator, type EmulatorState, type RunningEmulator, type StartEmulatorOptions } from '../server';
import { createSimulationClient, type SimulationClient } from '../simulation-client';
import { eventSubOf } from '../eventsub/eventsub-state';
import type { Notification } from '../eventsub/notification';

export interface DemoEmulatorOptions extends Omit<StartEmulatorOptions, 'seed'> {
  /** Reset the state before each test; on by default. */
  reset?: boolean;
}

/** What `mint` sends besides the user and the scopes. */
export interface MintExtra {
  /** The demo client by default. */
  client_id?: string;
  expires_in?: number;
}

export type HttpMethod = NonNullable<CallOptions['method']>;

export interface HelixOptions {
  /** The token to send; without it, one of the broadcaster minted with `scopes` (none by default). */
  token?: string;
  scopes?: string[];
  /** The Client-Id to send; the demo client by default. */
  clientId?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** More headers, sent over the Authorization and Client-Id ones. */
  headers?: Record<string, string>;
}

export interface DemoEmulator {
  readonly emu: RunningEmulator;
  readonly url: string;
  readonly state: EmulatorState;
  /** The EventSub WebSocket URL. */
  readonly wsUrl: string;
  /** The demo seed's confidential client. */
  readonly clientId: string;
  /** The demo seed's broadcaster. */
  readonly broadcasterId: string;
  /** The typed simulation-API client (throws `SimulationApiError` on an error answer). */
  readonly sim: SimulationClient;
  /** An access token from the simulation API: a user token of `userId`, an app token with `null`. */
  mint(userId: string | null, scopes: string[], extra?: MintExtra): Promise<string>;
  /** A new client of the simulation API; answers its id. */
  newClient(name: string): Promise<string>;
  /** A current-API request; `path` is what follows `/helix`. */
  helix(method: HttpMethod, path: string, options?: HelixOptions): Promise<TestResponse>;
  /** A v5 request (`path` is what follows `/kraken`): the v5 headers with the demo client and, with `token`, `OAuth <token>`. */
  kraken(path: string, options?: CallOptions & { token?: string }): Promise<TestResponse>;
  /**
   * A raw simulation-API request, for the route tests that check statuses and malformed bodies;
   * `path` is what follows `/_emulator`. A POST with `body` as JSON, or without a body.
   */
  simulate(path: string, body?: unknown): Promise<TestResponse>;
  /** Moves the emulator's clock on. */
  advance(seconds: number): Promise<TestResponse>;
  /** Records the EventSub notifications the domain's events become, from now until the end of the current test. */
  recordEvents(): Notification[];
}

/** Registers the hooks of a file's emulator and answers its handle (usable inside tests and hooks only). */
export function useDemoEmulator(options: DemoEmulatorOptions = {}): DemoEmulator {
  const { reset = true, ...startOptions } = options;
  let running: RunningEmulator | undefined;
  const emu = (): RunningEmulator => {
    if (running === undefined) throw new Error('the demo emulator is not running: use it inside tests and hooks');
    return running;
  };
  const demoSeed = () => {
    const seed = emu().demo;
    if (seed === null) throw new Error('the emulator has no demo seed');
    return seed;
  };

  let client: SimulationClient | undefined;
  beforeAll(async () => {
    running = await startEmulator({ ...startOptions, seed: 'demo' });
    client = createSimulationClient({ baseUrl: running.url });
  });
  afterAll(() => running?.close());
  if (reset) beforeEach(() => emu().state.reset());
  const stops: (() => void)[] = [];
  afterEach(() => {
    while (stops.length > 0) stops.pop()!();
  });

  const demo: DemoEmulator = {
    get emu() {
      return emu();
    },
    get url() {
      return emu().url;
    },
    get state() {
      return emu().state;
    },
    get wsUrl() {
      return `${emu().url.replace(/^http/, 'ws')}/ws`;
    },
    get clientId() {
      return demoSeed().clientId;
    },
    get broadcasterId() {
      return demoSeed().broadcaster.id;
    },
    get sim() {
      emu();
      return client!;
    },
    async mint(userId, scopes, extra = {}) {
      const minted = await demo.sim.mintToken({ client_id: demo.clientId, ...(userId === null ? {} : { user_id: userId }), scopes, ...extra });
      return minted.access_token;
    },
    async newClient(name) {
      return (await demo.sim.createClient({ name, redirect_uris: [] })).client_id;
    },
    async helix(method, path, options = {}) {
      const token = options.token ?? (await demo.mint(demo.broadcasterId, options.scopes ?? []));
      const headers = { ...helixHeaders(token, options.clientId ?? demo.clientId), ...options.headers };
      return call(`${demo.url}/helix${path}`, { method, headers, ...(options.json === undefined ? {} : { json: options.json }) });
    },
    kraken(path, options = {}) {
      return call(`${demo.url}/kraken${path}`, { ...options, headers: { ...v5Headers(demo.clientId, options.token), ...options.headers } });
    },
    simulate(path, body) {
      return call(`${demo.url}/_emulator${path}`, body === undefined ? { method: 'POST' } : { json: body });
    },
    advance(seconds) {
      return demo.simulate('/clock', { advance_seconds: seconds });
    },
    recordEvents() {
      const events: Notification[] = [];
      stops.push(eventSubOf(emu().state).notifications.subscribe((event) => events.push(event)));
      return events;
    },
  };
  return demo;
}

/** The error body of the current and simulation APIs. */
export const apiError = (status: number, message: string) => ({ error: reasonPhrase(status), status, message });
export const badRequest = (message: string) => apiError(400, message);
export const unauthorized = (message: string) => apiError(401, message);
export const notFound = (message: string) => apiError(404, message);
