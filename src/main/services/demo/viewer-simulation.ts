/**
 * The demo's "Simulate viewers" switch. While it is on, the demo channel is live and its viewers
 * redeem rewards, donate to the charity campaign and come and go in chat at a steady, jittered
 * pace. It drives the in-process emulator only through its simulation API over HTTP, so the app
 * sees the activity exactly as it would see a real platform's: EventSub notifications and REST.
 *
 * A refusal from the emulator (a cooldown, a paused reward, sold out, a per-viewer limit, no
 * campaign) is what a real viewer meets too: that attempt is skipped and the refused reward rests
 * for a while, so the next redemption picks another one.
 */
import { createSimulationClient, SimulationApiError, type SimulationClient } from '../../../emulator/simulation-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

export interface SimulationCounts {
  redemptions: number;
  donations: number;
  chatEvents: number;
}

export interface ViewerSimulationState {
  running: boolean;
  /** When the current run started (ISO 8601); null while off. */
  startedAt: string | null;
  /** What the current (or last) run made happen; refusals are not counted. */
  counts: SimulationCounts;
}

/**
 * The part of the emulator's simulation-API client the simulation uses; tests pass a client with a
 * fake `fetch`. An error answer arrives as a `SimulationApiError`, a network failure as any other error.
 */
export type EmulatorHttp = Pick<SimulationClient, 'streamOnline' | 'streamOffline' | 'state' | 'createUser' | 'redemptions' | 'redeem' | 'donate' | 'chatter'>;

const requestTimeoutMs = 10_000;

/** The emulator's simulation-API client for the emulator at `emulatorUrl` (loopback). */
export function createEmulatorHttp(emulatorUrl: string): EmulatorHttp {
  return createSimulationClient({ baseUrl: emulatorUrl, timeoutMs: requestTimeoutMs });
}

export interface SimulationPace {
  /** Mean time between two redemptions. */
  redemptionMs: number;
  donationMs: number;
  /** Mean time between two chat joins or leaves. */
  chatMs: number;
  /** Each wait is the mean times a uniform factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** The first of each activity comes sooner (this fraction of a wait), so switching on shows at once. */
  firstFraction: number;
  /** How long the reward list is reused before it is read again. */
  rewardsTtlMs: number;
  /** How long a refused reward is left alone. */
  refusedRestMs: number;
}

export const defaultPace: SimulationPace = {
  redemptionMs: 8_000,
  donationMs: 25_000,
  chatMs: 10_000,
  jitter: 0.5,
  firstFraction: 0.25,
  rewardsTtlMs: 60_000,
  refusedRestMs: 60_000,
};

/** Donations are $1-$25, in the demo campaign's currency (USD, 2 decimal places). */
export const donationBounds = { minCents: 100, maxCents: 2_500 } as const;

export interface Viewer {
  id: string;
  login: string;
}

/** Viewers the simulation adds to the demo channel's few seeded ones, so the crowd is plausible. */
export const simulatedViewers: readonly { login: string; displayName: string }[] = [
  { login: 'night_owl_nia', displayName: 'NightOwlNia' },
  { login: 'bytewizard', displayName: 'ByteWizard' },
  { login: 'mossy_mike', displayName: 'mossy_mike' },
  { login: 'teacup_tam', displayName: 'TeacupTam' },
  { login: 'retro_rin', displayName: 'RetroRin' },
  { login: 'glitchgoblin', displayName: 'GlitchGoblin' },
  { login: 'quiet_quill', displayName: 'quiet_quill' },
  { login: 'lofi_leo', displayName: 'LofiLeo' },
];

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

type Activity = 'redemption' | 'donation' | 'chat';

interface RewardView {
  id: string;
  title: string;
  prompt?: string;
  cost: number;
  is_enabled: boolean;
  is_paused: boolean;
  is_in_stock: boolean;
  is_user_input_required: boolean;
  global_cooldown_setting?: { is_enabled: boolean; global_cooldown_seconds: number };
}

