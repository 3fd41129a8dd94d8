import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
/** In-memory stand-ins for the platform, the events service and the account, for the queue's unit tests, and a queue over them. */
import type { AuthState, ChannelEventOf, QueueDelta, Redemption } from '../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import type { ApiRequest, ApiResponse, Query } from '../services/api/api-client';
import { ApiError } from '../services/api/api-error';
import type { BroadcasterSource } from '../services/common/current-broadcaster';
import { ChannelEvents } from '../services/events/channel-events';
import type { EventsGap } from '../services/events/events-service';
import type { HelixRedemption, HelixReward } from '../services/redemptions/helix-redemptions';
import { CurrentBroadcaster } from '../services/common/current-broadcaster';
import { silentLogger } from '../services/logger';
import { RedemptionOutbox } from '../services/redemptions/redemption-outbox';
import { RedemptionsService, type ArrivalContext, type RedemptionEventsSource } from '../services/redemptions/redemptions-service';
import { FakeEventsSource } from './fake-channel-events';
import { createFakeClock, type FakeClock } from './fake-clock';
import { withCurrentBroadcaster } from '../../shared/domain/current-broadcaster';

export const broadcaster = '501234567';

export function helixReward(id: string, title = `Reward ${id}`, cost = 100): HelixReward {
  return {
    id,
    title,
    prompt: '',
    cost,
    background_color: '#9147FF',
    is_enabled: true,
    is_paused: false,
    is_in_stock: true,
    is_user_input_required: false,
    max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
    max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
    global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
    should_redemptions_skip_request_queue: false,
    cooldown_expires_at: null,
  };
}

let seq = 0;
export function helixRedemption(rewardId: string, overrides: Partial<HelixRedemption> = {}): HelixRedemption {
  seq++;
  return {
    id: `red-${String(seq).padStart(6, '0')}`,
    broadcaster_id: broadcaster,
    user_id: `u${seq % 7}`,
    user_login: `viewer${seq % 7}`,
    user_name: `Viewer${seq % 7}`,
    user_input: null,
    status: 'UNFULFILLED',
    redeemed_at: new Date(Date.UTC(2025, 0, 1) + seq * 1000).toISOString(),
    reward: { id: rewardId, title: `Reward ${rewardId}`, prompt: '', cost: 100 },
    ...overrides,
  };
}

type RedemptionStatus = 'unknown' | 'unfulfilled' | 'fulfilled' | 'canceled';

/** A redemption's EventSub event (`payload.event` of `...redemption.add` or `.update`), as the platform sends it. */
export function toEvent(r: HelixRedemption, status: RedemptionStatus = 'unfulfilled') {
  return {
    id: r.id,
    broadcaster_user_id: r.broadcaster_id,
    broadcaster_user_login: 'demo',
    broadcaster_user_name: 'Demo',
    user_id: r.user_id,
    user_login: r.user_login,
    user_name: r.user_name,
    user_input: r.user_input ?? '',
    status,
    reward: { id: r.reward.id, title: r.reward.title, cost: r.reward.cost, prompt: r.reward.prompt ?? '' },
    redeemed_at: r.redeemed_at,
  };
}

type Failure = (req: { method: string; path: string; query: Query }) => Error | null;

/** The channel-points endpoints the queue uses, over an in-memory channel. */
export class FakeChannelPointsApi {
  readonly rewards: HelixReward[] = [];
  readonly redemptions = new Map<string, HelixRedemption>();
  readonly patches: { ids: string[]; rewardId: string; status: string }[] = [];
  readonly gets: string[] = [];
  /** Consulted before every call; return an error to fail it. */
  failures: Failure[] = [];
  /** Called before every GET of a redemptions page answers (to interleave events with a reconciliation). */
  onRedemptionsPage: (() => void | Promise<void>) | null = null;

  addReward(reward: HelixReward): HelixReward {
    this.rewards.push(reward);
    return reward;
  }

  redeem(rewardId: string, overrides: Partial<HelixRedemption> = {}): HelixRedemption {
    const r = helixRedemption(rewardId, overrides);
    this.redemptions.set(r.id, r);
    return r;
  }

  unfulfilledIds(): string[] {
    return [...this.redemptions.values()].filter((r) => r.status === 'UNFULFILLED').map((r) => r.id).sort();
  }

  failWith(error: () => Error, times = 1, match: (req: { method: string; path: string }) => boolean = () => true): void {
    let left = times;
    this.failures.push((req) => {
      if (left <= 0 || !match(req)) return null;
      left--;
      return error();
    });
  }

