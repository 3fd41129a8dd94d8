/** `channel.hype_train.begin`, `progress` and `end`, version 2 (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { hypeTrainFields } from '../../http/views/hype-trains';
import { eventSubTimestamp } from '../messages';
import type { Notification } from '../notification';

type HypeTrainEvent = PlatformEventOf<'channel.hype_train.begin' | 'channel.hype_train.progress' | 'channel.hype_train.end'>;

export function hypeTrainNotification(state: EmulatorState, { type, hype, train }: HypeTrainEvent): Notification {
  const { progress, goal, ...common } = hypeTrainFields(state, train);
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
  return { type, broadcasterUserId: train.broadcasterId, event };
}