const zeroCounts = (): SimulationCounts => ({ redemptions: 0, donations: 0, chatEvents: 0 });

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

  private viewerPool: Viewer[];
  private extrasPending: readonly { login: string; displayName: string }[];
  private rewards: RewardView[] = [];
  private rewardsFetchedAt = Number.NEGATIVE_INFINITY;
  private readonly restingUntil = new Map<string, number>();
  /** Who the simulation believes is in chat (corrected by every answer). */
  private readonly inChat = new Map<string, boolean>();

  constructor(private readonly options: ViewerSimulationOptions) {
    this.http = options.http;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.pace = { ...defaultPace, ...options.pace };
    this.logger = options.logger;
    this.viewerPool = options.viewers.filter((v) => v.id !== options.broadcasterId);
    this.extrasPending = options.extraViewers ?? simulatedViewers;
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
    await this.addExtraViewers();
    this.generation++;
    this.running = true;
    this.startedAt = this.clock.now();
    this.counts = zeroCounts();
    const first = this.pace.firstFraction;
    this.schedule('redemption', first);
    this.schedule('donation', first);
    this.schedule('chat', first);
    this.logger.info('viewer simulation started', { viewers: this.viewerPool.length });
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

  /** Creates the simulated viewers once; whatever fails, the seeded viewers still take part. */
  private async addExtraViewers(): Promise<void> {
    if (this.extrasPending.length === 0) return;
    const wanted = this.extrasPending;
    this.extrasPending = [];
    try {
      const existing = new Map<string, string>();
      const state = await this.http.state().catch((error: unknown) => {
        // Refused: the users are created below (a login taken is refused there in turn).
        if (error instanceof SimulationApiError) return null;
        throw error;
      });
      for (const user of asArray(state?.users)) {
        const { id, login } = user as { id?: unknown; login?: unknown };
        if (typeof id === 'string' && typeof login === 'string') existing.set(login.toLowerCase(), id);
      }
      for (const viewer of wanted) {
        let id = existing.get(viewer.login);
        if (!id) {
          const created = await this.http.createUser({ login: viewer.login, display_name: viewer.displayName }).catch((error: unknown) => {
            if (error instanceof SimulationApiError) return null;
            throw error;
          });
          if (typeof created?.id === 'string') id = created.id;
        }
        if (id && id !== this.options.broadcasterId && !this.viewerPool.some((v) => v.id === id)) {
          this.viewerPool.push({ id, login: viewer.login });
          // A new account is not in chat; the seeded viewers' presence is learnt from answers.
          this.inChat.set(id, false);
        }
      }
    } catch (error) {
      this.logger.warn('viewer simulation: could not add simulated viewers', { error: describe(error) });
    }
  }

  /** A wait around the activity's mean: mean × [1 - jitter, 1 + jitter]. */
  delayFor(activity: Activity, fraction = 1): number {
    const mean = activity === 'redemption' ? this.pace.redemptionMs : activity === 'donation' ? this.pace.donationMs : this.pace.chatMs;
    const factor = 1 - this.pace.jitter + 2 * this.pace.jitter * this.random();
    return Math.round(mean * factor * fraction);
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
      if (activity === 'redemption') await this.redeem(generation);
      else if (activity === 'donation') await this.donate(generation);
      else await this.chat(generation);
    } catch (error) {
      // The emulator unreachable for a moment is not a reason to stop: the next tick tries again.
      this.logger.warn(`viewer simulation: ${activity} failed`, { error: describe(error) });
    }
    // The next one is timed from the end of this one, so a slow emulator is never flooded.
    if (generation === this.generation && this.running) this.schedule(activity);
  }

  private current(generation: number): boolean {
    return generation === this.generation && this.running;
  }

  private async redeem(generation: number): Promise<void> {
    if (this.clock.now() - this.rewardsFetchedAt >= this.pace.rewardsTtlMs) {
      // Only the rewards are wanted; CANCELED keeps the list of redemptions that comes with them short.
      const answer = await this.http.redemptions({ broadcaster_id: this.options.broadcasterId, status: 'CANCELED' }).catch((error: unknown) => {
        throw error instanceof SimulationApiError ? new Error(`the reward list was refused: ${error.message}`) : error;
      });
      this.rewards = asArray(answer?.rewards).filter(isRewardView);
      this.rewardsFetchedAt = this.clock.now();
    }
    if (!this.current(generation)) return;
    const reward = this.pickReward();
    const viewer = this.pickViewer();
    if (!reward || !viewer) return;
    const refusal = await this.http
      .redeem({
        broadcaster_id: this.options.broadcasterId,
        reward_id: reward.id,
        user_id: viewer.id,
        ...(reward.is_user_input_required ? { user_input: userInputFor(reward, this.random) } : {}),
      })
      .then(() => null, refusalOf);
    if (refusal === null) {
      this.count('redemptions');
      // Known limits are respected up front; the emulator still has the last word.
      const cooldown = reward.global_cooldown_setting;
      if (cooldown?.is_enabled) this.restingUntil.set(reward.id, this.clock.now() + cooldown.global_cooldown_seconds * 1000);
      return;
    }
    this.skipped('redemption', refusal, { reward: reward.title, viewer: viewer.login });
    this.restingUntil.set(reward.id, this.clock.now() + this.pace.refusedRestMs);
    // The reward is gone (deleted): read the list again next time.
    if (refusal.status === 404) this.rewardsFetchedAt = Number.NEGATIVE_INFINITY;
  }

  private async donate(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const viewer = this.pickViewer();
    if (!viewer) return;
    const refusal = await this.http
      .donate({
        broadcaster_id: this.options.broadcasterId,
        user_id: viewer.id,
        amount: { value: donationCents(this.random), decimal_places: 2, currency: 'USD' },
      })
      .then(() => null, refusalOf);
    if (refusal === null) this.count('donations');
    else this.skipped('donation', refusal, { viewer: viewer.login });
  }

  private async chat(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const viewer = this.pickViewer();
    if (!viewer) return;
    const first = this.inChat.get(viewer.id) ? 'leave' : 'join';
    for (const action of [first, first === 'join' ? 'leave' : 'join'] as const) {
      if (!this.current(generation)) return;
      const refusal = await this.http.chatter({ broadcaster_id: this.options.broadcasterId, user_id: viewer.id, action }).then((answer) => {
        this.inChat.set(viewer.id, typeof answer?.in_chat === 'boolean' ? answer.in_chat : action === 'join');
        this.count('chatEvents');
        return null;
      }, refusalOf);
      if (refusal === null) return;
      // 409: already in chat (or already gone). The belief was wrong: the other action will do.
      if (refusal.status !== 409) {
        this.skipped('chat event', refusal, { viewer: viewer.login });
        return;
      }
      this.inChat.set(viewer.id, action === 'join');
    }
  }

  /** A reward viewers can redeem now, cheaper ones more often (weight 1/√cost). */
  private pickReward(): RewardView | null {
    const now = this.clock.now();
    const open = this.rewards.filter((r) => r.is_enabled && !r.is_paused && r.is_in_stock && (this.restingUntil.get(r.id) ?? 0) <= now);
    if (open.length === 0) return null;
    const weights = open.map((r) => 1 / Math.sqrt(Math.max(1, r.cost)));
    let roll = this.random() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < open.length; i++) {
      roll -= weights[i]!;
      if (roll < 0) return open[i]!;
    }
    return open[open.length - 1]!;
  }

  private pickViewer(): Viewer | null {
    if (this.viewerPool.length === 0) return null;
    return this.viewerPool[Math.floor(this.random() * this.viewerPool.length)] ?? null;
  }

  private count(key: keyof SimulationCounts): void {
    this.counts[key]++;
    this.changed();
  }

  private skipped(what: string, refusal: SimulationApiError, fields: Record<string, unknown>): void {
    this.logger.debug(`viewer simulation: ${what} refused, skipped`, { ...fields, status: refusal.status, reason: refusal.message });
  }

  private changed(): void {
    this.changes.fire(this.getState());
  }
}

