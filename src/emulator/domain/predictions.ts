/**
 * Predictions' rules (the platform's reference, Predictions): one prediction ACTIVE or LOCKED per
 * broadcaster, partners and affiliates only; the window locks by itself on the emulator clock
 * (`settlePredictions`); viewers predict with channel points; resolving pays the winners out of the
 * whole pool, cancelling refunds. Announces `channel.prediction.begin`, `progress`, `lock`, `end`.
 */
import { badRequest, conflict, forbidden, invalidParameter, notFound } from './api-error';
import { spendChannelPoints } from './channel-point-balances';
import type { EmulatorState } from './emulator-state';
import { NOT_MONETIZED_MESSAGE } from './polls';
import { locksAt, MAX_POINTS_PER_PREDICTION, outcomeTotals, predictedOutcome, type NewPrediction, type Prediction, type PredictionOutcome } from './stores/predictions';
import type { User } from './stores/users';
import { knownUser } from './users';

export const OPEN_PREDICTION_MESSAGE = 'The broadcaster already has an active or locked prediction; end it before creating another.';
const TOP_PREDICTORS = 10;

/** Locks the active predictions whose window has closed, with their `channel.prediction.lock`. */
export function settlePredictions(state: EmulatorState, now: number): void {
  for (const prediction of state.predictions.due(now)) lock(state, prediction, locksAt(prediction));
}

/** The broadcaster's predictions, newest first, as of `now`. */
export function predictionsOf(state: EmulatorState, broadcasterId: string, now: number): Prediction[] {
  settlePredictions(state, now);
  return state.predictions.listFor(broadcasterId);
}

/** Create Prediction. */
export function createPrediction(state: EmulatorState, broadcaster: User, input: Omit<NewPrediction, 'broadcasterId'>, now: number): Prediction {
  settlePredictions(state, now);
  if (broadcaster.broadcasterType === '') throw forbidden(NOT_MONETIZED_MESSAGE);
  if (state.predictions.open(broadcaster.id)) throw badRequest(OPEN_PREDICTION_MESSAGE);
  const prediction = state.predictions.create({ ...input, broadcasterId: broadcaster.id }, now);
  state.events.publish({ type: 'channel.prediction.begin', prediction });
  return prediction;
}

/** End Prediction: LOCKED, CANCELED (refunds) or RESOLVED with the winning outcome (pays out). */
export function endPrediction(
  state: EmulatorState,
  input: { broadcasterId: string; predictionId: string; status: 'RESOLVED' | 'CANCELED' | 'LOCKED'; winningOutcomeId: string | null },
  now: number,
): Prediction {
  settlePredictions(state, now);
  const prediction = state.predictions.get(input.predictionId);
  if (!prediction || prediction.broadcasterId !== input.broadcasterId) throw notFound('The prediction was not found.');
  if (prediction.status === 'RESOLVED' || prediction.status === 'CANCELED') throw badRequest(`The prediction is ${prediction.status} and can no longer be changed.`);
  if (input.status === 'LOCKED') {
    if (prediction.status === 'LOCKED') throw badRequest('The prediction is already LOCKED.');
    lock(state, prediction, now);
  } else if (input.status === 'CANCELED') {
    cancel(state, prediction, now);
  } else {
    const winner = prediction.outcomes.find((o) => o.id === input.winningOutcomeId);
    if (!winner) throw invalidParameter('winning_outcome_id', 'not an outcome of this prediction');
    resolve(state, prediction, winner, now);
  }
  return prediction;
}

/** A viewer predicts (simulation API): channel points on one outcome, more on the same one later. */
export function predict(state: EmulatorState, input: { predictionId: string; viewerId: string; outcomeId: string; channelPoints: number }, now: number): Prediction {
  settlePredictions(state, now);
  const prediction = state.predictions.get(input.predictionId);
  if (!prediction) throw notFound(`Unknown prediction "${input.predictionId}"`);
  const viewer = knownUser(state, input.viewerId, 'user_id');
  if (viewer.id === prediction.broadcasterId) throw badRequest('The broadcaster cannot predict on their own prediction');
  if (prediction.status !== 'ACTIVE') throw conflict(`The prediction is ${prediction.status}`);
  const outcome = prediction.outcomes.find((o) => o.id === input.outcomeId);
  if (!outcome) throw badRequest(`Invalid field "outcome_id": not an outcome of prediction "${prediction.id}"`);
  const earlier = predictedOutcome(prediction, viewer.id);
  if (earlier && earlier !== outcome) throw conflict(`User "${viewer.login}" already predicted "${earlier.title}"`);
  const already = outcome.predictors.get(viewer.id) ?? 0;
  if (already + input.channelPoints > MAX_POINTS_PER_PREDICTION) {
    throw badRequest(`Invalid field "channel_points": a viewer may put at most ${MAX_POINTS_PER_PREDICTION} points on a prediction`);
  }
  spendChannelPoints(state, prediction.broadcasterId, viewer, input.channelPoints);
  outcome.predictors.set(viewer.id, already + input.channelPoints);
  state.events.publish({ type: 'channel.prediction.progress', prediction });
  return prediction;
}

function lock(state: EmulatorState, prediction: Prediction, at: number): void {
  prediction.status = 'LOCKED';
  prediction.lockedAt = at;
  state.events.publish({ type: 'channel.prediction.lock', prediction });
}

/** Every predictor gets their points back. */
function cancel(state: EmulatorState, prediction: Prediction, now: number): void {
  for (const outcome of prediction.outcomes) {
    for (const [userId, points] of outcome.predictors) state.pointBalances.add(prediction.broadcasterId, userId, points);
  }
  prediction.status = 'CANCELED';
  prediction.endedAt = now;
  state.events.publish({ type: 'channel.prediction.end', prediction });
}

/** The winners share the whole pool in proportion to their stakes (rounded down). */
function resolve(state: EmulatorState, prediction: Prediction, winner: PredictionOutcome, now: number): void {
  const pool = prediction.outcomes.reduce((sum, o) => sum + outcomeTotals(o).channelPoints, 0);
  const winningPool = outcomeTotals(winner).channelPoints;
  for (const [userId, points] of winner.predictors) {
    const won = Math.floor((points * pool) / winningPool);
    prediction.payouts.set(userId, won);
    state.pointBalances.add(prediction.broadcasterId, userId, won);
  }
  prediction.status = 'RESOLVED';
  prediction.winningOutcomeId = winner.id;
  if (prediction.lockedAt === null) prediction.lockedAt = now;
  prediction.endedAt = now;
  state.events.publish({ type: 'channel.prediction.end', prediction });
}

/** What a predictor won: null until the prediction ends, 0 for losers and refunds. */
function pointsWon(prediction: Prediction, userId: string): number | null {
  if (prediction.status === 'ACTIVE' || prediction.status === 'LOCKED') return null;
  return prediction.payouts.get(userId) ?? 0;
}

/** The outcome's ten biggest predictors, most points first. */
export function topPredictors(prediction: Prediction, outcome: PredictionOutcome): { userId: string; pointsUsed: number; pointsWon: number | null }[] {
  return [...outcome.predictors]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_PREDICTORS)
    .map(([userId, used]) => ({ userId, pointsUsed: used, pointsWon: pointsWon(prediction, userId) }));
}