  private check(method: string, path: string, query: Query): void {
    for (const f of this.failures) {
      const err = f({ method, path, query });
      if (err) throw err;
    }
  }

  get = async <T>(path: string, query: Query = {}): Promise<T> => {
    this.gets.push(path);
    this.check('GET', path, query);
    if (path.endsWith('/custom_rewards')) return { data: this.rewards } as T;
    throw new Error(`unexpected GET ${path}`);
  };

  paginate = <T>(path: string, query: Query = {}): AsyncGenerator<T, void, undefined> => this.pages<T>(path, query);

  private async *pages<T>(path: string, query: Query): AsyncGenerator<T, void, undefined> {
    this.gets.push(path);
    if (this.onRedemptionsPage) await this.onRedemptionsPage();
    this.check('GET', path, query);
    const list = [...this.redemptions.values()]
      .filter((r) => r.reward.id === query.reward_id && r.status === query.status)
      .sort((a, b) => (a.redeemed_at < b.redeemed_at ? -1 : 1));
    for (const r of list) yield { ...r } as T;
  }

  request = async <T>(req: ApiRequest): Promise<ApiResponse<T>> => {
    const query = req.query ?? {};
    this.check(req.method, req.path, query);
    if (req.method === 'PATCH' && req.path.endsWith('/redemptions')) {
      const ids = query.id as string[];
      const rewardId = String(query.reward_id);
      const status = (req.body as { status: string }).status;
      if (ids.length > 50) throw new ApiError(400, 'Bad Request', 'too many ids');
      this.patches.push({ ids, rewardId, status });
      const changed = ids.map((id) => this.redemptions.get(id)).filter((r) => r && r.status === 'UNFULFILLED' && r.reward.id === rewardId) as HelixRedemption[];
      if (changed.length === 0) throw new ApiError(404, 'Not Found', 'No unfulfilled redemptions');
      for (const r of changed) r.status = status;
      return { status: 200, data: { data: changed } as T };
    }
    throw new Error(`unexpected ${req.method} ${req.path}`);
  };
}

/**
 * The events service for the redemption services' tests: notifications in the platform's shapes
 * (`add`, `update`, `emit`), read by the real channel-event stream (`channelEvents`), and gaps.
 */
export class FakeEvents extends FakeEventsSource implements RedemptionEventsSource {
  private readonly gaps = new Emitter<EventsGap>();
  private readonly streams: ChannelEvents[] = [];

  /** A channel-event stream over these notifications, as composition builds one over the events service. */
  channelEvents(broadcaster: Pick<BroadcasterSource, 'id' | 'onChange'>): ChannelEvents {
    const stream = new ChannelEvents({ events: this, broadcaster, logger: silentLogger });
    this.streams.push(stream);
    return stream;
  }

  onGap(listener: (gap: EventsGap) => void): Disposer {
    return this.gaps.on(listener);
  }

  emit(type: string, event: unknown): void {
    this.fire(type, event, undefined, new Date().toISOString());
  }

  add(r: HelixRedemption): void {
    this.emit('channel.channel_points_custom_reward_redemption.add', toEvent(r));
  }

  update(r: HelixRedemption, status: RedemptionStatus): void {
    this.emit('channel.channel_points_custom_reward_redemption.update', toEvent(r, status));
  }

  gap(reason: EventsGap['reason'] = 'drop'): void {
    this.gaps.fire({ reason, since: null });
  }

  dispose(): void {
    for (const stream of this.streams.splice(0)) stream.dispose();
    this.gaps.dispose();
  }
}

export class FakeAuth {
  private readonly changes = new Emitter<AuthState>();
  state: AuthState;

  constructor(signedIn = true) {
    this.state = signedIn ? FakeAuth.signedIn() : FakeAuth.with('signedOut');
  }

  static signedIn(id = broadcaster): AuthState {
    return withCurrentBroadcaster({
      status: 'signedIn',
      account: { id, login: 'demo', displayName: 'Demo', broadcasterType: 'partner', profileImageUrl: '' },
      scopes: [],
      missingScopes: [],
      pending: null,
      lastValidatedAt: null,
      error: null,
    }, null);
  }

  static with(status: AuthState['status'], id = broadcaster): AuthState {
    const base = FakeAuth.signedIn(id);
    return withCurrentBroadcaster({ ...base, status, account: status === 'signedOut' ? null : base.account }, base.currentBroadcaster);
  }

