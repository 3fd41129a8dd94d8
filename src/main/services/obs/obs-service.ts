/**
 * OBS Studio over obs-websocket 5 (obs-websocket-js): the connection with its states in words,
 * reconnects with the one Backoff while on, "Send to OBS" (the ingest server and the stream key as
 * an rtmp_custom service, compared first so an overwrite is never silent), Start/Stop streaming,
 * OBS's stream state from its events and the stream's health polled while live.
 *
 * Plain Node: the app and the dock both run it in main. The password and the stream key never
 * leave this service except to OBS: not in the state, not in a log line, not in an error.
 */
import { OBSWebSocket, OBSWebSocketError, EventSubscription, type OBSRequestTypes, type OBSResponseTypes } from 'obs-websocket-js/json';
import type { ObsConnectionStatus, ObsOutputSettings, ObsState, ObsStreamState, ObsStreamTarget, ObsSendResult } from '../../../shared/ipc/contract';
import { Backoff, type BackoffOptions } from '../../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SettingsStore } from '../settings/settings-store';
import { defaultHealthThresholds, HealthTracker, type HealthThresholds, type ObsStatsSample, type ObsStreamSample } from './obs-health';
import type { IngestTarget } from './ingest-target';
import type { ObsPasswordStore } from './obs-password-store';

/** obs-websocket's close codes (WebSocketCloseCode in its protocol). */
const closeAuthenticationFailed = 4009;
const closeUnsupportedRpcVersion = 4010;
/** obs-websocket's request status codes for outputs. */
const statusOutputRunning = 500;
const statusOutputNotRunning = 501;

export interface ObsServiceOptions {
  settings: SettingsStore;
  passwords: ObsPasswordStore;
  logger: Logger;
  /** What "Send to OBS" sends; rejects in words (no server, not signed in). */
  getIngestTarget: () => Promise<IngestTarget>;
  /** Health problems while live, once per episode. */
  notifier?: Notifier;
  /** Drops a stream marker (the auto marker after a reconnect). */
  dropMarker?: (description: string) => Promise<unknown>;
  clock?: Clock;
  /** Waits between reconnects; default 1 s doubling to 30 s, without jitter (one client, counted on screen). */
  backoff?: BackoffOptions;
  health?: Partial<HealthThresholds>;
  /** Health sampling while live. Default 2 s. */
  pollMs?: number;
  /** How long a connect (socket, Hello, Identify) or a request may take. Default 10 s. */
  timeoutMs?: number;
  /** How long "starting" may last before OBS is asked whether its output runs. Default 20 s. */
  startTimeoutMs?: number;
}

type Failure = { status: ObsConnectionStatus; text: string; retry: boolean };

const streamStates: Record<string, ObsStreamState> = {
  OBS_WEBSOCKET_OUTPUT_STARTING: 'starting',
  OBS_WEBSOCKET_OUTPUT_STARTED: 'started',
  OBS_WEBSOCKET_OUTPUT_STOPPING: 'stopping',
  OBS_WEBSOCKET_OUTPUT_STOPPED: 'stopped',
  OBS_WEBSOCKET_OUTPUT_RECONNECTING: 'reconnecting',
  OBS_WEBSOCKET_OUTPUT_RECONNECTED: 'started',
};

export class ObsService {
  private readonly settings: SettingsStore;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly backoff: Backoff;
  private readonly health: HealthTracker;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly changes = new Emitter<ObsState>();

  private socket: OBSWebSocket | null = null;
  /** Bumped for every connect and disconnect, so that a late answer of an old socket changes nothing. */
  private generation = 0;
  private status: ObsConnectionStatus = 'off';
  private statusText = 'Not connected to OBS';
  private versions: { obs: string; websocket: string } | null = null;
  private passwordSaved = false;
  private retryTimer: unknown = null;
  private nextRetryAt: number | null = null;
  private streamState: ObsStreamState = 'unknown';
  private streamStateSince: number | null = null;
  private lastHealth: ObsState['health'] = null;
  private pollTimer: unknown = null;
  private startWatchdog: unknown = null;
  private polling = false;
  private sawReconnecting = false;
  /** Set between STARTING and STARTED: a STOPPED then means the start failed. */
  private startPending = false;
  /** Counts StreamStateChanged events, so that a request's answer never overwrites a newer event. */
  private streamEvents = 0;
  private streamProblem: string | null = null;
  private started: Promise<void> | null = null;
  private disposed = false;

