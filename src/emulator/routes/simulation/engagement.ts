/**
 * Simulation API for polls, predictions, clips and channel-point balances (design.md, "The
 * emulator's contract"): viewers vote and predict (the rules: `domain/polls.ts`,
 * `domain/predictions.ts`), and find what they can vote on in a channel's polls and predictions
 * (newest first, in the current API's shapes); past clips; balances. Loopback only (app.ts);
 * answers are the changed objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addPastClip } from '../../domain/clips';
import { pollsOf, vote } from '../../domain/polls';
import { predict, predictionsOf } from '../../domain/predictions';
import { MAX_POINTS_PER_PREDICTION } from '../../domain/stores/predictions';
import type { User } from '../../domain/stores/users';
import { knownUser } from '../../domain/users';
import { parseSimulationBody } from '../../http/simulation-body';
import { broadcasterFilter } from '../../http/simulation-query';
import { clipView } from '../../http/views/clips';
import { pollView } from '../../http/views/polls';
import { predictionView } from '../../http/views/predictions';
import type { CreateClipRequest, PointBalance, PredictRequest, VoteRequest } from '../../http/views/wire/engagement';
import '../../http/app-state';

const userId = z.string().min(1).max(20);
const points = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const voteBody = z.lazy(() =>
  z.object({ user_id: userId, choice_id: z.string().min(1).max(100), channel_points: points.optional() }).strict() satisfies z.ZodType<VoteRequest>,
);
const predictBody = z.lazy(() =>
  z
    .object({ user_id: userId, outcome_id: z.string().min(1).max(100), channel_points: z.number().int().min(1).max(MAX_POINTS_PER_PREDICTION) })
    .strict() satisfies z.ZodType<PredictRequest>,
);
const balanceBody = z.lazy(() =>
  z.object({ balance: points }).strict(),
);
const rfc3339 = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'must be an RFC 3339 timestamp in UTC');
const clipBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      creator_id: userId.optional(),
      title: z.string().max(100).optional(),
      game_id: z.string().min(1).max(20).optional(),
      view_count: z.number().int().min(0).max(1_000_000_000).optional(),
      duration: z.number().min(1).max(60).optional(),
      created_at: rfc3339.optional(),
      is_featured: z.boolean().optional(),
    })
    .strict() satisfies z.ZodType<CreateClipRequest>,
);

export function registerEngagementSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.get('/_emulator/polls', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { polls: pollsOf(state, broadcaster.id, state.clock.now()).map((p) => pollView(state, p)) };
  });

  app.get('/_emulator/predictions', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    return { predictions: predictionsOf(state, broadcaster.id, state.clock.now()).map((p) => predictionView(state, p)) };
  });

  app.post<{ Params: { id: string } }>('/_emulator/polls/:id/votes', (request) => {
    const body = parseSimulationBody(voteBody, request.body);
    const poll = vote(state, { pollId: request.params.id, voterId: body.user_id, choiceId: body.choice_id, channelPoints: body.channel_points ?? 0 }, state.clock.now());
    return pollView(state, poll);
  });

  app.post<{ Params: { id: string } }>('/_emulator/predictions/:id/predictions', (request) => {
    const body = parseSimulationBody(predictBody, request.body);
    const prediction = predict(state, { predictionId: request.params.id, viewerId: body.user_id, outcomeId: body.outcome_id, channelPoints: body.channel_points }, state.clock.now());
    return predictionView(state, prediction);
  });

  app.post('/_emulator/clips', (request) => {
    const body = parseSimulationBody(clipBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const creator = knownUser(state, body.creator_id ?? broadcaster.id, 'creator_id');
    const clip = addPastClip(state, {
      broadcaster,
      creator,
      gameId: body.game_id,
      title: body.title,
      viewCount: body.view_count,
      duration: body.duration,
      createdAt: body.created_at === undefined ? undefined : Date.parse(body.created_at),
      isFeatured: body.is_featured,
    });
    return clipView(state, clip);
  });

  const balanceView = (broadcaster: User, viewer: User): PointBalance => ({
    broadcaster_id: broadcaster.id,
    user_id: viewer.id,
    user_login: viewer.login,
    balance: state.pointBalances.get(broadcaster.id, viewer.id),
  });
  app.get<{ Params: { broadcaster_id: string; user_id: string } }>('/_emulator/channel-points/:broadcaster_id/:user_id', (request) =>
    balanceView(knownUser(state, request.params.broadcaster_id, 'broadcaster_id'), knownUser(state, request.params.user_id, 'user_id')),
  );
  app.post<{ Params: { broadcaster_id: string; user_id: string } }>('/_emulator/channel-points/:broadcaster_id/:user_id', (request) => {
    const body = parseSimulationBody(balanceBody, request.body);
    const broadcaster = knownUser(state, request.params.broadcaster_id, 'broadcaster_id');
    const viewer = knownUser(state, request.params.user_id, 'user_id');
    state.pointBalances.set(broadcaster.id, viewer.id, body.balance);
    return balanceView(broadcaster, viewer);
  });
}
