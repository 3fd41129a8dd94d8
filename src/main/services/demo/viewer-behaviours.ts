/**
 * What the simulated viewers do when their turn comes, one behaviour per kind of activity: redeem
 * a reward, donate, come and go in chat, say something, follow, subscribe or gift, cheer, raid,
 * and vote or predict. Each goes through the emulator's simulation API only; a refusal (a
 * cooldown, a paused reward, sold out, a per-viewer limit, no campaign, already following, a
 * message the chat modes drop) is what a real viewer meets too: that attempt is skipped, and the
 * refused reward or viewer rests for a while. The network failing fails the attempt (the scheduler
 * in viewer-simulation.ts says so once).
 */
import { SimulationApiError, type SimulationPoll, type SimulationPrediction } from '../../../emulator/simulation-client';
import type { SimulationState } from '../../../shared/ipc/schemas/demo';
import type { Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { asArray, refusalOf, refusedAs, type EmulatorHttp } from './emulator-http';
import type { Activity, SimulationPace } from './simulation-pace';
import type { ViewerCrowd } from './viewer-crowd';
import { cheerBits, cheerRemarks, chatLineFor, donationCents, giftCounts, pickFrom, predictionPoints, raidViewers, subscriptionTiers, userInputFor } from './viewer-lines';

/** What a run made happen, by kind (the IPC contract's shape: one definition for both). */
export type SimulationCounts = SimulationState['counts'];

/** The run a turn belongs to: whether it is still on (not stopped or restarted since), and its counts. */
export interface SimulationRun {
  current(): boolean;
  count(key: keyof SimulationCounts, by?: number): void;
}

export interface ViewerBehavioursOptions {
  http: EmulatorHttp;
  broadcasterId: string;
  crowd: ViewerCrowd;
  clock: Clock;
  random: () => number;
  pace: SimulationPace;
  logger: Logger;
}

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

export class ViewerBehaviours {
  private readonly crowd: ViewerCrowd;
  private rewards: RewardView[] = [];
  private rewardsFetchedAt = Number.NEGATIVE_INFINITY;
  private readonly restingUntil = new Map<string, number>();

  constructor(private readonly options: ViewerBehavioursOptions) {
    this.crowd = options.crowd;
  }

  /** One turn of `activity` in `run`. */
  act(activity: Activity, run: SimulationRun): Promise<void> {
    switch (activity) {
      case 'redemption':
        return this.redeem(run);
      case 'donation':
        return this.donate(run);
      case 'chat':
        return this.chat(run);
      case 'chatMessage':
        return this.sayInChat(run);
      case 'follow':
        return this.follow(run);
      case 'subscription':
        return this.subscribe(run);
      case 'cheer':
        return this.cheer(run);
      case 'raid':
        return this.raid(run);
      case 'vote':
        return this.vote(run);
    }
  }

  private async redeem(run: SimulationRun): Promise<void> {
    if (this.options.clock.now() - this.rewardsFetchedAt >= this.options.pace.rewardsTtlMs) {
      // Only the rewards are wanted; CANCELED keeps the list of redemptions that comes with them short.
      const answer = await this.options.http.redemptions({ broadcaster_id: this.options.broadcasterId, status: 'CANCELED' }).catch((error: unknown) => {
        throw error instanceof SimulationApiError ? new Error(`the reward list was refused: ${error.message}`) : error;
      });
      this.rewards = asArray(answer?.rewards).filter(isRewardView);
      this.rewardsFetchedAt = this.options.clock.now();
    }
    if (!run.current()) return;
    const reward = this.pickReward();
    const viewer = this.crowd.pick();
    if (!reward || !viewer) return;
    const refusal = await this.options.http
      .redeem({
        broadcaster_id: this.options.broadcasterId,
        reward_id: reward.id,
        user_id: viewer.id,
        ...(reward.is_user_input_required ? { user_input: userInputFor(reward, this.options.random) } : {}),
      })
      .then(() => null, refusalOf);
    if (refusal === null) {
      run.count('redemptions');
      // Known limits are respected up front; the emulator still has the last word.
      const cooldown = reward.global_cooldown_setting;
      if (cooldown?.is_enabled) this.restingUntil.set(reward.id, this.options.clock.now() + cooldown.global_cooldown_seconds * 1000);
      return;
    }
    this.skipped('redemption', refusal, { reward: reward.title, viewer: viewer.login });
    this.restingUntil.set(reward.id, this.options.clock.now() + this.options.pace.refusedRestMs);
    // The reward is gone (deleted): read the list again next time.
    if (refusal.status === 404) this.rewardsFetchedAt = Number.NEGATIVE_INFINITY;
  }

  private async donate(run: SimulationRun): Promise<void> {
    if (!run.current()) return;
    const viewer = this.crowd.pick();
    if (!viewer) return;
    const refusal = await this.options.http
      .donate({
        broadcaster_id: this.options.broadcasterId,
        user_id: viewer.id,
        amount: { value: donationCents(this.options.random), decimal_places: 2, currency: 'USD' },
      })
      .then(() => null, refusalOf);
    if (refusal === null) run.count('donations');
    else this.skipped('donation', refusal, { viewer: viewer.login });
  }

  private async chat(run: SimulationRun): Promise<void> {
    if (!run.current()) return;
    const viewer = this.crowd.pick();
    if (!viewer) return;
    const first = this.crowd.inChat.get(viewer.id) ? 'leave' : 'join';
    for (const action of [first, first === 'join' ? 'leave' : 'join'] as const) {
      if (!run.current()) return;
      const refusal = await this.options.http.chatter({ broadcaster_id: this.options.broadcasterId, user_id: viewer.id, action }).then((answer) => {
        this.crowd.inChat.set(viewer.id, typeof answer?.in_chat === 'boolean' ? answer.in_chat : action === 'join');
        run.count('chatEvents');
        return null;
      }, refusalOf);
      if (refusal === null) return;
      // 409: already in chat (or already gone). The belief was wrong: the other action will do.
      if (refusal.status !== 409) {
        this.skipped('chat event', refusal, { viewer: viewer.login });
        return;
      }
      this.crowd.inChat.set(viewer.id, action === 'join');
    }
  }

  /** A line in chat; a viewer the chat modes refuse (follower-only, emote-only...) keeps quiet for a while. */
  private async sayInChat(run: SimulationRun): Promise<void> {
    // A second viewer when the first was refused, so follower-only mode does not silence a tick.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!run.current()) return;
      const now = this.options.clock.now();
      const viewer = this.crowd.pick((v) => (this.crowd.quietUntil.get(v.id) ?? 0) <= now);
      if (!viewer) return;
      const text = chatLineFor(this.options.random, this.crowd.following.has(viewer.id));
      const answer = await this.options.http.sendChatMessage({ broadcaster_id: this.options.broadcasterId, user_id: viewer.id, text }).catch(refusalOf);
      if (answer instanceof SimulationApiError) {
        this.skipped('chat message', answer, { viewer: viewer.login });
        return;
      }
      if (answer.is_sent) {
        run.count('chatMessages');
        return;
      }
      this.options.logger.debug('viewer simulation: chat message dropped by the chat modes', { viewer: viewer.login, reason: answer.drop_reason });
      this.crowd.quietUntil.set(viewer.id, now + this.options.pace.refusedRestMs);
    }
  }

  /** A viewer who does not follow yet follows; once everyone does, a newcomer comes by and follows. */
  private async follow(run: SimulationRun): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!run.current()) return;
      const viewer = this.crowd.pick((v) => !this.crowd.following.has(v.id)) ?? (await this.crowd.newcomer());
      if (!viewer || !run.current()) return;
      const refusal = await this.options.http.follow({ user_id: viewer.id, broadcaster_id: this.options.broadcasterId }).then(() => null, refusalOf);
      if (refusal === null || refusal.status === 409) this.crowd.following.add(viewer.id);
      if (refusal === null) {
        run.count('follows');
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
  private async subscribe(run: SimulationRun): Promise<void> {
    if (!run.current()) return;
    const gift = this.options.random() < 0.25;
    const subscriber = gift ? null : this.crowd.pick((v) => !this.crowd.subscribed.has(v.id));
    if (subscriber) {
      const refusal = await this.options.http
        .subscribe({ broadcaster_id: this.options.broadcasterId, user_id: subscriber.id, tier: pickFrom(this.options.random, subscriptionTiers) })
        .then(() => null, refusalOf);
      if (refusal === null || refusal.status === 409) this.crowd.subscribed.add(subscriber.id);
      if (refusal === null) run.count('subscriptions');
      else this.skipped('subscription', refusal, { viewer: subscriber.login });
      return;
    }
    const gifter = this.crowd.pick();
    if (!gifter) return;
    // Gifts go to viewers without a subscription; when too few are left, one gift is still possible.
    for (const count of [pickFrom(this.options.random, giftCounts), 1]) {
      if (!run.current()) return;
      const answer = await this.options.http.giftSubscriptions({ broadcaster_id: this.options.broadcasterId, user_id: gifter.id, count }).catch(refusalOf);
      if (!(answer instanceof SimulationApiError)) {
        for (const s of asArray(answer.subscriptions)) {
          const id = (s as { user_id?: unknown }).user_id;
          if (typeof id === 'string') this.crowd.subscribed.add(id);
        }
        run.count('subscriptions', answer.total);
        return;
      }
      if (answer.status !== 409 || count === 1) {
        this.skipped('gift', answer, { viewer: gifter.login, count });
        return;
      }
    }
  }

  private async cheer(run: SimulationRun): Promise<void> {
    if (!run.current()) return;
    const bits = pickFrom(this.options.random, cheerBits);
    const anonymous = this.options.random() < 0.1;
    const viewer = anonymous ? null : this.crowd.pick();
    if (!anonymous && !viewer) return;
    const refusal = await this.options.http
      .cheer({
        broadcaster_id: this.options.broadcasterId,
        ...(viewer ? { user_id: viewer.id } : { is_anonymous: true }),
        bits,
        message: `Cheer${bits} ${pickFrom(this.options.random, cheerRemarks)}`,
      })
      .then(() => null, refusalOf);
    if (refusal === null) run.count('cheers');
    else this.skipped('cheer', refusal, { viewer: viewer?.login ?? 'anonymous', bits });
  }

  /** A viewer who streams too ends their stream by raiding this channel with a small crowd. */
  private async raid(run: SimulationRun): Promise<void> {
    if (!run.current()) return;
    const raider = this.crowd.pick();
    if (!raider) return;
    const viewers = raidViewers.min + Math.floor(this.options.random() * (raidViewers.max - raidViewers.min + 1));
    const refusal = await this.options.http
      .incomingRaid({ from_broadcaster_id: raider.id, to_broadcaster_id: this.options.broadcasterId, viewers })
      .then(() => null, refusalOf);
    if (refusal === null) run.count('raids');
    else this.skipped('raid', refusal, { viewer: raider.login });
  }

  /** One vote on the open poll and one prediction on the open prediction, when there are. */
  private async vote(run: SimulationRun): Promise<void> {
    if (!run.current()) return;
    const { polls } = await this.options.http.polls(this.options.broadcasterId).catch(refusedAs({ polls: [] }));
    const poll = polls.find((p) => p.status === 'ACTIVE' && p.choices.length > 0);
    if (poll && run.current()) await this.voteOn(poll, run);
    if (!run.current()) return;
    const { predictions } = await this.options.http.predictions(this.options.broadcasterId).catch(refusedAs({ predictions: [] }));
    const prediction = predictions.find((p) => p.status === 'ACTIVE' && p.outcomes.length > 0);
    if (prediction && run.current()) await this.predictOn(prediction, run);
  }

  private async voteOn(poll: SimulationPoll, run: SimulationRun): Promise<void> {
    const voters = this.crowd.votersOf(poll.id);
    const free = this.crowd.pick((v) => !voters.has(v.id));
    // Everyone has used their free vote: a keen viewer buys one more, where the poll takes points.
    const viewer = free ?? (poll.channel_points_voting_enabled ? this.crowd.pick() : null);
    if (!viewer) return;
    const choice = pickFrom(this.options.random, poll.choices);
    const refusal = await this.options.http
      .vote(poll.id, { user_id: viewer.id, choice_id: choice.id, ...(free ? {} : { channel_points: poll.channel_points_per_vote }) })
      .then(() => null, refusalOf);
    if (free && (refusal === null || refusal.status === 409)) voters.add(viewer.id);
    if (refusal === null) run.count('votes');
    else this.skipped('poll vote', refusal, { viewer: viewer.login });
  }

  private async predictOn(prediction: SimulationPrediction, run: SimulationRun): Promise<void> {
    const predictors = this.crowd.votersOf(prediction.id);
    const viewer = this.crowd.pick((v) => !predictors.has(v.id));
    if (!viewer) return;
    const outcome = pickFrom(this.options.random, prediction.outcomes);
    const refusal = await this.options.http
      .predict(prediction.id, { user_id: viewer.id, outcome_id: outcome.id, channel_points: pickFrom(this.options.random, predictionPoints) })
      .then(() => null, refusalOf);
    // Predicted, or may not (another outcome already, too few points): either way, once per viewer.
    if (refusal === null || refusal.status === 409) predictors.add(viewer.id);
    if (refusal === null) run.count('votes');
    else this.skipped('prediction', refusal, { viewer: viewer.login });
  }

  /** A reward viewers can redeem now, cheaper ones more often (weight 1/√cost). */
  private pickReward(): RewardView | null {
    const now = this.options.clock.now();
    const open = this.rewards.filter((r) => r.is_enabled && !r.is_paused && r.is_in_stock && (this.restingUntil.get(r.id) ?? 0) <= now);
    if (open.length === 0) return null;
    const weights = open.map((r) => 1 / Math.sqrt(Math.max(1, r.cost)));
    let roll = this.options.random() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < open.length; i++) {
      roll -= weights[i]!;
      if (roll < 0) return open[i]!;
    }
    return open[open.length - 1]!;
  }

  private skipped(what: string, refusal: SimulationApiError, fields: Record<string, unknown>): void {
    this.options.logger.debug(`viewer simulation: ${what} refused, skipped`, { ...fields, status: refusal.status, reason: refusal.message });
  }
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
