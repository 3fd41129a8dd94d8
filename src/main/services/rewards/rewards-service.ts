import { adoptedTitle, checkReward, type RewardProblems } from '../../../shared/domain/reward-rules';
import type { CustomReward, RewardInput, RewardsOverview } from '../../../shared/ipc/contract';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, type Disposer } from '../../../shared/primitives/emitter';
import { background } from '../common/background';
import { ChannelState } from '../common/channel-state';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { Logger } from '../logger';
import { rewardsPath, type HelixReward } from '../redemptions/helix-redemptions';

export interface RewardsQueue {
  /** Redemptions of the reward waiting in the queue (for the delete confirmation's count). */
  pendingOf(rewardId: string): number;
  /** The rewards Sidestage manages changed. */
  refreshRewards(): Promise<void>;
}

export interface RewardsServiceOptions {
  api: Pick<ApiClient, 'get' | 'request'>;
  /** Whose rewards they are (src/main/services/common/current-broadcaster.ts). */
  broadcaster: BroadcasterSource;
  queue: RewardsQueue;
  logger: Logger;
  clock?: Clock;
}

export type RewardChanges = Partial<RewardInput> & { isPaused?: boolean };

const retireOriginalWords = (title: string, copy: string) =>
  `"${copy}" was created by Sidestage, disabled so that viewers do not see two. To retire the original: open the platform's creator dashboard, Viewer Rewards > Channel Points > Manage Rewards, and delete (or disable) "${title}" there — Sidestage may not change it. Then enable "${copy}" here and, if you like, rename it to "${title}".`;

/**
 * Every custom reward of the channel; the ones Sidestage's client created can be changed, the others
 * only read (the platform lets only the creating client manage a reward) or adopted as a copy.
 */
export class RewardsService extends Disposable {
  private readonly clock: Clock;
  /**
   * Another account's list is read as soon as the API may be called; while a sign-in is renewed the
   * list on screen stays. A change made through Sidestage makes a list read that began before it older.
   */
  private readonly channel: ChannelState<RewardsOverview>;

  constructor(private readonly options: RewardsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.channel = new ChannelState<RewardsOverview>({
      broadcaster: options.broadcaster,
      empty: { rewards: [], loadedAt: null },
      isRead: (overview) => overview.loadedAt !== null,
      read: () => this.list(),
      reading: 'rewards: reading the list',
      logger: options.logger,
      readAgainOnSignIn: false,
    });
    this.register(() => this.channel.dispose());
  }

  start(): void {
    this.channel.start();
  }

  onChange(listener: (overview: RewardsOverview) => void): Disposer {
    return this.channel.onChange(listener);
  }

  private get overview(): RewardsOverview {
    return this.channel.get();
  }

  getOverview(): RewardsOverview {
    return this.overview;
  }

  list(): Promise<RewardsOverview> {
    return this.read(1);
  }

  private async read(attempt: number): Promise<RewardsOverview> {
    const read = this.channel.begin('Rewards not read or changed');
    const { broadcasterId } = read;
    const [all, manageable] = await Promise.all([
      this.options.api.get<{ data: HelixReward[] }>(rewardsPath, { broadcaster_id: broadcasterId }),
      this.options.api.get<{ data: HelixReward[] }>(rewardsPath, { broadcaster_id: broadcasterId, only_manageable_rewards: true }),
    ]);
    if (!this.channel.isCurrent(broadcasterId)) return this.overview;
    // A create, edit or delete answered meanwhile: this list may predate it, so it is read again.
    if (!read.current()) return attempt < 3 ? this.read(attempt + 1) : this.overview;
    const mine = new Set((manageable.data ?? []).map((r) => r.id));
    this.set((all.data ?? []).map((r) => toReward(r, mine.has(r.id))));
    return this.overview;
  }