  constructor(private readonly options: ObsServiceOptions) {
    this.settings = options.settings;
    this.logger = options.logger;
    this.clock = options.clock ?? systemClock;
    this.backoff = new Backoff(options.backoff ?? { initialMs: 1000, maxMs: 30_000, jitter: 'none' });
    this.health = new HealthTracker({ ...defaultHealthThresholds, ...options.health });
    this.pollMs = options.pollMs ?? 2000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 20_000;
  }

  /** Reads whether a password is saved and connects when the connection was left on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.passwordSaved = (await this.options.passwords.load()) !== null;
      if (this.settings.get('obs.enabled')) this.attempt();
      else this.emit();
    })();
    return this.started;
  }

  getState(): ObsState {
    const health = this.streamState === 'started' || this.streamState === 'reconnecting' ? this.lastHealth : null;
    return {
      enabled: this.settings.get('obs.enabled'),
      host: this.settings.get('obs.host'),
      port: this.settings.get('obs.port'),
      passwordSaved: this.passwordSaved,
      status: this.status,
      statusText: this.statusText,
      obsVersion: this.versions?.obs ?? null,
      websocketVersion: this.versions?.websocket ?? null,
      nextRetryAt: this.nextRetryAt === null ? null : new Date(this.nextRetryAt).toISOString(),
      retries: this.backoff.attempts,
      streamState: this.streamState,
      streamStateSince: this.streamStateSince === null ? null : new Date(this.streamStateSince).toISOString(),
      health,
      streamProblem: this.streamProblem,
      autoMarkerOnReconnect: this.settings.get('obs.autoMarkerOnReconnect'),
    };
  }

  onChange(listener: (state: ObsState) => void): Disposer {
    return this.changes.on(listener);
  }

  async setConnection(host: string, port: number): Promise<ObsState> {
    await this.start();
    this.settings.set('obs.host', host);
    this.settings.set('obs.port', port);
    this.logger.info('OBS connection settings changed', { host, port });
    this.reconnectIfOn();
    return this.getState();
  }

  /** Saves the password (empty: forgets it); never answered back. */
  async setPassword(password: string): Promise<ObsState> {
    await this.start();
    if (password === '') await this.options.passwords.clear();
    else await this.options.passwords.save(password);
    this.passwordSaved = password !== '';
    this.logger.info('OBS password changed', { saved: this.passwordSaved });
    this.reconnectIfOn();
    return this.getState();
  }

  async connect(): Promise<ObsState> {
    await this.start();
    this.settings.set('obs.enabled', true);
    this.backoff.reset();
    this.attempt();
    return this.getState();
  }

  async disconnect(): Promise<ObsState> {
    await this.start();
    this.settings.set('obs.enabled', false);
    this.closeSocket();
    this.setStatus('off', 'Not connected to OBS');
    return this.getState();
  }

  setOptions(update: { autoMarkerOnReconnect?: boolean }): ObsState {
    if (update.autoMarkerOnReconnect !== undefined) this.settings.set('obs.autoMarkerOnReconnect', update.autoMarkerOnReconnect);
    this.emit();
    return this.getState();
  }

