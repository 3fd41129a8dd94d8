/** Predictions in the current API's shape (the platform's reference, Predictions). */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import { topPredictors } from '../../domain/predictions';
import { outcomeTotals, type Prediction } from '../../domain/stores/predictions';
import { userFields } from './user-fields';
import type { PredictionView } from './wire/engagement';

export function predictionView(state: EmulatorState, prediction: Prediction): PredictionView {
  const broadcaster = userFields(state, 'broadcaster', prediction.broadcasterId);
  return {
    id: prediction.id,
    broadcaster_id: broadcaster.broadcaster_id,
    broadcaster_name: broadcaster.broadcaster_name,
    broadcaster_login: broadcaster.broadcaster_login,
    title: prediction.title,
    winning_outcome_id: prediction.winningOutcomeId,
    outcomes: prediction.outcomes.map((o) => {
      const totals = outcomeTotals(o);
      const top = topPredictors(prediction, o).map((p) => {
        const user = userFields(state, 'user', p.userId);
        return { user_id: user.user_id, user_name: user.user_name, user_login: user.user_login, channel_points_used: p.pointsUsed, channel_points_won: p.pointsWon };
      });
      return { id: o.id, title: o.title, users: totals.users, channel_points: totals.channelPoints, top_predictors: top.length > 0 ? top : null, color: o.color };
    }),
    prediction_window: prediction.predictionWindow,
    status: prediction.status,
    created_at: toRfc3339(prediction.createdAt),
    ended_at: prediction.endedAt === null ? null : toRfc3339(prediction.endedAt),
    locked_at: prediction.lockedAt === null ? null : toRfc3339(prediction.lockedAt),
  };
}
