/**
 * OBS Studio for the rest of Sidestage: its settings (host, port, the saved password, on or off),
 * the connection (`obs-connection.ts`), "Send to OBS" and the output settings
 * (`obs-stream-target.ts`), Start/Stop and the stream's state and health (`obs-stream-monitor.ts`),
 * announced together as one `ObsState`.
 *
 * Plain Node: the app and the dock both run it in main. The password and the stream key never
 * leave this service except to OBS: not in the state, not in a log line, not in an error.
 */
import type { OBSRequestTypes, OBSResponseTypes } from 'obs-websocket-js/json';
import type { ObsOutputSettings, ObsState, ObsStreamTarget, ObsSendResult } from '../../../shared/ipc/contract';
import type { BackoffOptions } from '../../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SettingsStore } from '../settings/settings-store';
import type { HealthThresholds } from './obs-health';
import type { IngestTarget } from './ingest-target';
import { ObsConnection } from './obs-connection';
import type { ObsPasswordStore } from './obs-password-store';
import { ObsStreamMonitor } from './obs-stream-monitor';
import { compareStreamTarget, readOutputSettings, sendStreamTarget } from './obs-stream-target';

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

export class ObsService {
  private readonly settings: SettingsStore;
  private readonly logger: Logger;
  private readonly changes = new Emitter<ObsState>();
  private readonly obsEvents = new Emitter<{ name: string; data: unknown }>();
  private readonly connection: ObsConnection;
  private readonly stream: ObsStreamMonitor;
  private passwordSaved = false;
  private started: Promise<void> | null = null;
  private disposed = false;

  constructor(private readonly options: ObsServiceOptions) {
    this.settings = options.settings;
    this.logger = options.logger;
    const clock = options.clock ?? systemClock;
    const changed = () => this.emit();
    this.connection = new ObsConnection({
      settings: this.settings,
      passwords: options.passwords,
      passwordSaved: () => this.passwordSaved,
      logger: this.logger,
      clock,
      backoff: options.backoff,
      timeoutMs: options.timeoutMs ?? 10_000,
      hooks: {
        connected: (generation) => this.stream.readCurrent(generation),
        streamStateChanged: (generation, outputState) => this.stream.onStreamStateChanged(generation, outputState),
        lost: () => this.stream.lost(),
        event: (name, data) => this.obsEvents.fire({ name, data }),
        changed,
      },
    });
    this.stream = new ObsStreamMonitor({
      connection: this.connection,
      settings: this.settings,
      logger: this.logger,
      clock,
      notifier: options.notifier,
      dropMarker: options.dropMarker,
      health: options.health,
      pollMs: options.pollMs ?? 2000,
      startTimeoutMs: options.startTimeoutMs ?? 20_000,
      changed,
    });
  }

  /** Reads whether a password is saved and connects when the connection was left on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.passwordSaved = (await this.options.passwords.load()) !== null;
      if (this.settings.get('obs.enabled')) this.connection.attempt();
      else this.emit();
    })();
    return this.started;
  }

  getState(): ObsState {
    return {
      enabled: this.settings.get('obs.enabled'),
      host: this.settings.get('obs.host'),
      port: this.settings.get('obs.port'),
      passwordSaved: this.passwordSaved,
      ...this.connection.getState(),
      ...this.stream.getState(),
      autoMarkerOnReconnect: this.settings.get('obs.autoMarkerOnReconnect'),
    };
  }

  onChange(listener: (state: ObsState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** OBS's scene, stream and recording events, by obs-websocket's names (automations' triggers). */
  onEvent(listener: (event: { name: string; data: unknown }) => void): Disposer {
    return this.obsEvents.on(listener);
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
    this.connection.reconnect();
    return this.getState();
  }

  async disconnect(): Promise<ObsState> {
    await this.start();
    this.settings.set('obs.enabled', false);
    this.connection.disconnect();
    return this.getState();
  }

  setOptions(update: { autoMarkerOnReconnect?: boolean }): ObsState {
    if (update.autoMarkerOnReconnect !== undefined) this.settings.set('obs.autoMarkerOnReconnect', update.autoMarkerOnReconnect);
    this.emit();
    return this.getState();
  }

  /** OBS's output settings, for the go-live checklist. Read only; the checklist gives advice, never writes them. */
  getOutputSettings(): Promise<ObsOutputSettings> {
    return readOutputSettings(this.connection.request);
  }

  /** What OBS holds compared with the selected ingest server and the stream key. */
  async checkStreamTarget(): Promise<ObsStreamTarget> {
    return compareStreamTarget(this.connection.request, await this.options.getIngestTarget());
  }

  /** "Send to OBS": see `sendStreamTarget`; a different value is overwritten only when confirmed (`overwrite`). */
  async sendStreamTarget(overwrite = false): Promise<ObsSendResult> {
    return sendStreamTarget(this.connection.request, await this.options.getIngestTarget(), overwrite, this.logger);
  }

  async startStream(): Promise<ObsState> {
    await this.stream.startStream();
    return this.getState();
  }

  async stopStream(): Promise<ObsState> {
    await this.stream.stopStream();
    return this.getState();
  }

  /**
   * One request of obs-websocket 5 over the connection, bounded in time, refused in words when OBS
   * is not connected or says no (`AppError` with OBS's status code in `details.status`): the one way
   * other features (automations, overlays) control scenes, sources and outputs.
   */
  call<T extends keyof OBSRequestTypes>(type: T, data?: OBSRequestTypes[T]): Promise<OBSResponseTypes[T]> {
    return this.connection.request(type as never, data as never) as Promise<OBSResponseTypes[T]>;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.connection.dispose();
    this.changes.dispose();
  }

  private reconnectIfOn(): void {
    if (!this.settings.get('obs.enabled')) {
      this.emit();
      return;
    }
    this.connection.reconnect();
  }

  private emit(): void {
    if (!this.disposed) this.changes.fire(this.getState());
  }
}

/** What another feature needs of OBS: one request at a time over Sidestage's one connection. */
export type ObsRequests = Pick<ObsService, 'call'>;
