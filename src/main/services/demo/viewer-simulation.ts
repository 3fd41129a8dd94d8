/**
 * The demo's "Simulate viewers" switch. While it is on, the demo channel is live and its viewers
 * chat (some lines with emotes; moderators and subscribers show their badges), come and go in chat,
 * redeem rewards, donate to the charity campaign, follow, subscribe and gift subscriptions, cheer,
 * now and then raid the channel, and vote on an open poll or predict on an open prediction, each at
 * its own steady, jittered pace (`defaultPace`). It drives the in-process emulator only through its
 * simulation API over HTTP, so the app sees the activity exactly as it would see a real platform's:
 * EventSub notifications and REST.
 *
 * A refusal from the emulator (a cooldown, a paused reward, sold out, a per-viewer limit, no
 * campaign, already following, a message the chat modes drop) is what a real viewer meets too: that
 * attempt is skipped, and the refused reward or viewer rests for a while. The emulator unreachable
 * is logged once per kind of activity until it answers again, not on every tick.
 */
import {
  createSimulationClient,
  SimulationApiError,
  type SimulationClient,
  type SimulationPoll,
  type SimulationPrediction,
} from '../../../emulator/simulation-client';
import { noSimulationCounts, type SimulationState } from '../../../shared/ipc/schemas/demo';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

/** What a run made happen, by kind (the IPC contract's shape: one definition for both). */
export type SimulationCounts = SimulationState['counts'];

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
export type EmulatorHttp = Pick<
  SimulationClient,
  | 'streamOnline'
  | 'streamOffline'
  | 'state'
  | 'createUser'
  | 'redemptions'
  | 'redeem'
  | 'donate'
  | 'chatter'
  | 'sendChatMessage'
  | 'follow'
  | 'subscribe'
  | 'giftSubscriptions'
  | 'cheer'
  | 'incomingRaid'
  | 'polls'
  | 'vote'
  | 'predictions'
  | 'predict'
>;

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
  chatMessageMs: number;
  followMs: number;
  /** A subscription, or (one time in four) a gift of subscriptions. */
  subscriptionMs: number;
  cheerMs: number;
  raidMs: number;
  /** A look for an open poll or prediction, and a vote or prediction on it when there is one. */
  voteMs: number;
  /** Each wait is the mean times a uniform factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** The first of each activity comes sooner (this fraction of a wait), so switching on shows at once. */
  firstFraction: number;
  /** How long the reward list is reused before it is read again. */
  rewardsTtlMs: number;
  /** How long a refused reward, or a viewer whose message was dropped, is left alone. */
  refusedRestMs: number;
}

/**
 * The pace of a small, friendly channel of a few dozen viewers, fast enough that every kind shows in
 * the Live view within a minute or two of switching on and slow enough that the chat stays readable
 * in a narrow dock and the activity feed does not bury the redemption queue:
 * - chat: a line every ~5 s is a lively small chat; people come and go every ~10 s;
 * - redemptions every ~8 s keep the queue worth working; donations (~25 s) are the charity demo;
 * - follows, cheers (~40-45 s) and subscriptions (~1 min) are the feed's news, about one a minute each;
 * - a raid is an event, a few an hour (~5 min);
 * - votes every ~3 s while a poll or prediction is open move its bars visibly during a 1-2 minute
 *   poll, and cost one cheap loopback read each when nothing is open.
 */
