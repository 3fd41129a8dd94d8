/**
 * What OBS streams, from its StreamStateChanged events (a request's answer never overwrites a newer
 * event), Start/Stop streaming, and the stream's health polled while live (GetStreamStatus +
 * GetStats, one sample at a time) through the pure `obs-health.ts`: problem episodes told once
 * through the `Notifier`, and the optional marker after a reconnect.
 */
import type { ObsState, ObsStreamState } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SettingsStore } from '../settings/settings-store';
import type { ObsConnection } from './obs-connection';
import { defaultHealthThresholds, HealthTracker, type HealthThresholds } from './obs-health';
import { obsRequestStatus, obsStatusOf } from './obs-status-codes';

const streamStates: Record<string, ObsStreamState> = {
  OBS_WEBSOCKET_OUTPUT_STARTING: 'starting',
  OBS_WEBSOCKET_OUTPUT_STARTED: 'started',
  OBS_WEBSOCKET_OUTPUT_STOPPING: 'stopping',
  OBS_WEBSOCKET_OUTPUT_STOPPED: 'stopped',
  OBS_WEBSOCKET_OUTPUT_RECONNECTING: 'reconnecting',
  OBS_WEBSOCKET_OUTPUT_RECONNECTED: 'started',
};

export interface ObsStreamMonitorOptions {
  connection: Pick<ObsConnection, 'generation' | 'request'>;
  settings: SettingsStore;
  logger: Logger;
  clock: Clock;
  /** Health problems while live, once per episode. */
  notifier?: Notifier;
  /** Drops a stream marker (the auto marker after a reconnect). */
  dropMarker?: (description: string) => Promise<unknown>;
  health?: Partial<HealthThresholds>;
  /** Health sampling while live. */
  pollMs: number;
  /** How long "starting" may last before OBS is asked whether its output runs. */
  startTimeoutMs: number;
  /** Something it shows changed. */
  changed(): void;
}

export class ObsStreamMonitor {
  private readonly health: HealthTracker;
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

  constructor(private readonly options: ObsStreamMonitorOptions) {
    this.health = new HealthTracker({ ...defaultHealthThresholds, ...options.health });
  }

  /** The stream's part of `ObsState`. */
  getState(): Pick<ObsState, 'streamState' | 'streamStateSince' | 'health' | 'streamProblem'> {
    return {
      streamState: this.streamState,
      streamStateSince: this.streamStateSince === null ? null : new Date(this.streamStateSince).toISOString(),
      health: this.streamState === 'started' || this.streamState === 'reconnecting' ? this.lastHealth : null,
      streamProblem: this.streamProblem,
    };
  }

  /** Just connected: what OBS streams now, unless one of its events said so meanwhile. */
  async readCurrent(generation: number): Promise<void> {
    const eventsBefore = this.streamEvents;
    const status = await this.options.connection.request('GetStreamStatus');
    if (generation !== this.options.connection.generation || this.streamEvents !== eventsBefore) return;
    this.setStreamState(status.outputReconnecting ? 'reconnecting' : status.outputActive ? 'started' : 'stopped');
  }

  /** The socket is gone: nothing is known of the stream until the next one says. */
  lost(): void {
    this.stopPolling();
    if (this.streamState !== 'unknown') this.setStreamState('unknown', false);
  }

  async startStream(): Promise<void> {
    const eventsBefore = this.streamEvents;
    try {
      await this.options.connection.request('StartStream');
    } catch (error) {
      if (obsStatusOf(error) === obsRequestStatus.outputRunning) throw new AppError('invalid_argument', 'OBS is already streaming.');
      throw error;
    }
    // OBS's own events may already have overtaken the answer (even STARTING then STOPPED): only without them is "starting" shown.
    if (this.streamEvents === eventsBefore && this.streamState === 'stopped') {
      this.streamProblem = null;
      this.setStreamState('starting');
    }
  }

  async stopStream(): Promise<void> {
    try {
      await this.options.connection.request('StopStream');
    } catch (error) {
      if (obsStatusOf(error) === obsRequestStatus.outputNotRunning) throw new AppError('invalid_argument', 'OBS is not streaming.');
      throw error;
    }
  }