  getState = (): AuthState => this.state;

  onChange = (listener: (state: AuthState) => void): Disposer => this.changes.on(listener);

  /** As the auth service would: the current broadcaster worked out from the status and account. */
  set(next: AuthState): void {
    const state = withCurrentBroadcaster(next, this.state.currentBroadcaster);
    this.state = state;
    this.changes.fire(state);
  }

  /** Which account is current for this sign-in, as the composition root shares it among the services. */
  broadcaster(): CurrentBroadcaster {
    return new CurrentBroadcaster(this);
  }
}

/**
 * A redemption queue (`RedemptionsService` with a real outbox in `dir`) over the fakes above, with
 * the renderer's copy of it kept only from deltas (and a snapshot when a delta does not follow on),
 * as the renderer keeps it.
 */
export class QueueHarness {
  dir = '';
  api = new FakeChannelPointsApi();
  events = new FakeEvents();
  auth = new FakeAuth(true);
  clock: FakeClock = createFakeClock();
  deltas: QueueDelta[] = [];
  arrivals: { ids: string[]; context: ArrivalContext }[] = [];
  /** The redemptions the channel-event stream passed on, live and caught up. */
  streamed: ChannelEventOf<'redemption'>[] = [];
  mirror = new Map<string, Redemption>();
  mirrorVersion = 0;
  service: RedemptionsService | null = null;
  /** The channel-event stream the queue reads and publishes into, for consumers built beside it. */
  channelEvents: ChannelEvents | null = null;
  private broadcasterSource: CurrentBroadcaster | null = null;

  /** New fakes (a channel with rewards `a` and `b`) and a new, empty data folder. */
  async reset(): Promise<void> {
    this.dir = await mkdtemp(join(tmpdir(), 'redemptions-'));
    this.api = new FakeChannelPointsApi();
    this.events = new FakeEvents();
    this.auth = new FakeAuth(true);
    this.clock = createFakeClock();
    this.service = null;
    this.api.addReward(helixReward('a', 'Hydrate!'));
    this.api.addReward(helixReward('b', 'Song request'));
  }

  /** Starts a queue (a new process, when one ran before: only the outbox file is shared) and waits for its first reconciliation. */
  async start(outboxDir = this.dir): Promise<RedemptionsService> {
    this.deltas = [];
    this.arrivals = [];
    this.streamed = [];
    this.mirror = new Map();
    this.mirrorVersion = 0;
    const outbox = await RedemptionOutbox.open(outboxDir);
    this.broadcasterSource?.dispose();
    this.broadcasterSource = this.auth.broadcaster();
    const channelEvents = this.events.channelEvents(this.broadcasterSource);
    this.channelEvents = channelEvents;
    channelEvents.on(['redemption'], (event) => this.streamed.push(event));
    const s = new RedemptionsService({
      api: this.api,
      broadcaster: this.broadcasterSource,
      events: this.events,
      channelEvents,
      outbox,
      logger: silentLogger,
      clock: this.clock,
      random: () => 0.5,
    });
    s.onDelta((delta) => {
      this.deltas.push(delta);
      if (delta.baseVersion !== this.mirrorVersion) {
        const snap = s.getSnapshot();
        this.mirror = new Map(snap.items.map((r) => [r.id, r]));
        this.mirrorVersion = snap.version;
        return;
      }
      for (const id of delta.removed) this.mirror.delete(id);
      for (const r of delta.added) this.mirror.set(r.id, r);
      this.mirrorVersion = delta.version;
    });
    s.onArrived((items, context) => this.arrivals.push({ ids: items.map((r) => r.id), context }));
    s.start();
    this.service = s;
    await s.idle();
    return s;
  }

  queueIds(): string[] {
    return this.service!.getSnapshot().items.map((r) => r.id).sort();
  }

  /** Waits until the queue has nothing under way (reconciliations, sends, outbox writes): no fixed sleeps. */
  settle(): Promise<void> {
    return this.service!.idle();
  }

  async cleanup(): Promise<void> {
    await this.service?.dispose();
    this.events.dispose();
    this.broadcasterSource?.dispose();
    this.broadcasterSource = null;
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

/** One harness for a test file, with new fakes and a new folder for every test. */
export function queueHarnessPerTest(): QueueHarness {
  const harness = new QueueHarness();
  beforeEach(() => harness.reset());
  afterEach(() => harness.cleanup());
  return harness;
}