export const defaultPace: SimulationPace = {
  redemptionMs: 8_000,
  donationMs: 25_000,
  chatMs: 10_000,
  chatMessageMs: 5_000,
  followMs: 40_000,
  subscriptionMs: 60_000,
  cheerMs: 45_000,
  raidMs: 300_000,
  voteMs: 3_000,
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

export type Activity = 'redemption' | 'donation' | 'chat' | 'chatMessage' | 'follow' | 'subscription' | 'cheer' | 'raid' | 'vote';

const activities: readonly Activity[] = ['chatMessage', 'chat', 'redemption', 'donation', 'follow', 'subscription', 'cheer', 'raid', 'vote'];

const meanOf = (pace: SimulationPace, activity: Activity): number =>
  ({
    redemption: pace.redemptionMs,
    donation: pace.donationMs,
    chat: pace.chatMs,
    chatMessage: pace.chatMessageMs,
    follow: pace.followMs,
    subscription: pace.subscriptionMs,
    cheer: pace.cheerMs,
    raid: pace.raidMs,
    vote: pace.voteMs,
  })[activity];

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

  private viewerPool: Viewer[];
  private extrasPending: readonly { login: string; displayName: string }[];
  private rewards: RewardView[] = [];
  private rewardsFetchedAt = Number.NEGATIVE_INFINITY;
  private readonly restingUntil = new Map<string, number>();
  /** Who the simulation believes is in chat (corrected by every answer). */
  private readonly inChat = new Map<string, boolean>();
  /** Viewers known to follow, or to be subscribed (learnt from answers, 409s included). */
  private readonly following = new Set<string>();
  private readonly subscribed = new Set<string>();
  /** Viewers whose last chat message the chat modes dropped, until when they keep quiet. */
  private readonly quietUntil = new Map<string, number>();
  /** Who has used their free vote on a poll, and who has predicted on a prediction, by its ID. */
  private readonly voted = new Map<string, Set<string>>();
  /** How many newcomers have been made up so far (their names follow from it). */
  private newcomers = 0;
  /** Activities whose last attempt failed to reach the emulator: logged once until they succeed again. */
  private readonly failing = new Set<Activity>();

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
    // A new run reports its own first failure of each kind.
    this.failing.clear();
    for (const activity of activities) this.schedule(activity, this.pace.firstFraction);
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
    const mean = meanOf(this.pace, activity);
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
    switch (activity) {
      case 'redemption':
        return this.redeem(generation);
      case 'donation':
        return this.donate(generation);
      case 'chat':
        return this.chat(generation);
      case 'chatMessage':
        return this.sayInChat(generation);
      case 'follow':
        return this.follow(generation);
      case 'subscription':
        return this.subscribe(generation);
      case 'cheer':
        return this.cheer(generation);
      case 'raid':
        return this.raid(generation);
      case 'vote':
        return this.vote(generation);
    }
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

  /** A line in chat; a viewer the chat modes refuse (follower-only, emote-only...) keeps quiet for a while. */
  private async sayInChat(generation: number): Promise<void> {
    // A second viewer when the first was refused, so follower-only mode does not silence a tick.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!this.current(generation)) return;
      const now = this.clock.now();
      const viewer = this.pickViewer((v) => (this.quietUntil.get(v.id) ?? 0) <= now);
      if (!viewer) return;
      const text = chatLineFor(this.random, this.following.has(viewer.id));
      const answer = await this.http.sendChatMessage({ broadcaster_id: this.options.broadcasterId, user_id: viewer.id, text }).catch(refusalOf);
      if (answer instanceof SimulationApiError) {
        this.skipped('chat message', answer, { viewer: viewer.login });
        return;
      }
      if (answer.is_sent) {
        this.count('chatMessages');
        return;
      }
      this.logger.debug('viewer simulation: chat message dropped by the chat modes', { viewer: viewer.login, reason: answer.drop_reason });
      this.quietUntil.set(viewer.id, now + this.pace.refusedRestMs);
    }
  }

  /** A viewer who does not follow yet follows; once everyone does, a newcomer comes by and follows. */
  private async follow(generation: number): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!this.current(generation)) return;
      const viewer = this.pickViewer((v) => !this.following.has(v.id)) ?? (await this.newcomer());
      if (!viewer || !this.current(generation)) return;
      const refusal = await this.http.follow({ user_id: viewer.id, broadcaster_id: this.options.broadcasterId }).then(() => null, refusalOf);
      if (refusal === null || refusal.status === 409) this.following.add(viewer.id);
      if (refusal === null) {
        this.count('follows');
        return;
      }
      // 409: already following (the seeded regulars do): someone else's turn, in this tick.
      if (refusal.status !== 409) {
        this.skipped('follow', refusal, { viewer: viewer.login });
        return;
      }
    }
  }

  /** Mostly a viewer subscribing (tier 1 mostly), sometimes a viewer gifting one or a few. */
  private async subscribe(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const gift = this.random() < 0.25;
    const subscriber = gift ? null : this.pickViewer((v) => !this.subscribed.has(v.id));
    if (subscriber) {
      const refusal = await this.http
        .subscribe({ broadcaster_id: this.options.broadcasterId, user_id: subscriber.id, tier: pickFrom(this.random, subscriptionTiers) })
        .then(() => null, refusalOf);
      if (refusal === null || refusal.status === 409) this.subscribed.add(subscriber.id);
      if (refusal === null) this.count('subscriptions');
      else this.skipped('subscription', refusal, { viewer: subscriber.login });
      return;
    }
    const gifter = this.pickViewer();
    if (!gifter) return;
    // Gifts go to viewers without a subscription; when too few are left, one gift is still possible.
    for (const count of [pickFrom(this.random, giftCounts), 1]) {
      if (!this.current(generation)) return;
      const answer = await this.http.giftSubscriptions({ broadcaster_id: this.options.broadcasterId, user_id: gifter.id, count }).catch(refusalOf);
      if (!(answer instanceof SimulationApiError)) {
        for (const s of asArray(answer.subscriptions)) {
          const id = (s as { user_id?: unknown }).user_id;
          if (typeof id === 'string') this.subscribed.add(id);
        }
        this.count('subscriptions', answer.total);
        return;
      }
      if (answer.status !== 409 || count === 1) {
        this.skipped('gift', answer, { viewer: gifter.login, count });
        return;
      }
    }
  }

  private async cheer(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const bits = pickFrom(this.random, cheerBits);
    const anonymous = this.random() < 0.1;
    const viewer = anonymous ? null : this.pickViewer();
    if (!anonymous && !viewer) return;
    const refusal = await this.http
      .cheer({
        broadcaster_id: this.options.broadcasterId,
        ...(viewer ? { user_id: viewer.id } : { is_anonymous: true }),
        bits,
        message: `Cheer${bits} ${pickFrom(this.random, cheerRemarks)}`,
      })
      .then(() => null, refusalOf);
    if (refusal === null) this.count('cheers');
    else this.skipped('cheer', refusal, { viewer: viewer?.login ?? 'anonymous', bits });
  }

  /** A viewer who streams too ends their stream by raiding this channel with a small crowd. */
  private async raid(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const raider = this.pickViewer();
    if (!raider) return;
    const viewers = raidViewers.min + Math.floor(this.random() * (raidViewers.max - raidViewers.min + 1));
    const refusal = await this.http
      .incomingRaid({ from_broadcaster_id: raider.id, to_broadcaster_id: this.options.broadcasterId, viewers })
      .then(() => null, refusalOf);
    if (refusal === null) this.count('raids');
    else this.skipped('raid', refusal, { viewer: raider.login });
  }

  /** One vote on the open poll and one prediction on the open prediction, when there are. */
  private async vote(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    const { polls } = await this.http.polls(this.options.broadcasterId).catch(refusedAs({ polls: [] }));
    const poll = polls.find((p) => p.status === 'ACTIVE' && p.choices.length > 0);
    if (poll && this.current(generation)) await this.voteOn(poll);
    if (!this.current(generation)) return;
    const { predictions } = await this.http.predictions(this.options.broadcasterId).catch(refusedAs({ predictions: [] }));
    const prediction = predictions.find((p) => p.status === 'ACTIVE' && p.outcomes.length > 0);
    if (prediction && this.current(generation)) await this.predictOn(prediction);
  }

  private async voteOn(poll: SimulationPoll): Promise<void> {
    const voters = this.votersOf(poll.id);
    const free = this.pickViewer((v) => !voters.has(v.id));
    // Everyone has used their free vote: a keen viewer buys one more, where the poll takes points.
    const viewer = free ?? (poll.channel_points_voting_enabled ? this.pickViewer() : null);
    if (!viewer) return;
    const choice = pickFrom(this.random, poll.choices);
    const refusal = await this.http
      .vote(poll.id, { user_id: viewer.id, choice_id: choice.id, ...(free ? {} : { channel_points: poll.channel_points_per_vote }) })
      .then(() => null, refusalOf);
    if (free && (refusal === null || refusal.status === 409)) voters.add(viewer.id);
    if (refusal === null) this.count('votes');
    else this.skipped('poll vote', refusal, { viewer: viewer.login });
  }

  private async predictOn(prediction: SimulationPrediction): Promise<void> {
    const predictors = this.votersOf(prediction.id);
    const viewer = this.pickViewer((v) => !predictors.has(v.id));
    if (!viewer) return;
    const outcome = pickFrom(this.random, prediction.outcomes);
    const refusal = await this.http
      .predict(prediction.id, { user_id: viewer.id, outcome_id: outcome.id, channel_points: pickFrom(this.random, predictionPoints) })
      .then(() => null, refusalOf);
    // Predicted, or may not (another outcome already, too few points): either way, once per viewer.
    if (refusal === null || refusal.status === 409) predictors.add(viewer.id);
    if (refusal === null) this.count('votes');
    else this.skipped('prediction', refusal, { viewer: viewer.login });
  }

  private votersOf(id: string): Set<string> {
    let voters = this.voted.get(id);
    if (!voters) {
      voters = new Set();
      this.voted.set(id, voters);
    }
    return voters;
  }

  /** A made-up passer-by (deterministic names), who then stays in the crowd; null if none could be made. */
  private async newcomer(): Promise<Viewer | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const login = newcomerLogin(this.newcomers++);
      const created = await this.http.createUser({ login }).catch(refusalOf);
      // 409 and the like: that name is taken; the next one is tried.
      if (created instanceof SimulationApiError || typeof created?.id !== 'string') continue;
      const viewer = { id: created.id, login };
      this.viewerPool.push(viewer);
      this.inChat.set(viewer.id, false);
      return viewer;
    }
    return null;
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

  private pickViewer(allowed: (viewer: Viewer) => boolean = () => true): Viewer | null {
    const pool = this.viewerPool.filter(allowed);
    if (pool.length === 0) return null;
    return pool[Math.floor(this.random() * pool.length)] ?? null;
  }

  private count(key: keyof SimulationCounts, by = 1): void {
    this.counts[key] += by;
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

// Lines of a friendly small chat; some with the platform's global emotes, which every viewer may use.
const chatLines = [
  'hi chat HeyGuys',
  'HeyGuys',
  'that was clean SeemsGood',
  'LUL',
  'LUL LUL',
  'NotLikeThis so close',
  'Kappa',
  'gg',
  'what game is next?',
  'the music today is great',
  'first time catching the stream live VoHiYo',
  'how long have you been playing this?',
  'lets gooo',
  'BibleThump',
  'chat is cozy today CoolCat',
  'o7',
  'clip that!',
  'Kreygasm that sound design',
];
// The demo channel's follower emote: a follower may use it there.
const followerLines = ['sidestHi', 'sidestHi chat', 'back again sidestHi'];

/** A chat line; a follower sometimes greets with the channel's follower emote. */
export function chatLineFor(random: () => number, follower: boolean): string {
  if (follower && random() < 0.2) return pickFrom(random, followerLines);
  return pickFrom(random, chatLines);
}

const subscriptionTiers = ['1000', '1000', '1000', '1000', '2000', '3000'] as const;
const giftCounts = [1, 1, 1, 5, 5, 10] as const;
const cheerBits = [1, 50, 100, 100, 100, 200, 250, 500, 1000] as const;
const cheerRemarks = ['great stream!', 'for the hype', 'keep it up', 'GG', 'hydrate!', 'love this run'];
const predictionPoints = [50, 100, 100, 250, 500, 1000, 2500] as const;
/** A small streamer's raid: a handful to a few dozen viewers. */
export const raidViewers = { min: 3, max: 40 } as const;

const newcomerFirst = ['sunny', 'pixel', 'cosmic', 'sleepy', 'lucky', 'mellow', 'tiny', 'brave', 'fuzzy', 'quiet'];
const newcomerSecond = ['otter', 'fox', 'panda', 'heron', 'moth', 'badger', 'lynx', 'finch', 'newt', 'koala'];

/** The n-th made-up newcomer's login: `sunny_otter`, `pixel_otter`, ..., then `sunny_otter2`, ... */
export function newcomerLogin(n: number): string {
  const per = newcomerFirst.length * newcomerSecond.length;
  const round = Math.floor(n / per);
  const i = n % per;
  return `${newcomerFirst[i % newcomerFirst.length]}_${newcomerSecond[Math.floor(i / newcomerFirst.length)]}${round === 0 ? '' : round + 1}`;
}

function pickFrom<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

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

/** A refused read answers `fallback` (nothing to act on); the network still fails the tick. */
function refusedAs<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    refusalOf(error);
    return fallback;
  };
}

/** The emulator's refusal (an error answer); anything else (the network) goes on to the caller. */
function refusalOf(error: unknown): SimulationApiError {
  if (error instanceof SimulationApiError) return error;
  throw error;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