  async create(input: RewardInput): Promise<CustomReward> {
    const broadcasterId = this.requireSignedIn();
    await this.ensureLoaded();
    this.check(input, this.overview.rewards.map((r) => r.title), this.overview.rewards.length);
    const created = await this.call(() =>
      this.options.api.request<{ data: HelixReward[] }>({ method: 'POST', path: rewardsPath, query: { broadcaster_id: broadcasterId }, body: toHelixBody(input), retry: 'never' }),
    );
    const reward = toReward(created.data.data[0]!, true);
    this.channel.changed();
    this.set([...this.overview.rewards, reward]);
    await this.options.queue.refreshRewards();
    return reward;
  }

  async update(id: string, changes: RewardChanges): Promise<CustomReward> {
    const broadcasterId = this.requireSignedIn();
    const current = await this.manageable(id);
    const merged: RewardInput = { ...fromReward(current), ...stripPaused(changes) };
    this.check(merged, this.overview.rewards.filter((r) => r.id !== id).map((r) => r.title), null);
    const updated = await this.call(() =>
      this.options.api.request<{ data: HelixReward[] }>({
        method: 'PATCH',
        path: rewardsPath,
        query: { broadcaster_id: broadcasterId, id },
        body: { ...toHelixBody(stripPaused(changes)), ...(changes.isPaused === undefined ? {} : { is_paused: changes.isPaused }) },
        // Setting fields to values is idempotent.
        retry: 'safe',
      }),
    );
    const reward = toReward(updated.data.data[0]!, true);
    this.channel.changed();
    this.set(this.overview.rewards.map((r) => (r.id === id ? reward : r)));
    await this.options.queue.refreshRewards();
    return reward;
  }

  /** Deletes it; its UNFULFILLED redemptions become FULFILLED (spec part 3): their number is returned. */
  async delete(id: string): Promise<{ fulfilledRedemptions: number }> {
    const broadcasterId = this.requireSignedIn();
    await this.manageable(id);
    const pending = this.options.queue.pendingOf(id);
    await this.call(() => this.options.api.request({ method: 'DELETE', path: rewardsPath, query: { broadcaster_id: broadcasterId, id } }));
    this.channel.changed();
    this.set(this.overview.rewards.filter((r) => r.id !== id));
    await this.options.queue.refreshRewards();
    return { fulfilledRedemptions: pending };
  }

  /** Creates a copy owned by Sidestage (disabled) and says how to retire the original. */
  async adopt(id: string): Promise<{ reward: CustomReward; retireOriginal: string }> {
    await this.ensureLoaded();
    const original = this.overview.rewards.find((r) => r.id === id);
    if (!original) throw new AppError('invalid_argument', 'That reward no longer exists; refresh the list.');
    if (original.manageable) throw new AppError('invalid_argument', `"${original.title}" already belongs to Sidestage.`);
    const title = adoptedTitle(original.title, this.overview.rewards.map((r) => r.title));
    const reward = await this.create({ ...fromReward(original), title, isEnabled: false });
    return { reward, retireOriginal: retireOriginalWords(original.title, title) };
  }

  private readInBackground(): void {
    background(this.list(), this.options.logger, 'rewards: reading the list');
  }

  private requireSignedIn(): string {
    return this.channel.require('Rewards not read or changed');
  }

  private async ensureLoaded(): Promise<void> {
    if (this.overview.loadedAt === null) await this.list();
  }

  private async manageable(id: string): Promise<CustomReward> {
    await this.ensureLoaded();
    const reward = this.overview.rewards.find((r) => r.id === id);
    if (!reward) throw new AppError('invalid_argument', 'That reward no longer exists; refresh the list.');
    if (!reward.manageable) {
      throw new AppError('invalid_argument', `"${reward.title}" was not created by Sidestage, and the platform lets only the app that created a reward change it. Adopt it to manage a copy.`);
    }
    return reward;
  }

