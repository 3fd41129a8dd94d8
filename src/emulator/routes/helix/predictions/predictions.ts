/**
 * Channel Points Predictions (spec part 4 names them only; shapes from the platform's reference):
 * Create Prediction, Get Predictions and End Prediction (LOCKED, RESOLVED, CANCELED). The rules,
 * the window's lock on the clock, payouts and the `channel.prediction.*` events: `domain/predictions.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { createPrediction, endPrediction, predictionsOf } from '../../../domain/predictions';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { boundedText, requiredInteger, requiredString, titledItems } from '../../../http/body-fields';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { predictionView } from '../../../http/views/predictions';

export const PREDICTION_LIMITS = { title: 45, outcomeTitle: 25, outcomes: { min: 2, max: 10 }, window: { min: 30, max: 1800 } } as const;
const MAX_IDS = 25;

export function registerPredictionRoutes(app: FastifyInstance): void {
  const read = ['channel:read:predictions', 'channel:manage:predictions'];
  const manage = ['channel:manage:predictions'];

  registerHelixRoute(app, { method: 'GET', path: '/predictions', auth: 'user', scopes: read }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const wanted = query.all('id').filter((id) => id !== '');
    if (wanted.length > MAX_IDS) throw invalidParameter('id', `at most ${MAX_IDS} IDs`);
    const predictions = predictionsOf(state, broadcasterId, now).filter((p) => wanted.length === 0 || wanted.includes(p.id));
    const page = cursorPage(predictions, query, { defaultFirst: 20, maxFirst: 25, before: 'ignored' });
    return { data: page.items.map((p) => predictionView(state, p)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'POST', path: '/predictions', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const title = boundedText(fields, 'title', PREDICTION_LIMITS.title);
    const outcomes = titledItems(fields, 'outcomes', PREDICTION_LIMITS.outcomes, PREDICTION_LIMITS.outcomeTitle);
    const predictionWindow = requiredInteger(fields, 'prediction_window', PREDICTION_LIMITS.window.min, PREDICTION_LIMITS.window.max);
    return { data: [predictionView(state, createPrediction(state, user, { title, outcomes, predictionWindow }, now))] };
  });

  registerHelixRoute(app, { method: 'PATCH', path: '/predictions', auth: 'user', scopes: manage }, ({ state, user, body, now }) => {
    const fields = jsonObjectBody(body);
    const broadcasterId = requiredString(fields, 'broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const id = requiredString(fields, 'id');
    const status = requiredString(fields, 'status');
    if (status !== 'RESOLVED' && status !== 'CANCELED' && status !== 'LOCKED') throw invalidParameter('status', 'must be RESOLVED, CANCELED or LOCKED');
    const winningId = fields.winning_outcome_id;
    if (status === 'RESOLVED' && (winningId === undefined || winningId === null || winningId === '')) throw missingParameter('winning_outcome_id');
    if (winningId !== undefined && winningId !== null && typeof winningId !== 'string') throw invalidParameter('winning_outcome_id', 'must be a string');
    const prediction = endPrediction(state, { broadcasterId, predictionId: id, status, winningOutcomeId: typeof winningId === 'string' ? winningId : null }, now);
    return { data: [predictionView(state, prediction)] };
  });
}
