/** `channel.prediction.begin`, `progress`, `lock` and `end` (the platform's reference). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { PlatformEventOf } from '../../domain/event-bus';
import { topPredictors } from '../../domain/predictions';
import { locksAt, outcomeTotals } from '../../domain/stores/predictions';
import { userFields } from '../../http/views/user-fields';
import { eventSubTimestamp } from '../messages';
import type { Notification } from '../notification';

type PredictionEvent = PlatformEventOf<'channel.prediction.begin' | 'channel.prediction.progress' | 'channel.prediction.lock' | 'channel.prediction.end'>;

export function predictionNotification(state: EmulatorState, { type, prediction }: PredictionEvent): Notification {
  const outcomes = prediction.outcomes.map((o) => {
    const color = o.color.toLowerCase();
    if (type === 'channel.prediction.begin') return { id: o.id, title: o.title, color };
    const totals = outcomeTotals(o);
    return {
      id: o.id,
      title: o.title,
      color,
      users: totals.users,
      channel_points: totals.channelPoints,
      top_predictors: topPredictors(prediction, o).map((p) => {
        const user = userFields(state, 'user', p.userId);
        return {
          user_name: user.user_name,
          user_login: user.user_login,
          user_id: user.user_id,
          channel_points_won: type === 'channel.prediction.end' ? p.pointsWon : null,
          channel_points_used: p.pointsUsed,
        };
      }),
    };
  });
  const event: Record<string, unknown> = {
    id: prediction.id,
    ...userFields(state, 'broadcaster_user', prediction.broadcasterId),
    title: prediction.title,
  };
  if (type === 'channel.prediction.end') {
    event.winning_outcome_id = prediction.winningOutcomeId;
    event.outcomes = outcomes;
    event.status = prediction.status.toLowerCase();
    event.started_at = eventSubTimestamp(prediction.createdAt);
    event.ended_at = eventSubTimestamp(prediction.endedAt ?? prediction.createdAt);
  } else {
    event.outcomes = outcomes;
    event.started_at = eventSubTimestamp(prediction.createdAt);
    if (type === 'channel.prediction.lock') event.locked_at = eventSubTimestamp(prediction.lockedAt ?? locksAt(prediction));
    else event.locks_at = eventSubTimestamp(locksAt(prediction));
  }
  return { type, broadcasterUserId: prediction.broadcasterId, event };
}