  /**
   * OBS's output settings, for the go-live checklist: the output mode, encoder and bitrate from the
   * profile and the output size and fps. Read only; the checklist gives advice, never writes them.
   */
  async getOutputSettings(): Promise<ObsOutputSettings> {
    const param = async (parameterCategory: string, parameterName: string): Promise<string | null> =>
      (await this.request('GetProfileParameter', { parameterCategory, parameterName })).parameterValue ?? null;
    const [modeValue, video] = await Promise.all([param('Output', 'Mode'), this.request('GetVideoSettings')]);
    const mode = modeValue === 'Advanced' ? 'advanced' : modeValue === 'Simple' || modeValue === null ? 'simple' : 'unknown';
    let encoder: string | null = null;
    let videoBitrateKbps: number | null = null;
    let keyframeIntervalSeconds: number | null = null;
    if (mode === 'advanced') {
      // Advanced mode keeps bitrate and keyframe interval in the encoder's own file, out of obs-websocket's reach.
      encoder = await param('AdvOut', 'Encoder');
    } else {
      const [bitrate, simpleEncoder] = await Promise.all([param('SimpleOutput', 'VBitrate'), param('SimpleOutput', 'StreamEncoder')]);
      encoder = simpleEncoder ?? 'x264';
      const parsed = bitrate === null ? NaN : Number(bitrate);
      videoBitrateKbps = Number.isFinite(parsed) ? parsed : 2500;
      // Simple mode always streams with a 2 s keyframe interval (OBS sets keyint_sec itself there).
      keyframeIntervalSeconds = 2;
    }
    const fps = video.fpsDenominator > 0 ? video.fpsNumerator / video.fpsDenominator : null;
    return { mode, encoder, videoBitrateKbps, keyframeIntervalSeconds, outputWidth: video.outputWidth ?? null, outputHeight: video.outputHeight ?? null, fps };
  }

  /** What OBS holds compared with the selected ingest server and the stream key. */
  async checkStreamTarget(): Promise<ObsStreamTarget> {
    const target = await this.options.getIngestTarget();
    return this.compareWithObs(target);
  }

  /**
   * Sends the ingest server and key to OBS as a custom RTMP service. When OBS holds something else,
   * nothing is written unless `overwrite` (the broadcaster confirmed); when it already holds exactly
   * this, nothing is written either. The write is read back.
   */
  async sendStreamTarget(overwrite = false): Promise<ObsSendResult> {
    const target = await this.options.getIngestTarget();
    const before = await this.compareWithObs(target);
    if (before.match === 'same') return { outcome: 'already', target: before };
    if (before.match === 'different' && !overwrite) return { outcome: 'needs-confirmation', target: before };
    await this.request('SetStreamServiceSettings', {
      streamServiceType: 'rtmp_custom',
      streamServiceSettings: { server: target.server, key: target.key, use_auth: false },
    });
    const after = await this.compareWithObs(target);
    if (after.match !== 'same') throw new AppError('unavailable', `OBS did not keep the new stream settings (it holds ${after.differences.join(', ')}).`);
    this.logger.info('stream target sent to OBS', { server: target.server, overwrote: before.match === 'different' });
    return { outcome: 'sent', target: after };
  }

  async startStream(): Promise<ObsState> {
    const eventsBefore = this.streamEvents;
    try {
      await this.request('StartStream');
    } catch (error) {
      if (error instanceof AppError && error.details.status === statusOutputRunning) throw new AppError('invalid_argument', 'OBS is already streaming.');
      throw error;
    }
    // OBS's own events may already have overtaken the answer (even STARTING then STOPPED): only without them is "starting" shown.
    if (this.streamEvents === eventsBefore && this.streamState === 'stopped') {
      this.streamProblem = null;
      this.setStreamState('starting');
    }
    return this.getState();
  }

  async stopStream(): Promise<ObsState> {
    try {
      await this.request('StopStream');
    } catch (error) {
      if (error instanceof AppError && error.details.status === statusOutputNotRunning) throw new AppError('invalid_argument', 'OBS is not streaming.');
      throw error;
    }
    return this.getState();
  }

  /**
   * One request of obs-websocket 5 over the connection, bounded in time, refused in words when OBS
   * is not connected or says no (`AppError` with OBS's status code in `details.status`): the one way
   * other features (automations, overlays) control scenes, sources and outputs.
   */
  call<T extends keyof OBSRequestTypes>(type: T, data?: OBSRequestTypes[T]): Promise<OBSResponseTypes[T]> {
    return this.request(type as never, data as never) as Promise<OBSResponseTypes[T]>;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.closeSocket();
    this.changes.dispose();
  }

  // ---------- connection ----------

  private reconnectIfOn(): void {
    if (!this.settings.get('obs.enabled')) {
      this.emit();
      return;
    }
    this.backoff.reset();
    this.attempt();
  }

