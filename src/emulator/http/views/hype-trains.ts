/** Hype trains in the current API's shapes: Get Hype Train Status and the retired Get Hype Train Events. */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import { COOLDOWN_SECONDS, levelGoal, topContributions, type ChannelHype, type HypeTrain, type HypeTrainRecord } from '../../domain/stores/hype-trains';
import { userFields } from './user-fields';

/** The fields Get Hype Train Status and the `channel.hype_train.*` events share. */
export function hypeTrainFields(state: EmulatorState, train: HypeTrain) {
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

export function hypeTrainStatusView(state: EmulatorState, hype: ChannelHype) {
  const high = hype.allTimeHigh;
  const current = hype.current;
  return {
    current: current
      ? {
          ...hypeTrainFields(state, current),
          shared_train_participants: null,
          started_at: toRfc3339(current.startedAt),
          expires_at: toRfc3339(current.expiresAt),
          type: 'regular',
          is_shared_train: false,
        }
      : null,
    all_time_high: high ? { level: high.level, total: high.total, achieved_at: toRfc3339(high.achievedAt) } : null,
    shared_all_time_high: null,
  };
}

const contribution = (userId: string, type: string, total: number) => ({ total, type: type === 'bits' ? 'BITS' : type === 'subscription' ? 'SUBS' : 'OTHER', user: userId });

/** One record of the retired Get Hype Train Events. */
export function hypeTrainRecordView(broadcasterId: string, r: HypeTrainRecord) {
  return {
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
  };
}