/** $1-$25: mostly round amounts, like people give, sometimes an odd one. */
export function donationCents(random: () => number): number {
  const round = [1, 2, 3, 5, 5, 5, 10, 10, 15, 20, 25];
  if (random() < 0.7) return round[Math.floor(random() * round.length)]! * 100;
  return donationBounds.minCents + Math.floor(random() * (donationBounds.maxCents - donationBounds.minCents + 1));
}

// The demo's "Song request" asks for a YouTube or Spotify link.
const songs = [
  'https://www.youtube.com/watch?v=FGBhQbmPwH8',
  'https://youtu.be/ZzdFQ5CZ-kw',
  'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT',
  'https://www.youtube.com/watch?v=sN0Yd4CBDaA',
  'https://open.spotify.com/track/2Foc5Q5nqNiosCNqttzHof',
  'https://youtu.be/O_lS1eZQl7U',
  'https://www.youtube.com/watch?v=Xa3V6cjc1xA',
];
const games = ['Hollow Knight', 'Celeste', 'Outer Wilds', 'Hades II', 'Balatro', 'Stardew Valley', 'Factorio', 'Tunic', 'Slay the Spire'];
const questions = [
  'What got you into streaming?',
  'Tabs or spaces?',
  'What is your keyboard?',
  'Which feature are you building next?',
  'Favourite game of all time?',
  'How do you stay focused on long streams?',
  'Any tips for a first-time streamer?',
  'Coffee or tea today?',
];
const remarks = ['Let\'s go!', 'For the streamer <3', 'GG', 'Hello from Lisbon!', 'Do it for the chat', 'First time here, love the vibe'];

/** What a viewer would type for this reward, guessed from its title and prompt. */
export function userInputFor(reward: { title: string; prompt?: string }, random: () => number): string {
  const text = `${reward.title} ${reward.prompt ?? ''}`.toLowerCase();
  const from = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  if (/song|music|track|tune/.test(text)) return from(songs);
  if (/game/.test(text)) return from(games);
  if (/ask|question|ama\b/.test(text)) return from(questions);
  return from(remarks);
}

function isRewardView(value: unknown): value is RewardView {
  const r = value as Partial<RewardView> | null;
  return (
    !!r &&
    typeof r.id === 'string' &&
    typeof r.title === 'string' &&
    typeof r.cost === 'number' &&
    typeof r.is_enabled === 'boolean' &&
    typeof r.is_paused === 'boolean' &&
    typeof r.is_in_stock === 'boolean' &&
    typeof r.is_user_input_required === 'boolean'
  );
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The emulator's refusal (an error answer); anything else (the network) goes on to the caller. */
function refusalOf(error: unknown): SimulationApiError {
  if (error instanceof SimulationApiError) return error;
  throw error;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