  /** One connect try on a fresh socket; a failure schedules the next one while the connection is on. */
  private attempt(): void {
    if (this.disposed) return;
    this.closeSocket();
    const generation = ++this.generation;
    const host = this.settings.get('obs.host');
    const port = this.settings.get('obs.port');
    const where = `${host}:${port}`;
    const socket = new OBSWebSocket();
    this.socket = socket;
    this.setStatus('connecting', `Connecting to OBS at ${where}…`);
    const run = async () => {
      const password = (await this.options.passwords.load()) ?? undefined;
      const url = `ws://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
      const identified = await this.withTimeout(
        socket.connect(url, password, { rpcVersion: 1, eventSubscriptions: EventSubscription.Outputs }),
        `OBS at ${where} did not answer within ${Math.round(this.timeoutMs / 1000)} s.`,
      );
      if (generation !== this.generation) return;
      const websocketVersion = String(identified.obsWebSocketVersion ?? '');
      if (Number.parseInt(websocketVersion, 10) < 5 || identified.negotiatedRpcVersion < 1) {
        throw new ObsFailure({ status: 'too-old', text: `OBS too old: obs-websocket ${websocketVersion} (Sidestage needs 5 or newer)`, retry: false });
      }
      socket.on('ConnectionClosed', (error) => this.onClosed(generation, error));
      socket.on('StreamStateChanged', (event) => this.onStreamStateChanged(generation, event.outputState));
      const version = await this.request('GetVersion', undefined, socket);
      if (generation !== this.generation) return;
      this.versions = { obs: version.obsVersion, websocket: version.obsWebSocketVersion };
      this.backoff.reset();
      this.nextRetryAt = null;
      this.logger.info('connected to OBS', { host, port, obsVersion: version.obsVersion, websocketVersion: version.obsWebSocketVersion });
      this.setStatus('connected', `Connected to OBS ${version.obsVersion} (obs-websocket ${version.obsWebSocketVersion})`);
      const eventsBefore = this.streamEvents;
      const status = await this.request('GetStreamStatus', undefined, socket);
      if (generation !== this.generation || this.streamEvents !== eventsBefore) return;
      this.setStreamState(status.outputReconnecting ? 'reconnecting' : status.outputActive ? 'started' : 'stopped');
    };
    run().catch((error: unknown) => {
      if (generation !== this.generation) return;
      const failure = this.describe(error, where);
      this.logger.warn('OBS connection failed', { host, port, status: failure.status, reason: failure.text });
      this.closeSocket();
      this.fail(failure);
    });
  }

  private onClosed(generation: number, error: OBSWebSocketError): void {
    if (generation !== this.generation) return;
    const where = `${this.settings.get('obs.host')}:${this.settings.get('obs.port')}`;
    this.logger.warn('OBS connection closed', { code: error.code });
    this.socket = null;
    this.generation++;
    this.stopPolling();
    this.setStreamState('unknown', false);
    this.fail({ status: 'not-running', text: `OBS not running: it closed the connection at ${where} (quit or crashed?)`, retry: true });
  }

  private fail(failure: Failure): void {
    this.versions = null;
    this.status = failure.status;
    this.statusText = failure.text;
    if (failure.retry && this.settings.get('obs.enabled') && !this.disposed) {
      const wait = this.backoff.next();
      this.nextRetryAt = this.clock.now() + wait;
      this.retryTimer = this.clock.setTimeout(() => {
        this.retryTimer = null;
        this.nextRetryAt = null;
        this.attempt();
      }, wait);
    } else {
      this.nextRetryAt = null;
    }
    this.emit();
  }

  private describe(error: unknown, where: string): Failure {
    if (error instanceof ObsFailure) return error.failure;
    const code = error instanceof OBSWebSocketError ? error.code : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (code === closeAuthenticationFailed) {
      return this.passwordSaved
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

  private closeSocket(): void {
    this.generation++;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.nextRetryAt = null;
    this.stopPolling();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect().catch((error: unknown) => this.logger.debug('OBS socket close failed', { error }));
    }
    if (this.streamState !== 'unknown') this.setStreamState('unknown', false);
    this.versions = null;
  }

  private setStatus(status: ObsConnectionStatus, text: string): void {
    this.status = status;
    this.statusText = text;
    this.emit();
  }

  // ---------- requests ----------

  private async request<T extends keyof RequestMap>(type: T, data?: RequestMap[T]['data'], socket = this.socket): Promise<RequestMap[T]['response']> {
    if (!socket) {
      throw new AppError('unavailable', `Not connected to OBS: ${this.statusText}`);
    }
    try {
      const call = socket.call(type as never, data as never) as Promise<RequestMap[T]['response']>;
      return await this.withTimeout(call, `OBS did not answer ${type} within ${Math.round(this.timeoutMs / 1000)} s.`);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof OBSWebSocketError) {
        throw new AppError('unavailable', `OBS refused ${type}${error.message ? `: ${error.message}` : ''}`, { status: error.code });
      }
      throw new AppError('unavailable', `Not connected to OBS: ${this.statusText}`);
    }
  }

  /** The library leaves a request pending forever when the socket closes: every wait is bounded. */
  private withTimeout<T>(promise: Promise<T>, message: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.clock.setTimeout(() => reject(new AppError('timeout', message)), this.timeoutMs);
      promise.then(
        (value) => {
          this.clock.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          this.clock.clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  private async compareWithObs(target: IngestTarget): Promise<ObsStreamTarget> {
    const current = await this.request('GetStreamServiceSettings');
    const settings = (current.streamServiceSettings ?? {}) as { server?: unknown; key?: unknown; service?: unknown };
    const server = typeof settings.server === 'string' ? settings.server.trim() : '';
    const key = typeof settings.key === 'string' ? settings.key : '';
    const custom = current.streamServiceType === 'rtmp_custom';
    const base = {
      server: target.server,
      serverName: target.serverName,
      obsService: typeof settings.service === 'string' ? settings.service : current.streamServiceType,
      obsServer: server || null,
    };
    if (custom && sameServer(server, target.server) && key === target.key) return { ...base, match: 'same', differences: [] };
    if (custom && server === '' && key === '') return { ...base, match: 'empty', differences: [] };
    const differences: string[] = [];
    if (!custom) differences.push(`the ${base.obsService ?? 'another'} service instead of a custom server`);
    if (server && !sameServer(server, target.server)) differences.push(`another server (${server})`);
    else if (!server) differences.push('no server');
    // Compared only: the key itself is never shown, logged or returned.
    if (key && key !== target.key) differences.push('a different stream key');
    else if (!key) differences.push('no stream key');
    return { ...base, match: 'different', differences };
  }

  // ---------- stream state and health ----------

  private onStreamStateChanged(generation: number, outputState: string): void {
    if (generation !== this.generation) return;
    const next = streamStates[outputState];
    if (!next) return;
    this.streamEvents++;
    const now = this.clock.now();
    if (outputState === 'OBS_WEBSOCKET_OUTPUT_RECONNECTING') {
      this.sawReconnecting = true;
      const problem = this.health.observe(now, 'OBS lost its connection to the ingest server and is reconnecting.');
      if (problem) this.notify(problem);
    }
    if (outputState === 'OBS_WEBSOCKET_OUTPUT_RECONNECTED' && this.sawReconnecting) {
      this.sawReconnecting = false;
      this.autoMarker();
    }
    if (outputState === 'OBS_WEBSOCKET_OUTPUT_STARTING') {
      this.health.resetCounters();
      this.startPending = true;
      this.streamProblem = null;
    }
    if (outputState === 'OBS_WEBSOCKET_OUTPUT_STARTED') this.startPending = false;
    if (outputState === 'OBS_WEBSOCKET_OUTPUT_STOPPED') {
      this.sawReconnecting = false;
      if (this.startPending) {
        this.streamProblem = 'OBS stopped before the stream started: it could not connect to the ingest server or was refused (check the server and the stream key; OBS shows the reason too).';
        this.logger.warn('OBS stream did not start');
      }
      this.startPending = false;
    }
    this.setStreamState(next);
  }

  private setStreamState(state: ObsStreamState, emit = true): void {
    if (state !== this.streamState) {
      this.streamState = state;
      this.streamStateSince = this.clock.now();
    }
    if (state === 'started' || state === 'reconnecting') this.startPolling();
    else {
      this.stopPolling();
      this.lastHealth = null;
    }
    if (state === 'starting') this.armStartWatchdog();
    else this.disarmStartWatchdog();
    if (emit) this.emit();
  }

  /**
   * OBS 29 sometimes ignores a StartStream sent right after a stop: no STARTING event, no publish.
   * Without a limit the app would say "Starting…" for ever; after `startTimeoutMs` OBS is asked,
   * and a stream that is not running is reported as not started, so Start can be pressed again.
   */
  private armStartWatchdog(): void {
    if (this.startWatchdog !== null) return;
    const generation = this.generation;
    this.startWatchdog = this.clock.setTimeout(() => {
      this.startWatchdog = null;
      if (generation !== this.generation || this.streamState !== 'starting') return;
      this.request('GetStreamStatus')
        .then((status) => {
          if (generation !== this.generation || this.streamState !== 'starting') return;
          const { outputActive, outputReconnecting } = status as { outputActive?: boolean; outputReconnecting?: boolean };
          if (outputActive) return this.setStreamState(outputReconnecting ? 'reconnecting' : 'started');
          this.startPending = false;
          this.streamProblem = `OBS did not start the stream within ${Math.round(this.startTimeoutMs / 1000)} s. Press Start streaming again; if it happens again, start it in OBS to see its reason.`;
          this.logger.warn('OBS stream start timed out');
          this.setStreamState('stopped');
        })
        .catch((error: unknown) => {
          if (generation !== this.generation || this.streamState !== 'starting') return;
          this.streamProblem = `OBS did not start the stream within ${Math.round(this.startTimeoutMs / 1000)} s and did not answer when asked (${error instanceof Error ? error.message : String(error)}).`;
          this.emit();
        });
    }, this.startTimeoutMs);
  }

  private disarmStartWatchdog(): void {
    if (this.startWatchdog !== null) this.clock.clearTimeout(this.startWatchdog);
    this.startWatchdog = null;
  }

  private startPolling(): void {
    if (this.pollTimer !== null) return;
    this.pollTimer = this.clock.setInterval(() => this.poll(), this.pollMs);
    this.poll();
  }

  private stopPolling(): void {
    if (this.pollTimer !== null) this.clock.clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** One sample at a time: a slow OBS never has two polls in flight. */
  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    const generation = this.generation;
    Promise.all([this.request('GetStreamStatus'), this.request('GetStats')])
      .then(([stream, stats]) => {
        if (generation !== this.generation || this.pollTimer === null) return;
        const update = this.health.sample(this.clock.now(), stream as ObsStreamSample, stats as ObsStatsSample);
        this.lastHealth = update.health;
        if (update.newProblem) this.notify(update.newProblem);
        this.emit();
      })
      .catch((error: unknown) => this.logger.debug('OBS health poll failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.polling = false;
      });
  }

  private notify(problem: string): void {
    this.logger.warn('OBS stream health problem', { problem });
    try {
      this.options.notifier?.show({ title: 'Stream problem in OBS', body: problem, tag: 'obs-health', urgency: 'error' });
    } catch (error) {
      this.logger.warn('OBS health notification failed', { error });
    }
  }

  private autoMarker(): void {
    if (!this.settings.get('obs.autoMarkerOnReconnect') || !this.options.dropMarker) return;
    this.options.dropMarker('OBS reconnected after a drop').catch((error: unknown) =>
      this.logger.warn('automatic marker after an OBS reconnect failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  }

  private emit(): void {
    if (!this.disposed) this.changes.fire(this.getState());
  }
}

class ObsFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.text);
  }
}

/** Servers compared as an encoder sees them: case, spaces and trailing slashes do not matter. */
export function sameServer(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\/+$/, '').toLowerCase();
  return norm(a) === norm(b);
}

/** The requests this service makes, with the fields it reads (obs-websocket 5, RPC version 1). */
/** What another feature needs of OBS: one request at a time over Sidestage's one connection. */
export type ObsRequests = Pick<ObsService, 'call'>;

interface RequestMap {
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
