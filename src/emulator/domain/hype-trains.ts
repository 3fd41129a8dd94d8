/**
 * Hype trains' rules (the platform's reference, Hype Train; thresholds in `stores/hype-trains.ts`):
 * cheers and subscriptions (bought, gifted, resubscription messages) contribute; enough different
 * contributors within the start window start a train; a train expires on the emulator clock
 * (`settleHypeTrains`) and the channel cools down. Announces `channel.hype_train.begin`,
 * `progress` and `end`.
 */
import type { EmulatorState } from './emulator-state';
import { addPoints, COOLDOWN_SECONDS, START_CONTRIBUTORS, START_WINDOW_SECONDS, SUBSCRIPTION_HYPE_POINTS, type ChannelHype, type Contribution, type HypeTrain } from './stores/hype-trains';
import type { SubscriptionTier } from './stores/subscriptions';

/** Hype points of `count` subscriptions of `tier`. */
export function subscriptionHypePoints(tier: SubscriptionTier, count = 1): number {
  return (SUBSCRIPTION_HYPE_POINTS[tier] ?? SUBSCRIPTION_HYPE_POINTS['1000']) * count;
}

/** The channel's hype as of `now` (expired trains ended). */
export function hypeOf(state: EmulatorState, broadcasterId: string, now: number): ChannelHype {
  settleHypeTrains(state, now);
  return state.hypeTrains.channel(broadcasterId);
}

/** A cheer or a subscription adds to the running train, or counts towards starting one. */
export function contributeToHypeTrain(state: EmulatorState, broadcasterId: string, contribution: Contribution): void {
  const now = contribution.at;
  settleHypeTrains(state, now);
  const hype = state.hypeTrains.channel(broadcasterId);
  const train = hype.current;
  if (train) {
    addPoints(train, contribution, now);
    state.hypeTrains.record(hype, train, contribution, now);
    announce(state, 'channel.hype_train.progress', hype, train);
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
  announce(state, 'channel.hype_train.begin', hype, started);
  for (const _ of starters) announce(state, 'channel.hype_train.progress', hype, started);
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
    announce(state, 'channel.hype_train.end', hype, train);
  }
}

function announce(state: EmulatorState, type: 'channel.hype_train.begin' | 'channel.hype_train.progress' | 'channel.hype_train.end', hype: ChannelHype, train: HypeTrain): void {
  state.events.publish({ type, hype, train });
}