  private check(input: RewardInput, otherTitles: string[], count: number | null): void {
    const problems: RewardProblems = checkReward(input, otherTitles, count);
    const first = Object.values(problems)[0];
    if (first) throw new AppError('invalid_argument', first);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        this.readInBackground();
        throw new AppError('api_error', 'That reward no longer exists on the platform; the list was refreshed.', { status: 404 });
      }
      throw err;
    }
  }

  private set(rewards: CustomReward[]): void {
    this.channel.set({ rewards, loadedAt: new Date(this.clock.now()).toISOString() });
  }
}

function stripPaused(changes: RewardChanges): Partial<RewardInput> {
  const { isPaused: _paused, ...rest } = changes;
  return rest;
}

export function toReward(r: HelixReward, manageable: boolean): CustomReward {
  return {
    id: r.id,
    title: r.title,
    prompt: r.prompt ?? '',
    cost: r.cost,
    backgroundColor: r.background_color,
    isEnabled: r.is_enabled,
    isPaused: r.is_paused,
    isInStock: r.is_in_stock,
    isUserInputRequired: r.is_user_input_required,
    maxPerStream: { isEnabled: r.max_per_stream_setting.is_enabled, value: r.max_per_stream_setting.max_per_stream },
    maxPerUserPerStream: { isEnabled: r.max_per_user_per_stream_setting.is_enabled, value: r.max_per_user_per_stream_setting.max_per_user_per_stream },
    globalCooldown: { isEnabled: r.global_cooldown_setting.is_enabled, seconds: r.global_cooldown_setting.global_cooldown_seconds },
    shouldRedemptionsSkipRequestQueue: r.should_redemptions_skip_request_queue,
    cooldownExpiresAt: r.cooldown_expires_at,
    manageable,
  };
}

function fromReward(r: CustomReward): RewardInput {
  return {
    title: r.title,
    cost: r.cost,
    prompt: r.prompt,
    backgroundColor: r.backgroundColor,
    isEnabled: r.isEnabled,
    isUserInputRequired: r.isUserInputRequired,
    // A disabled setting may hold 0; the platform wants at least 1 whenever a value is sent.
    maxPerStream: { isEnabled: r.maxPerStream.isEnabled, value: Math.max(1, r.maxPerStream.value) },
    maxPerUserPerStream: { isEnabled: r.maxPerUserPerStream.isEnabled, value: Math.max(1, r.maxPerUserPerStream.value) },
    globalCooldown: { isEnabled: r.globalCooldown.isEnabled, seconds: Math.max(1, r.globalCooldown.seconds) },
    shouldRedemptionsSkipRequestQueue: r.shouldRedemptionsSkipRequestQueue,
  };
}

function toHelixBody(input: Partial<RewardInput>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.title !== undefined) body.title = input.title.trim();
  if (input.cost !== undefined) body.cost = input.cost;
  if (input.prompt !== undefined) body.prompt = input.prompt;
  if (input.backgroundColor !== undefined) body.background_color = input.backgroundColor;
  if (input.isEnabled !== undefined) body.is_enabled = input.isEnabled;
  if (input.isUserInputRequired !== undefined) body.is_user_input_required = input.isUserInputRequired;
  if (input.maxPerStream) {
    body.is_max_per_stream_enabled = input.maxPerStream.isEnabled;
    if (input.maxPerStream.isEnabled) body.max_per_stream = input.maxPerStream.value;
  }
  if (input.maxPerUserPerStream) {
    body.is_max_per_user_per_stream_enabled = input.maxPerUserPerStream.isEnabled;
    if (input.maxPerUserPerStream.isEnabled) body.max_per_user_per_stream = input.maxPerUserPerStream.value;
  }
  if (input.globalCooldown) {
    body.is_global_cooldown_enabled = input.globalCooldown.isEnabled;
    if (input.globalCooldown.isEnabled) body.global_cooldown_seconds = input.globalCooldown.seconds;
  }
  if (input.shouldRedemptionsSkipRequestQueue !== undefined) body.should_redemptions_skip_request_queue = input.shouldRedemptionsSkipRequestQueue;
  return body;
}
