/**
 * Simulation API for polls, predictions and channel-point balances (design.md, "The emulator's
 * contract"): viewers vote and predict, and find what they can vote on in a channel's polls and
 * predictions (newest first, in the current API's shapes); loopback only (app.ts); answers are the
 * changed objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { knownUser, parseSimulationBody } from '../../http/simulation-body';
import type { EmulatorState } from '../../domain/emulator-state';
import { MAX_POINTS_PER_PREDICTION, predictedOutcome } from '../../domain/predictions';
import type { User } from '../../domain/users';
import { clipView } from '../helix/clips/clips';
import { pollView, publishPollEvent, settlePolls } from '../helix/polls/polls';
import { predictionView, publishPredictionEvent, settlePredictions } from '../helix/predictions/predictions';
import { broadcasterFilter } from './chat';
import '../../http/app-state';

const userId = z.string().min(1).max(20);
const points = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const voteBody = z.object({ user_id: userId, choice_id: z.string().min(1).max(100), channel_points: points.optional() }).strict();
const predictBody = z
  .object({ user_id: userId, outcome_id: z.string().min(1).max(100), channel_points: z.number().int().min(1).max(MAX_POINTS_PER_PREDICTION) })
  .strict();
const balanceBody = z.object({ balance: points }).strict();
const rfc3339 = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'must be an RFC 3339 timestamp in UTC');
const clipBody = z
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
  .strict();

export function registerEngagementSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.get('/_emulator/polls', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    const now = state.clock.now();
    settlePolls(state, now);
    return { polls: state.polls.listFor(broadcaster.id, now).map((p) => pollView(state, p)) };
  });

  app.get('/_emulator/predictions', (request) => {
    const broadcaster = broadcasterFilter(state, request.query);
    settlePredictions(state, state.clock.now());
    return { predictions: state.predictions.listFor(broadcaster.id).map((p) => predictionView(state, p)) };
  });

  app.post<{ Params: { id: string } }>('/_emulator/polls/:id/votes', (request) => {
    const body = parseSimulationBody(voteBody, request.body);
    const now = state.clock.now();
    settlePolls(state, now);
    const poll = state.polls.get(request.params.id);
    if (!poll) throw notFound(`Unknown poll "${request.params.id}"`);
    const voter = knownUser(state, body.user_id, 'user_id');
    if (poll.status !== 'ACTIVE') throw conflict(`The poll is ${poll.status}`);
    const choice = poll.choices.find((c) => c.id === body.choice_id);
    if (!choice) throw badRequest(`Invalid field "choice_id": not a choice of poll "${poll.id}"`);

    const spent = body.channel_points ?? 0;
    if (spent === 0) {
      // Every viewer has one free vote; more votes cost channel points.
      if (poll.freeVoters.has(voter.id)) throw conflict(`User "${voter.login}" has already used their free vote`);
      poll.freeVoters.add(voter.id);
      choice.votes += 1;
    } else {
      if (!poll.channelPointsVotingEnabled) throw conflict('The poll does not take votes with channel points');
      if (spent % poll.channelPointsPerVote !== 0) {
        throw badRequest(`Invalid field "channel_points": must be a multiple of the poll's ${poll.channelPointsPerVote} points per vote`);
      }
      spend(state, poll.broadcasterId, voter, spent);
      const votes = spent / poll.channelPointsPerVote;
      choice.votes += votes;
      choice.channelPointsVotes += votes;
    }
    publishPollEvent(state, 'channel.poll.progress', poll);
    return pollView(state, poll);
  });

  app.post<{ Params: { id: string } }>('/_emulator/predictions/:id/predictions', (request) => {
    const body = parseSimulationBody(predictBody, request.body);
    const now = state.clock.now();
    settlePredictions(state, now);
    const prediction = state.predictions.get(request.params.id);
    if (!prediction) throw notFound(`Unknown prediction "${request.params.id}"`);
    const viewer = knownUser(state, body.user_id, 'user_id');
    if (viewer.id === prediction.broadcasterId) throw badRequest('The broadcaster cannot predict on their own prediction');
    if (prediction.status !== 'ACTIVE') throw conflict(`The prediction is ${prediction.status}`);
    const outcome = prediction.outcomes.find((o) => o.id === body.outcome_id);
    if (!outcome) throw badRequest(`Invalid field "outcome_id": not an outcome of prediction "${prediction.id}"`);
    const earlier = predictedOutcome(prediction, viewer.id);
    if (earlier && earlier !== outcome) throw conflict(`User "${viewer.login}" already predicted "${earlier.title}"`);
    const already = outcome.predictors.get(viewer.id) ?? 0;
    if (already + body.channel_points > MAX_POINTS_PER_PREDICTION) {
      throw badRequest(`Invalid field "channel_points": a viewer may put at most ${MAX_POINTS_PER_PREDICTION} points on a prediction`);
    }
    spend(state, prediction.broadcasterId, viewer, body.channel_points);
    outcome.predictors.set(viewer.id, already + body.channel_points);
    publishPredictionEvent(state, 'channel.prediction.progress', prediction);
    return predictionView(state, prediction);
  });

  // A past clip, listed by Get Clips at once (no processing delay): for lists, filters and paging.
  app.post('/_emulator/clips', (request) => {
    const body = parseSimulationBody(clipBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const creator = knownUser(state, body.creator_id ?? broadcaster.id, 'creator_id');
    if (body.game_id !== undefined && !state.game(body.game_id)) throw badRequest(`Unknown game_id "${body.game_id}"`);
    const now = state.clock.now();
    const createdAt = body.created_at === undefined ? now : Date.parse(body.created_at);
    if (createdAt > now) throw badRequest('Invalid field "created_at": must not be in the future');
    const channel = state.channels.get(broadcaster.id);
    const clip = state.clips.create({
      broadcasterId: broadcaster.id,
      creatorId: creator.id,
      videoId: '',
      gameId: body.game_id ?? channel?.gameId ?? '',
      language: channel?.language ?? 'en',
      title: body.title ?? channel?.title ?? '',
      viewCount: body.view_count ?? 0,
      createdAt,
      duration: body.duration ?? 30,
      vodOffset: null,
      isFeatured: body.is_featured ?? false,
      availableAt: createdAt,
    });
    return clipView(state, clip);
  });

  const balanceView = (broadcaster: User, viewer: User) => ({
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

function spend(state: EmulatorState, broadcasterId: string, viewer: User, amount: number): void {
  const balance = state.pointBalances.get(broadcasterId, viewer.id);
  if (balance < amount) throw conflict(`User "${viewer.login}" has ${balance} channel points, not ${amount}`);
  state.pointBalances.add(broadcasterId, viewer.id, -amount);
}
