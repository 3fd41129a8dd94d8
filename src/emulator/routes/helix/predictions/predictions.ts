/**
 * Channel Points Predictions (spec part 4 names them only; shapes from the platform's reference):
 * Create Prediction, Get Predictions, End Prediction (LOCKED, RESOLVED, CANCELED) and
 * `channel.prediction.begin`/`progress`/`lock`/`end`. The window locks by itself on the emulator
 * clock (`settlePredictions`); resolving pays the winners out of the whole pool, cancelling refunds.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { eventSubTimestamp } from '../../../eventsub/messages';
import { userFields } from '../../../http/views/helix-shapes';
import { badRequest, forbidden, invalidParameter, missingParameter, notFound, requireTokenBroadcaster } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { PlatformEventType } from '../../../domain/event-bus';
import { locksAt, outcomeTotals, type Prediction, type PredictionOutcome } from '../../../domain/predictions';
import { boundedText, requiredInteger, requiredString, titledItems } from '../../../http/body-fields';
import { NOT_MONETIZED_MESSAGE } from '../polls/polls';

export const PREDICTION_LIMITS = { title: 45, outcomeTitle: 25, outcomes: { min: 2, max: 10 }, window: { min: 30, max: 1800 } } as const;
export const OPEN_PREDICTION_MESSAGE = 'The broadcaster already has an active or locked prediction; end it before creating another.';
const MAX_IDS = 25;
const TOP_PREDICTORS = 10;

export function registerPredictionRoutes(app: FastifyInstance): void {
  const read = ['channel:read:predictions', 'channel:manage:predictions'];
  const manage = ['channel:manage:predictions'];

  registerHelixRoute(app, { method: 'GET', path: '/predictions', auth: 'user', scopes: read }, ({ state, user, query, now }) => {
    settlePredictions(state, now);
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const wanted = query.all('id').filter((id) => id !== '');
    if (wanted.length > MAX_IDS) throw invalidParameter('id', `at most ${MAX_IDS} IDs`);
    const predictions = state.predictions.listFor(broadcasterId).filter((p) => wanted.length === 0 || wanted.includes(p.id));
    const page = cursorPage(predictions, query, { defaultFirst: 20, maxFirst: 25, before: 'ignored' });
    return { data: page.items.map((p) => predictionView(state, p)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'POST', path: '/predictions', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    settlePredictions(state, now);
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const title = boundedText(fields, 'title', PREDICTION_LIMITS.title);
    const outcomes = titledItems(fields, 'outcomes', PREDICTION_LIMITS.outcomes, PREDICTION_LIMITS.outcomeTitle);
    const predictionWindow = requiredInteger(fields, 'prediction_window', PREDICTION_LIMITS.window.min, PREDICTION_LIMITS.window.max);
    if (user.broadcasterType === '') throw forbidden(NOT_MONETIZED_MESSAGE);
    if (state.predictions.open(user.id)) throw badRequest(OPEN_PREDICTION_MESSAGE);
    const prediction = state.predictions.create({ broadcasterId, title, outcomes, predictionWindow }, now);
    publishPredictionEvent(state, 'channel.prediction.begin', prediction);
    return { data: [predictionView(state, prediction)] };
  });

  registerHelixRoute(app, { method: 'PATCH', path: '/predictions', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    settlePredictions(state, now);
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const id = requiredString(fields, 'id');
    const status = requiredString(fields, 'status');
    if (status !== 'RESOLVED' && status !== 'CANCELED' && status !== 'LOCKED') throw invalidParameter('status', 'must be RESOLVED, CANCELED or LOCKED');
    const winningId = fields.winning_outcome_id;
    if (status === 'RESOLVED' && (winningId === undefined || winningId === null || winningId === '')) throw missingParameter('winning_outcome_id');
    if (winningId !== undefined && winningId !== null && typeof winningId !== 'string') throw invalidParameter('winning_outcome_id', 'must be a string');

    const prediction = state.predictions.get(id);
    if (!prediction || prediction.broadcasterId !== broadcasterId) throw notFound('The prediction was not found.');
    if (prediction.status === 'RESOLVED' || prediction.status === 'CANCELED') throw badRequest(`The prediction is ${prediction.status} and can no longer be changed.`);
    if (status === 'LOCKED') {
      if (prediction.status === 'LOCKED') throw badRequest('The prediction is already LOCKED.');
      lock(state, prediction, now);
    } else if (status === 'CANCELED') {
      cancel(state, prediction, now);
    } else {
      const winner = prediction.outcomes.find((o) => o.id === winningId);
      if (!winner) throw invalidParameter('winning_outcome_id', 'not an outcome of this prediction');
      resolve(state, prediction, winner, now);
    }
    return { data: [predictionView(state, prediction)] };
  });
}

/** Locks the active predictions whose window has closed, with their `channel.prediction.lock`. */
export function settlePredictions(state: EmulatorState, now: number): void {
  for (const prediction of state.predictions.due(now)) lock(state, prediction, locksAt(prediction));
}

