/**
 * Hype trains (platform reference, Hype Train). The platform does not publish its thresholds; the
 * emulator's: a train starts when `START_CONTRIBUTORS` different viewers cheer or subscribe within
 * `START_WINDOW_SECONDS`; it expires `EXPIRY_SECONDS` after it starts or last levels up; level n
 * needs `levelGoal(n)` points; a channel waits `COOLDOWN_SECONDS` after a train before the next.
 * Points: one per Bit, 500/1000/2500 per tier 1/2/3 subscription.
 */
import * as ids from '../../ids';
import type { SubscriptionTier } from './subscriptions';

export const START_CONTRIBUTORS = 3;
export const START_WINDOW_SECONDS = 5 * 60;
export const EXPIRY_SECONDS = 5 * 60;
export const COOLDOWN_SECONDS = 60 * 60;
export const SUBSCRIPTION_HYPE_POINTS: Readonly<Record<SubscriptionTier, number>> = { '1000': 500, '2000': 1000, '3000': 2500 };

export function levelGoal(level: number): number {
  return 1600 + (level - 1) * 600;
}

export type ContributionType = 'bits' | 'subscription' | 'other';

export interface Contribution {
  /** Empty for an anonymous contribution. */
  userId: string;
  type: ContributionType;
  points: number;
  at: number;
}

export interface HypeTrain {
  id: string;
  broadcasterId: string;
  level: number;
  total: number;
  /** Points into the current level. */
  progress: number;
  startedAt: number;
  expiresAt: number;
  endedAt: number | null;
  contributions: Contribution[];
}

/** A snapshot of a train as the retired Get Hype Train Events lists them. */
export interface HypeTrainRecord {
  id: string;
  at: number;
  train: HypeTrain;
  level: number;
  total: number;
  progress: number;
  expiresAt: number;
  last: Contribution;
  cooldownEndsAt: number;
}

export interface ChannelHype {
  /** Contributions of the last window while no train runs. */
  recent: Contribution[];
  current: HypeTrain | null;
  cooldownEndsAt: number;
  allTimeHigh: { level: number; total: number; achievedAt: number } | null;
  /** Newest last. */
  records: HypeTrainRecord[];
}

const MAX_RECORDS = 500;

export class HypeTrainStore {
  private readonly byBroadcaster = new Map<string, ChannelHype>();

  channel(broadcasterId: string): ChannelHype {
    let hype = this.byBroadcaster.get(broadcasterId);
    if (!hype) {
      hype = { recent: [], current: null, cooldownEndsAt: 0, allTimeHigh: null, records: [] };
      this.byBroadcaster.set(broadcasterId, hype);
    }
    return hype;
  }

  channels(): [string, ChannelHype][] {
    return [...this.byBroadcaster];
  }

  start(broadcasterId: string, now: number): HypeTrain {
    return { id: ids.uuid(), broadcasterId, level: 1, total: 0, progress: 0, startedAt: now, expiresAt: now + EXPIRY_SECONDS * 1000, endedAt: null, contributions: [] };
  }

  record(hype: ChannelHype, train: HypeTrain, last: Contribution, now: number): void {
    hype.records.push({
      id: ids.uuid(),
      at: now,
      train,
      level: train.level,
      total: train.total,
      progress: train.progress,
      expiresAt: train.expiresAt,
      last,
      cooldownEndsAt: train.expiresAt + COOLDOWN_SECONDS * 1000,
    });
    if (hype.records.length > MAX_RECORDS) hype.records.shift();
  }
}

/** Adds a contribution's points; answers whether the train reached a new level. */
export function addPoints(train: HypeTrain, contribution: Contribution, now: number): boolean {
  train.contributions.push(contribution);
  train.total += contribution.points;
  train.progress += contribution.points;
  let levelled = false;
  while (train.progress >= levelGoal(train.level)) {
    train.progress -= levelGoal(train.level);
    train.level += 1;
    levelled = true;
  }
  if (levelled) train.expiresAt = now + EXPIRY_SECONDS * 1000;
  return levelled;
}

/** Each contributor's points by type, highest first. */
export function topContributions(train: HypeTrain): { userId: string; type: ContributionType; total: number }[] {
  const totals = new Map<string, { userId: string; type: ContributionType; total: number }>();
  for (const c of train.contributions) {
    if (c.userId === '') continue;
    const k = `${c.userId}:${c.type}`;
    const entry = totals.get(k) ?? { userId: c.userId, type: c.type, total: 0 };
    entry.total += c.points;
    totals.set(k, entry);
  }
  // The platform lists the top contributor of each type.
  const best = new Map<ContributionType, { userId: string; type: ContributionType; total: number }>();
  for (const entry of totals.values()) if ((best.get(entry.type)?.total ?? -1) < entry.total) best.set(entry.type, entry);
  return [...best.values()].sort((a, b) => b.total - a.total);
}