  onStreamStateChanged(generation: number, outputState: string): void {
    if (generation !== this.options.connection.generation) return;
    const next = streamStates[outputState];
    if (!next) return;
    this.streamEvents++;
    const now = this.options.clock.now();
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
        this.options.logger.warn('OBS stream did not start');
      }
      this.startPending = false;
    }
    this.setStreamState(next);
  }

  private setStreamState(state: ObsStreamState, emit = true): void {
    if (state !== this.streamState) {
      this.streamState = state;
      this.streamStateSince = this.options.clock.now();
    }
    if (state === 'started' || state === 'reconnecting') this.startPolling();
    else {
      this.stopPolling();
      this.lastHealth = null;
    }
    if (state === 'starting') this.armStartWatchdog();
    else this.disarmStartWatchdog();
    if (emit) this.options.changed();
  }

  /**
   * OBS 29 sometimes ignores a StartStream sent right after a stop: no STARTING event, no publish.
   * Without a limit the app would say "Starting…" for ever; after `startTimeoutMs` OBS is asked,
   * and a stream that is not running is reported as not started, so Start can be pressed again.
   */
  private armStartWatchdog(): void {
    if (this.startWatchdog !== null) return;
    const { connection, clock, startTimeoutMs, logger } = this.options;
    const generation = connection.generation;
    this.startWatchdog = clock.setTimeout(() => {
      this.startWatchdog = null;
      if (generation !== connection.generation || this.streamState !== 'starting') return;
      connection
        .request('GetStreamStatus')
        .then((status) => {
          if (generation !== connection.generation || this.streamState !== 'starting') return;
          const { outputActive, outputReconnecting } = status as { outputActive?: boolean; outputReconnecting?: boolean };
          if (outputActive) return this.setStreamState(outputReconnecting ? 'reconnecting' : 'started');
          this.startPending = false;
          this.streamProblem = `OBS did not start the stream within ${Math.round(startTimeoutMs / 1000)} s. Press Start streaming again; if it happens again, start it in OBS to see its reason.`;
          logger.warn('OBS stream start timed out');
          this.setStreamState('stopped');
        })
        .catch((error: unknown) => {
          if (generation !== connection.generation || this.streamState !== 'starting') return;
          this.streamProblem = `OBS did not start the stream within ${Math.round(startTimeoutMs / 1000)} s and did not answer when asked (${error instanceof Error ? error.message : String(error)}).`;
          this.options.changed();
        });
    }, startTimeoutMs);
  }

  private disarmStartWatchdog(): void {
    if (this.startWatchdog !== null) this.options.clock.clearTimeout(this.startWatchdog);
    this.startWatchdog = null;
  }

  private startPolling(): void {
    if (this.pollTimer !== null) return;
    this.pollTimer = this.options.clock.setInterval(() => this.poll(), this.options.pollMs);
    this.poll();
  }

  private stopPolling(): void {
    if (this.pollTimer !== null) this.options.clock.clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** One sample at a time: a slow OBS never has two polls in flight. */
  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    const { connection } = this.options;
    const generation = connection.generation;
    Promise.all([connection.request('GetStreamStatus'), connection.request('GetStats')])
      .then(([stream, stats]) => {
        if (generation !== connection.generation || this.pollTimer === null) return;
        const update = this.health.sample(this.options.clock.now(), stream, stats);
        this.lastHealth = update.health;
        if (update.newProblem) this.notify(update.newProblem);
        this.options.changed();
      })
      .catch((error: unknown) => this.options.logger.debug('OBS health poll failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.polling = false;
      });
  }

  private notify(problem: string): void {
    this.options.logger.warn('OBS stream health problem', { problem });
    try {
      this.options.notifier?.show({ title: 'Stream problem in OBS', body: problem, tag: 'obs-health', urgency: 'error' });
    } catch (error) {
      this.options.logger.warn('OBS health notification failed', { error });
    }
  }

  private autoMarker(): void {
    if (!this.options.settings.get('obs.autoMarkerOnReconnect') || !this.options.dropMarker) return;
    this.options.dropMarker('OBS reconnected after a drop').catch((error: unknown) =>
      this.options.logger.warn('automatic marker after an OBS reconnect failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  }
}
