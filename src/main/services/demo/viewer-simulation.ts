/**
 * The demo's "Simulate viewers" switch. While it is on, the demo channel is live and its viewers
 * chat (some lines with emotes; moderators and subscribers show their badges), come and go in chat,
 * redeem rewards, donate to the charity campaign, follow, subscribe and gift subscriptions, cheer,
 * now and then raid the channel, and vote on an open poll or predict on an open prediction, each at
 * its own steady, jittered pace (`simulation-pace.ts`). It drives the in-process emulator only
 * through its simulation API over HTTP (`emulator-http.ts`), so the app sees the activity exactly as
 * it would see a real platform's: EventSub notifications and REST.
 *
 * This file is the switch and the scheduler: start and stop in order, one timer per kind, each
 * turn timed from the end of the last, counts, and the emulator unreachable logged once per kind
 * until it answers again. What a turn does is in `viewer-behaviours.ts`, who does it in
 * `viewer-crowd.ts`, and what they say in `viewer-lines.ts`.
 */
import { SimulationApiError } from '../../../emulator/simulation-client';
import { noSimulationCounts } from '../../../shared/ipc/schemas/demo';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { describeFailure as describe, type EmulatorHttp } from './emulator-http';
import { activities, defaultPace, waitFor, type Activity, type SimulationPace } from './simulation-pace';
import { ViewerBehaviours, type SimulationCounts, type SimulationRun } from './viewer-behaviours';
import { ViewerCrowd, type Viewer } from './viewer-crowd';
import { simulatedViewers } from './viewer-lines';

export type { SimulationCounts } from './viewer-behaviours';

export interface ViewerSimulationState {
  running: boolean;
  /** When the current run started (ISO 8601); null while off. */
  startedAt: string | null;
  /** What the current (or last) run made happen; refusals are not counted. */
  counts: SimulationCounts;
}

export interface ViewerSimulationOptions {
  http: EmulatorHttp;
  broadcasterId: string;
  /** The demo seed's viewers (the broadcaster is never one). */
  viewers: readonly Viewer[];
  /** Viewers to create on the first start; `[]` for none. */
  extraViewers?: readonly { login: string; displayName: string }[];
  logger: Logger;
  clock?: Clock;
  /** Uniform in [0, 1), like Math.random. */
  random?: () => number;
  pace?: Partial<SimulationPace>;
}

const zeroCounts = (): SimulationCounts => ({ ...noSimulationCounts });

export class ViewerSimulation {
  private readonly http: EmulatorHttp;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly pace: SimulationPace;
  private readonly logger: Logger;
  private readonly changes = new Emitter<ViewerSimulationState>();
  private readonly timers = new Map<Activity, unknown>();
  private readonly inFlight = new Set<Promise<void>>();

  private running = false;
  private startedAt: number | null = null;
  private counts = zeroCounts();
  /** Bumped on every start and stop: a tick of an older run schedules nothing and sends nothing more. */
  private generation = 0;
  /** The simulation made the channel live and has not seen it go offline since. */
  private channelLive = false;
  /** Start and stop run one after the other, in the order they were asked for. */
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  private readonly crowd: ViewerCrowd;
  private readonly behaviours: ViewerBehaviours;
  /** Activities whose last attempt failed to reach the emulator: logged once until they succeed again. */
  private readonly failing = new Set<Activity>();

  constructor(private readonly options: ViewerSimulationOptions) {
    this.http = options.http;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.pace = { ...defaultPace, ...options.pace };
    this.logger = options.logger;
    this.crowd = new ViewerCrowd({
      http: this.http,
      broadcasterId: options.broadcasterId,
      viewers: options.viewers,
      extraViewers: options.extraViewers ?? simulatedViewers,
      random: this.random,
      logger: this.logger,
    });
    this.behaviours = new ViewerBehaviours({ http: this.http, broadcasterId: options.broadcasterId, crowd: this.crowd, clock: this.clock, random: this.random, pace: this.pace, logger: this.logger });
  }

  getState(): ViewerSimulationState {
    return {
      running: this.running,
      startedAt: this.startedAt === null ? null : new Date(this.startedAt).toISOString(),
      counts: { ...this.counts },
    };
  }

