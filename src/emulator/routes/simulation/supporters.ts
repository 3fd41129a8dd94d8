/**
 * Simulation API for a channel's supporters (design.md, "The emulator's contract"): cheers
 * (`channel.cheer`), subscriptions (`channel.subscribe`), gifted subscriptions
 * (`channel.subscription.gift`, then a `channel.subscribe` per recipient), resubscription messages
 * (`channel.subscription.message`) and creator goals (`channel.goal.*`); the rules are in
 * `domain/supporters.ts` and `domain/goals.ts`. Loopback only (app.ts); answers are the created objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../domain/api-error';
import { beginGoal, endGoal, isAchieved } from '../../domain/goals';
import { GOAL_TYPES } from '../../domain/stores/goals';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../domain/stores/subscriptions';
import { buySubscription, cheer, giftSubscriptions, requireMonetized, shareResubscription } from '../../domain/supporters';
import { knownUser } from '../../domain/users';
import { parseSimulationBody } from '../../http/simulation-body';
import { cheerView, creatorGoalView, giftView, resubscriptionMessageView, subscriptionView } from '../../http/views/supporters';
import type { CheerRequest, GiftRequest, GoalRequest, ResubMessageRequest, SubscribeRequest } from '../../http/views/wire/supporters';
import '../../http/app-state';

const userId = z.string().min(1).max(20);
const tier = z.enum(SUBSCRIPTION_TIERS as [SubscriptionTier, ...SubscriptionTier[]]);
const MAX_GIFTS = 100;

const cheerBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId.optional(),
      bits: z.number().int().min(1).max(1_000_000),
      message: z.string().max(500).optional(),
      is_anonymous: z.boolean().optional(),
    })
    .strict() satisfies z.ZodType<CheerRequest>,
);
const subscribeBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, user_id: userId, tier: tier.optional() }).strict() satisfies z.ZodType<SubscribeRequest>,
);
const giftBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId.optional(),
      tier: tier.optional(),
      recipient_ids: z.array(userId).min(1).max(MAX_GIFTS).optional(),
      count: z.number().int().min(1).max(MAX_GIFTS).optional(),
    })
    .strict() satisfies z.ZodType<GiftRequest>,
);
const messageBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      user_id: userId,
      message: z.string().max(500).optional(),
      cumulative_months: z.number().int().min(1).max(1200).optional(),
      streak_months: z.number().int().min(1).max(1200).nullable().optional(),
      duration_months: z.number().int().min(1).max(12).optional(),
    })
    .strict() satisfies z.ZodType<ResubMessageRequest>,
);
const goalBody = z.lazy(() =>
  z
    .object({
      broadcaster_id: userId,
      type: z.enum(GOAL_TYPES),
      target_amount: z.number().int().min(1).max(1_000_000_000),
      description: z.string().max(40).optional(),
    })
    .strict() satisfies z.ZodType<GoalRequest>,
);

export function registerSupporterSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/cheers', (request) => {
    const body = parseSimulationBody(cheerBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const anonymous = body.is_anonymous ?? false;
    if (anonymous && body.user_id !== undefined) throw badRequest('An anonymous cheer has no user_id');
    if (!anonymous && body.user_id === undefined) throw badRequest('Missing required field "user_id"');
    const cheerer = anonymous ? null : knownUser(state, body.user_id!, 'user_id');
    return cheerView(state, cheer(state, broadcaster, cheerer, body.bits, body.message));
  });

  app.post('/_emulator/subscriptions', (request) => {
    const body = parseSimulationBody(subscribeBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    requireMonetized(broadcaster);
    const viewer = knownUser(state, body.user_id, 'user_id');
    return subscriptionView(state, buySubscription(state, broadcaster, viewer, body.tier ?? '1000'));
  });

  app.get<{ Querystring: { broadcaster_id?: unknown } }>('/_emulator/subscriptions', (request) => {
    const id = request.query.broadcaster_id;
    if (typeof id !== 'string' || id === '') throw badRequest('Missing required parameter "broadcaster_id"');
    const broadcaster = knownUser(state, id, 'broadcaster_id');
    return { subscriptions: state.subscriptions.listFor(broadcaster.id).map((s) => subscriptionView(state, s)) };
  });

  app.post('/_emulator/subscriptions/gifts', (request) => {
    const body = parseSimulationBody(giftBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    requireMonetized(broadcaster);
    const gifter = body.user_id === undefined ? null : knownUser(state, body.user_id, 'user_id');
    if ((body.recipient_ids === undefined) === (body.count === undefined)) throw badRequest('Give one of the fields "recipient_ids" and "count"');
    const recipients = body.recipient_ids?.map((id) => knownUser(state, id, 'recipient_ids'));
    const { gift, subscriptions } = giftSubscriptions(state, { broadcaster, gifter, tier: body.tier ?? '1000', recipients, count: body.count });
    return { ...giftView(state, gift), subscriptions: subscriptions.map((s) => subscriptionView(state, s)) };
  });

  app.post('/_emulator/subscriptions/messages', (request) => {
    const body = parseSimulationBody(messageBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const viewer = knownUser(state, body.user_id, 'user_id');
    const message = shareResubscription(state, {
      broadcaster,
      viewer,
      text: body.message ?? '',
      cumulativeMonths: body.cumulative_months,
      streakMonths: body.streak_months ?? null,
      durationMonths: body.duration_months ?? 1,
    });
    return resubscriptionMessageView(state, message);
  });

  app.post('/_emulator/goals', (request) => {
    const body = parseSimulationBody(goalBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    return creatorGoalView(state, beginGoal(state, broadcaster, { type: body.type, targetAmount: body.target_amount, description: body.description ?? '' }));
  });

  app.post<{ Params: { id: string } }>('/_emulator/goals/:id/end', (request) => {
    parseSimulationBody(z.object({}).strict(), request.body);
    const goal = endGoal(state, request.params.id);
    return { ...creatorGoalView(state, goal), is_achieved: isAchieved(goal) };
  });
}
