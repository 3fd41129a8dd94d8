/**
 * The connection to OBS Studio over obs-websocket 5 (obs-websocket-js): one socket at a time, its
 * states in words (refused: "OBS not running"; close code 4009: "wrong password"; no obs-websocket
 * 5, close code 4010 or a version below 5: "OBS too old"), reconnects with the one Backoff while
 * the connection is on (not after a wrong password or a too-old OBS), and every connect and request
 * bounded in time (the library leaves a request pending forever when the socket closes).
 *
 * The password never leaves this file except to OBS: not in a status, a log line or an error.
 */
import { OBSWebSocket, OBSWebSocketError, EventSubscription } from 'obs-websocket-js/json';
import type { ObsConnectionStatus, ObsState } from '../../../shared/ipc/contract';
import { Backoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import { withTimeout } from '../common/with-timeout';
import type { Logger } from '../logger';
import type { SettingsStore } from '../settings/settings-store';
import type { ObsStatsSample, ObsStreamSample } from './obs-health';
import type { ObsPasswordStore } from './obs-password-store';

/** obs-websocket's close codes (WebSocketCloseCode in its protocol). */
const closeAuthenticationFailed = 4009;
const closeUnsupportedRpcVersion = 4010;

/** The requests Sidestage makes, with the fields it reads (obs-websocket 5, RPC version 1). */
export interface ObsRequestMap {
  GetVersion: { data: undefined; response: { obsVersion: string; obsWebSocketVersion: string } };
  GetStreamStatus: { data: undefined; response: ObsStreamSample };
  GetStats: { data: undefined; response: ObsStatsSample };
  GetStreamServiceSettings: { data: undefined; response: { streamServiceType: string; streamServiceSettings: Record<string, unknown> | null } };
  SetStreamServiceSettings: { data: { streamServiceType: string; streamServiceSettings: Record<string, unknown> }; response: undefined };
  StartStream: { data: undefined; response: undefined };
  GetProfileParameter: { data: { parameterCategory: string; parameterName: string }; response: { parameterValue: string | null; defaultParameterValue: string | null } };
  GetVideoSettings: {
    data: undefined;
    response: { fpsNumerator: number; fpsDenominator: number; baseWidth: number; baseHeight: number; outputWidth: number; outputHeight: number };
  };
  StopStream: { data: undefined; response: undefined };
}

/** One request on the current socket; refused in words when there is none, or when OBS refuses or does not answer. */
export type ObsRequest = <T extends keyof ObsRequestMap>(type: T, data?: ObsRequestMap[T]['data']) => Promise<ObsRequestMap[T]['response']>;

/** What the rest of the OBS service hears from the connection. */
export interface ObsConnectionHooks {
  /** The socket of `generation` is identified and its version read: read what OBS streams now. */
  connected(generation: number): Promise<void>;
  /** OBS's StreamStateChanged on the socket of `generation`. */
  streamStateChanged(generation: number, outputState: string): void;
  /** The socket is gone (closed by OBS or by Sidestage): what it streamed is no longer known. */
  lost(): void;
  /** OBS's scene, stream and recording events by their protocol names (automations' "OBS event" triggers). */
  event?(name: 'CurrentProgramSceneChanged' | 'StreamStateChanged' | 'RecordStateChanged', data: unknown): void;
  /** The status, its words, the versions or the next retry changed. */
  changed(): void;
}

export interface ObsConnectionOptions {
  settings: SettingsStore;
  passwords: ObsPasswordStore;
  /** Whether a password is saved (the words of a refusal differ). */
  passwordSaved(): boolean;
  logger: Logger;
  clock: Clock;
  /** Waits between reconnects; default 1 s doubling to 30 s, without jitter (one client, counted on screen). */
  backoff?: BackoffOptions;
  /** How long a connect (socket, Hello, Identify) or a request may take. */
  timeoutMs: number;
  hooks: ObsConnectionHooks;
}

type Failure = { status: ObsConnectionStatus; text: string; retry: boolean };

const notConnectedText = 'Not connected to OBS';

export class ObsConnection {
  private readonly backoff: Backoff;
  private socket: OBSWebSocket | null = null;
  /** Bumped for every connect and disconnect, so that a late answer of an old socket changes nothing. */
  private generationNumber = 0;
  private status: ObsConnectionStatus = 'off';
  private statusText = notConnectedText;
  private versions: { obs: string; websocket: string } | null = null;
  private retryTimer: unknown = null;
  private nextRetryAt: number | null = null;
  private disposed = false;

  constructor(private readonly options: ObsConnectionOptions) {
    this.backoff = new Backoff(options.backoff ?? { initialMs: 1000, maxMs: 30_000, jitter: 'none' });
  }

  /** The socket's number: an answer for an older one is stale. */
  get generation(): number {
    return this.generationNumber;
  }

  /** The connection's part of `ObsState`. */
  getState(): Pick<ObsState, 'status' | 'statusText' | 'obsVersion' | 'websocketVersion' | 'nextRetryAt' | 'retries'> {
    return {
      status: this.status,
      statusText: this.statusText,
      obsVersion: this.versions?.obs ?? null,
      websocketVersion: this.versions?.websocket ?? null,
      nextRetryAt: this.nextRetryAt === null ? null : new Date(this.nextRetryAt).toISOString(),
      retries: this.backoff.attempts,
    };
  }

  /** Connects again from the first wait (the settings or the password changed, or Connect was pressed). */
  reconnect(): void {
    this.backoff.reset();
    this.attempt();
  }

  /** Closes the socket and stays off. */
  disconnect(): void {
    this.close();
    this.setStatus('off', notConnectedText);
  }

  dispose(): void {
    this.disposed = true;
    this.close();
  }

  readonly request: ObsRequest = (type, data) => this.requestOn(this.socket, type, data);

  /** One connect try on a fresh socket; a failure schedules the next one while the connection is on. */
  attempt(): void {
    if (this.disposed) return;
    this.close();
    const generation = ++this.generationNumber;
    const { settings, hooks, logger } = this.options;
    const host = settings.get('obs.host');
    const port = settings.get('obs.port');
    const where = `${host}:${port}`;
    const socket = new OBSWebSocket();
    this.socket = socket;
    this.setStatus('connecting', `Connecting to OBS at ${where}…`);
    const run = async () => {
      const password = (await this.options.passwords.load()) ?? undefined;
      const url = `ws://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
      const identified = await this.bounded(
        socket.connect(url, password, { rpcVersion: 1, eventSubscriptions: EventSubscription.Outputs | EventSubscription.Scenes }),
        `OBS at ${where} did not answer within ${Math.round(this.options.timeoutMs / 1000)} s.`,
      );
      if (generation !== this.generationNumber) return;
      const websocketVersion = String(identified.obsWebSocketVersion ?? '');
      if (Number.parseInt(websocketVersion, 10) < 5 || identified.negotiatedRpcVersion < 1) {
        throw new ObsFailure({ status: 'too-old', text: `OBS too old: obs-websocket ${websocketVersion} (Sidestage needs 5 or newer)`, retry: false });
      }
      socket.on('ConnectionClosed', (error) => this.onClosed(generation, error));
      socket.on('StreamStateChanged', (event) => {
        hooks.streamStateChanged(generation, event.outputState);
        if (generation === this.generationNumber) hooks.event?.('StreamStateChanged', event);
      });
      socket.on('RecordStateChanged', (event) => generation === this.generationNumber && hooks.event?.('RecordStateChanged', event));
      socket.on('CurrentProgramSceneChanged', (event) => generation === this.generationNumber && hooks.event?.('CurrentProgramSceneChanged', event));
      const version = await this.requestOn(socket, 'GetVersion');
      if (generation !== this.generationNumber) return;
      this.versions = { obs: version.obsVersion, websocket: version.obsWebSocketVersion };
      this.backoff.reset();
      this.nextRetryAt = null;
      logger.info('connected to OBS', { host, port, obsVersion: version.obsVersion, websocketVersion: version.obsWebSocketVersion });
      this.setStatus('connected', `Connected to OBS ${version.obsVersion} (obs-websocket ${version.obsWebSocketVersion})`);
      await hooks.connected(generation);
    };
    run().catch((error: unknown) => {
      if (generation !== this.generationNumber) return;
      const failure = this.describe(error, where);
      logger.warn('OBS connection failed', { host, port, status: failure.status, reason: failure.text });
      this.close();
      this.fail(failure);
    });
  }

  private onClosed(generation: number, error: OBSWebSocketError): void {
    if (generation !== this.generationNumber) return;
    const where = `${this.options.settings.get('obs.host')}:${this.options.settings.get('obs.port')}`;
    this.options.logger.warn('OBS connection closed', { code: error.code });
    this.socket = null;
    this.generationNumber++;
    this.options.hooks.lost();
    this.fail({ status: 'not-running', text: `OBS not running: it closed the connection at ${where} (quit or crashed?)`, retry: true });
  }

  private fail(failure: Failure): void {
    this.versions = null;
    this.status = failure.status;
    this.statusText = failure.text;
    if (failure.retry && this.options.settings.get('obs.enabled') && !this.disposed) {
      const wait = this.backoff.next();
      this.nextRetryAt = this.options.clock.now() + wait;
      this.retryTimer = this.options.clock.setTimeout(() => {
        this.retryTimer = null;
        this.nextRetryAt = null;
        this.attempt();
      }, wait);
    } else {
      this.nextRetryAt = null;
    }
    this.options.hooks.changed();
  }

  private describe(error: unknown, where: string): Failure {
    if (error instanceof ObsFailure) return error.failure;
    const code = error instanceof OBSWebSocketError ? error.code : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (code === closeAuthenticationFailed) {
      return this.options.passwordSaved()
        ? { status: 'wrong-password', text: 'Wrong password: OBS refused it. Check Tools › WebSocket Server Settings in OBS.', retry: false }
        : { status: 'wrong-password', text: 'OBS asks for a password: enter the one in Tools › WebSocket Server Settings.', retry: false };
    }
    if (code === closeUnsupportedRpcVersion || /subprotocol/i.test(message)) {
      return { status: 'too-old', text: 'OBS too old: its WebSocket server does not speak obs-websocket 5 (OBS 28 or newer has it).', retry: false };
    }
    if (/ECONNREFUSED/.test(message)) return { status: 'not-running', text: `OBS not running (nothing answers at ${where})`, retry: true };
    if (error instanceof AppError && error.code === 'timeout') return { status: 'unreachable', text: error.message, retry: true };
    return { status: 'unreachable', text: `OBS not reachable at ${where}${message ? `: ${message}` : ''}`, retry: true };
  }

  private close(): void {
    this.generationNumber++;
    if (this.retryTimer !== null) this.options.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.nextRetryAt = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect().catch((error: unknown) => this.options.logger.debug('OBS socket close failed', { error }));
    }
    this.options.hooks.lost();
    this.versions = null;
  }

  private setStatus(status: ObsConnectionStatus, text: string): void {
    this.status = status;
    this.statusText = text;
    this.options.hooks.changed();
  }

  private async requestOn<T extends keyof ObsRequestMap>(socket: OBSWebSocket | null, type: T, data?: ObsRequestMap[T]['data']): Promise<ObsRequestMap[T]['response']> {
    if (!socket) {
      throw this.notConnected();
    }
    try {
      const call = socket.call(type as never, data as never) as Promise<ObsRequestMap[T]['response']>;
      return await this.bounded(call, `OBS did not answer ${type} within ${Math.round(this.options.timeoutMs / 1000)} s.`);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof OBSWebSocketError) {
        throw new AppError('unavailable', `OBS refused ${type}${error.message ? `: ${error.message}` : ''}`, { status: error.code });
      }
      throw this.notConnected();
    }
  }

  /** Why a request cannot go out; said once when the status is already "Not connected to OBS". */
  private notConnected(): AppError {
    return new AppError('unavailable', this.statusText === notConnectedText ? notConnectedText : `${notConnectedText}: ${this.statusText}`);
  }

  /** The library leaves a request pending forever when the socket closes: every wait is bounded. */
  private bounded<T>(promise: Promise<T>, message: string): Promise<T> {
    return withTimeout(promise, this.options.clock, this.options.timeoutMs, message);
  }
}

class ObsFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.text);
  }
}
