/**
 * Hype Train (spec part 4 names Get Hype Train status; shapes from the platform's reference): Get
 * Hype Train Status, the retired Get Hype Train Events, and `channel.hype_train.begin`/`progress`/
 * `end` (version 2). Trains are driven by the platform events `channel.cheer`, `channel.subscribe`
 * (bought), `channel.subscription.gift` and `channel.subscription.message`, whichever way those
 * happen; they expire on the emulator clock (`settleHypeTrains`). Thresholds: `state/hype-trains.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { eventSubTimestamp } from '../../../eventsub/messages';
import { userFields } from '../../../http/views/helix-shapes';
import { requireTokenBroadcaster } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { PlatformEvent } from '../../../domain/event-bus';
import {
  addPoints,
  COOLDOWN_SECONDS,
  levelGoal,
  START_CONTRIBUTORS,
  START_WINDOW_SECONDS,
  SUBSCRIPTION_HYPE_POINTS,
  topContributions,
  type ChannelHype,
  type Contribution,
  type HypeTrain,
} from '../../../domain/hype-trains';
import type { SubscriptionTier } from '../../../domain/subscriptions';
import '../../../http/app-state';

const SCOPE = ['channel:read:hype_train'];

export function registerHypeTrainRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/hypetrain/status', auth: 'user', scopes: SCOPE }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    settleHypeTrains(state, now);
    const hype = state.hypeTrains.channel(broadcasterId);
    const high = hype.allTimeHigh;
    return {
      data: [
        {
          current: hype.current ? { ...trainFields(state, hype.current), shared_train_participants: null, started_at: toRfc3339(hype.current.startedAt), expires_at: toRfc3339(hype.current.expiresAt), type: 'regular', is_shared_train: false } : null,
          all_time_high: high ? { level: high.level, total: high.total, achieved_at: toRfc3339(high.achievedAt) } : null,
          shared_all_time_high: null,
        },
      ],
    };
  });

  // Retired by the platform in favour of the status above; client libraries still call it.
  registerHelixRoute(app, { method: 'GET', path: '/hypetrain/events', auth: 'user', scopes: SCOPE }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    settleHypeTrains(state, now);
    const records = [...state.hypeTrains.channel(broadcasterId).records].reverse();
    const page = cursorPage(records, query, { defaultFirst: 1, maxFirst: 100, before: 'ignored' });
    const contribution = (userId: string, type: string, total: number) => ({ total, type: type === 'bits' ? 'BITS' : type === 'subscription' ? 'SUBS' : 'OTHER', user: userId });
    return {
      data: page.items.map((r) => ({
        id: r.id,
        event_type: 'hypetrain.progression',
        event_timestamp: toRfc3339(r.at),
        version: '1.0',
        event_data: {
          broadcaster_id: broadcasterId,
          cooldown_end_time: toRfc3339(r.train.endedAt === null ? r.cooldownEndsAt : r.train.endedAt + COOLDOWN_SECONDS * 1000),
          expires_at: toRfc3339(r.expiresAt),
          goal: levelGoal(r.level),
          id: r.train.id,
          last_contribution: contribution(r.last.userId, r.last.type, r.last.points),
          level: r.level,
          started_at: toRfc3339(r.train.startedAt),
          top_contributions: topContributions(r.train).map((c) => contribution(c.userId, c.type, c.total)),
          total: r.total,
        },
      })),
      pagination: page.pagination,
    };
  });

  const state = app.emulatorState;
  const stop = state.events.subscribe((event) => {
    try {
      const contribution = contributionOf(event, state.clock.now());
      if (contribution) contribute(state, event.broadcasterUserId, contribution);
    } catch (error) {
      app.log.error(error, 'driving the hype train failed');
    }
  });
  app.addHook('onClose', async () => {
    stop();
  });
}

/** What a platform event adds to a hype train, if anything. */
function contributionOf(event: PlatformEvent, now: number): Contribution | null {
  const e = event.event;
  const userId = typeof e.user_id === 'string' ? e.user_id : '';
  const tierPoints = (tier: unknown) => SUBSCRIPTION_HYPE_POINTS[tier as SubscriptionTier] ?? SUBSCRIPTION_HYPE_POINTS['1000'];
  switch (event.type) {
    case 'channel.cheer':
      return { userId, type: 'bits', points: Number(e.bits) || 0, at: now };
    case 'channel.subscribe':
      // A gift counts once, through its channel.subscription.gift.
      return e.is_gift === true ? null : { userId, type: 'subscription', points: tierPoints(e.tier), at: now };
    case 'channel.subscription.gift':
      return { userId, type: 'subscription', points: tierPoints(e.tier) * (Number(e.total) || 1), at: now };
    case 'channel.subscription.message':
      return { userId, type: 'subscription', points: tierPoints(e.tier), at: now };
    default:
      return null;
  }
}