  onChange(listener: (state: ViewerSimulationState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Makes the channel live and starts the viewers. Already running: nothing changes. */
  start(): Promise<ViewerSimulationState> {
    return this.enqueue(() => this.doStart());
  }

  /** Stops every activity (waiting for requests already sent) and takes the channel offline. */
  stop(): Promise<ViewerSimulationState> {
    return this.enqueue(() => this.doStop());
  }

  /** Stops everything; the channel goes offline if it can (the emulator may be closing too). */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.enqueue(async () => {
      await this.halt();
      if (this.channelLive) await this.goOffline().catch(() => undefined);
    }).catch(() => undefined);
    this.changes.dispose();
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.queue.then(operation, operation);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async doStart(): Promise<ViewerSimulationState> {
    if (this.disposed) throw new AppError('unavailable', 'The viewer simulation has been shut down.');
    if (this.running) return this.getState();
    await this.http.streamOnline(this.options.broadcasterId, { viewer_count: 20 + Math.floor(this.random() * 40) }).catch((error: unknown) => {
      if (error instanceof SimulationApiError) throw new AppError('unavailable', `The emulator would not make the demo channel live: ${error.message}`);
      throw new AppError('unavailable', `Could not make the demo channel live: ${describe(error)}`);
    });
    this.channelLive = true;
    await this.crowd.addExtraViewers();
    this.generation++;
    this.running = true;
    this.startedAt = this.clock.now();
    this.counts = zeroCounts();
    // A new run reports its own first failure of each kind.
    this.failing.clear();
    for (const activity of activities) this.schedule(activity, this.pace.firstFraction);
    this.logger.info('viewer simulation started', { viewers: this.crowd.size });
    this.changed();
    return this.getState();
  }

  private async doStop(): Promise<ViewerSimulationState> {
    const wasRunning = this.running;
    await this.halt();
    if (wasRunning) {
      this.logger.info('viewer simulation stopped', { ...this.counts });
      this.changed();
    }
    // Also after a failed attempt: switching off again retries taking the channel offline.
    if (this.channelLive) await this.goOffline();
    return this.getState();
  }

  /** No new timer, no new request; waits for the requests already on the wire. */
  private async halt(): Promise<void> {
    this.generation++;
    this.running = false;
    this.startedAt = null;
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private async goOffline(): Promise<void> {
    try {
      await this.http.streamOffline(this.options.broadcasterId);
    } catch (error) {
      // 409: it is not live (someone ended the stream already), which is what was wanted.
      if (!(error instanceof SimulationApiError)) throw new AppError('unavailable', `Could not take the demo channel offline: ${describe(error)}`);
      if (error.status !== 409) throw new AppError('unavailable', `The emulator would not take the demo channel offline: ${error.message}`);
    }
    this.channelLive = false;
  }

  /** A wait around the activity's mean: mean × [1 - jitter, 1 + jitter]. */
  delayFor(activity: Activity, fraction = 1): number {
    return waitFor(this.pace, activity, this.random, fraction);
  }

  private schedule(activity: Activity, fraction = 1): void {
    const generation = this.generation;
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(activity);
      const tick = this.tick(activity, generation).finally(() => this.inFlight.delete(tick));
      this.inFlight.add(tick);
    }, this.delayFor(activity, fraction));
    this.timers.set(activity, handle);
  }

  private async tick(activity: Activity, generation: number): Promise<void> {
    try {
      await this.act(activity, generation);
      if (this.failing.delete(activity)) this.logger.info(`viewer simulation: ${activity} works again`);
    } catch (error) {
      // The emulator unreachable for a moment is not a reason to stop: the next tick tries again.
      // Said once, not on every tick, until it works again.
      if (!this.failing.has(activity)) {
        this.failing.add(activity);
        this.logger.warn(`viewer simulation: ${activity} failed; retrying quietly`, { error: describe(error) });
      }
    }
    // The next one is timed from the end of this one, so a slow emulator is never flooded.
    if (this.current(generation)) this.schedule(activity);
  }

  private act(activity: Activity, generation: number): Promise<void> {
    const run: SimulationRun = { current: () => this.current(generation), count: (key, by) => this.count(key, by) };
    return this.behaviours.act(activity, run);
  }

  private current(generation: number): boolean {
    return generation === this.generation && this.running;
  }

  private count(key: keyof SimulationCounts, by = 1): void {
    this.counts[key] += by;
    this.changed();
  }

  private changed(): void {
    this.changes.fire(this.getState());
  }
}