function lock(state: EmulatorState, prediction: Prediction, at: number): void {
  prediction.status = 'LOCKED';
  prediction.lockedAt = at;
  publishPredictionEvent(state, 'channel.prediction.lock', prediction);
}

/** Every predictor gets their points back. */
function cancel(state: EmulatorState, prediction: Prediction, now: number): void {
  for (const outcome of prediction.outcomes) {
    for (const [userId, points] of outcome.predictors) state.pointBalances.add(prediction.broadcasterId, userId, points);
  }
  prediction.status = 'CANCELED';
  prediction.endedAt = now;
  publishPredictionEvent(state, 'channel.prediction.end', prediction);
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
  publishPredictionEvent(state, 'channel.prediction.end', prediction);
}

/** What a predictor won: null until the prediction ends, 0 for losers and refunds. */
function pointsWon(prediction: Prediction, userId: string): number | null {
  if (prediction.status === 'ACTIVE' || prediction.status === 'LOCKED') return null;
  return prediction.payouts.get(userId) ?? 0;
}

function topPredictors(state: EmulatorState, prediction: Prediction, outcome: PredictionOutcome) {
  return [...outcome.predictors]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_PREDICTORS)
    .map(([userId, used]) => ({ ...userFields(state, 'user', userId), channel_points_used: used, channel_points_won: pointsWon(prediction, userId) }));
}

export function predictionView(state: EmulatorState, prediction: Prediction) {
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
      const top = topPredictors(state, prediction, o).map((p) => ({
        user_id: p.user_id,
        user_name: p.user_name,
        user_login: p.user_login,
        channel_points_used: p.channel_points_used,
        channel_points_won: p.channel_points_won,
      }));
      return { id: o.id, title: o.title, users: totals.users, channel_points: totals.channelPoints, top_predictors: top.length > 0 ? top : null, color: o.color };
    }),
    prediction_window: prediction.predictionWindow,
    status: prediction.status,
    created_at: toRfc3339(prediction.createdAt),
    ended_at: prediction.endedAt === null ? null : toRfc3339(prediction.endedAt),
    locked_at: prediction.lockedAt === null ? null : toRfc3339(prediction.lockedAt),
  };
}

type PredictionEventType = Extract<
  PlatformEventType,
  'channel.prediction.begin' | 'channel.prediction.progress' | 'channel.prediction.lock' | 'channel.prediction.end'
>;

export function publishPredictionEvent(state: EmulatorState, type: PredictionEventType, prediction: Prediction): void {
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
      top_predictors: topPredictors(state, prediction, o).map((p) => ({
        user_name: p.user_name,
        user_login: p.user_login,
        user_id: p.user_id,
        channel_points_won: type === 'channel.prediction.end' ? p.channel_points_won : null,
        channel_points_used: p.channel_points_used,
      })),
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
  state.events.publish({ type, broadcasterUserId: prediction.broadcasterId, event });
}