function contribute(state: EmulatorState, broadcasterId: string, contribution: Contribution): void {
  const now = contribution.at;
  settleHypeTrains(state, now);
  const hype = state.hypeTrains.channel(broadcasterId);
  const train = hype.current;
  if (train) {
    addPoints(train, contribution, now);
    state.hypeTrains.record(hype, train, contribution, now);
    publishTrainEvent(state, 'channel.hype_train.progress', hype, train);
    return;
  }
  if (now < hype.cooldownEndsAt) return;
  hype.recent = hype.recent.filter((c) => c.at > now - START_WINDOW_SECONDS * 1000);
  hype.recent.push(contribution);
  const contributors = new Set(hype.recent.map((c, i) => c.userId || `anonymous-${i}`));
  if (contributors.size < START_CONTRIBUTORS) return;

  // The contributions that started the train are its first points: a begin, then a progress for each.
  const started = state.hypeTrains.start(broadcasterId, now);
  hype.current = started;
  const starters = hype.recent;
  hype.recent = [];
  for (const c of starters) addPoints(started, c, now);
  state.hypeTrains.record(hype, started, contribution, now);
  publishTrainEvent(state, 'channel.hype_train.begin', hype, started);
  for (const _ of starters) publishTrainEvent(state, 'channel.hype_train.progress', hype, started);
}

/** Ends the trains that have expired at `now`, with their `channel.hype_train.end`. */
export function settleHypeTrains(state: EmulatorState, now: number): void {
  for (const [, hype] of state.hypeTrains.channels()) {
    const train = hype.current;
    if (!train || train.expiresAt > now) continue;
    train.endedAt = train.expiresAt;
    hype.current = null;
    hype.cooldownEndsAt = train.endedAt + COOLDOWN_SECONDS * 1000;
    const high = hype.allTimeHigh;
    if (!high || train.total > high.total) hype.allTimeHigh = { level: train.level, total: train.total, achievedAt: train.endedAt };
    publishTrainEvent(state, 'channel.hype_train.end', hype, train);
  }
}

function trainFields(state: EmulatorState, train: HypeTrain) {
  return {
    id: train.id,
    ...userFields(state, 'broadcaster_user', train.broadcasterId),
    level: train.level,
    total: train.total,
    progress: train.progress,
    goal: levelGoal(train.level),
    top_contributions: topContributions(train).map((c) => ({ ...userFields(state, 'user', c.userId), type: c.type, total: c.total })),
  };
}

function publishTrainEvent(
  state: EmulatorState,
  type: 'channel.hype_train.begin' | 'channel.hype_train.progress' | 'channel.hype_train.end',
  hype: ChannelHype,
  train: HypeTrain,
): void {
  const { progress, goal, ...common } = trainFields(state, train);
  const shared = { shared_train_participants: null, type: 'regular', is_shared_train: false };
  const event =
    type === 'channel.hype_train.end'
      ? {
          ...common,
          ...shared,
          started_at: eventSubTimestamp(train.startedAt),
          ended_at: eventSubTimestamp(train.endedAt ?? train.expiresAt),
          cooldown_ends_at: eventSubTimestamp(hype.cooldownEndsAt),
        }
      : {
          ...common,
          progress,
          goal,
          ...(type === 'channel.hype_train.begin'
            ? { all_time_high_level: hype.allTimeHigh?.level ?? 0, all_time_high_total: hype.allTimeHigh?.total ?? 0 }
            : {}),
          ...shared,
          started_at: eventSubTimestamp(train.startedAt),
          expires_at: eventSubTimestamp(train.expiresAt),
        };
  state.events.publish({ type, broadcasterUserId: train.broadcasterId, event });
}
