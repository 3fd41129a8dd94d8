/**
 * Simulation API for a channel's supporters (design.md, "The emulator's contract"): cheers
 * (`channel.cheer`), subscriptions (`channel.subscribe`), gifted subscriptions
 * (`channel.subscription.gift`, then a `channel.subscribe` per recipient), resubscription messages
 * (`channel.subscription.message`) and creator goals (`channel.goal.*`). Goals and hype trains
 * follow these events on their own. Loopback only (app.ts); answers are the created objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userFields } from '../../http/views/helix-shapes';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { knownUser, parseSimulationBody } from '../../http/simulation-body';
import type { EmulatorState } from '../../domain/emulator-state';
import { GOAL_TYPES } from '../../domain/goals';
import { SUBSCRIPTION_TIERS, type ChannelSubscription, type SubscriptionTier } from '../../domain/subscriptions';
import type { User } from '../../domain/users';
import { goalView, publishGoalEvent, startingAmount } from '../helix/goals/goals';
import '../../http/app-state';

const userId = z.string().min(1).max(20);
const tier = z.enum(SUBSCRIPTION_TIERS as [SubscriptionTier, ...SubscriptionTier[]]);
const MAX_GIFTS = 100;

const cheerBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId.optional(),
    bits: z.number().int().min(1).max(1_000_000),
    message: z.string().max(500).optional(),
    is_anonymous: z.boolean().optional(),
  })
  .strict();
const subscribeBody = z.object({ broadcaster_id: userId, user_id: userId, tier: tier.optional() }).strict();
const giftBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId.optional(),
    tier: tier.optional(),
    recipient_ids: z.array(userId).min(1).max(MAX_GIFTS).optional(),
    count: z.number().int().min(1).max(MAX_GIFTS).optional(),
  })
  .strict();
const messageBody = z
  .object({
    broadcaster_id: userId,
    user_id: userId,
    message: z.string().max(500).optional(),
    cumulative_months: z.number().int().min(1).max(1200).optional(),
    streak_months: z.number().int().min(1).max(1200).nullable().optional(),
    duration_months: z.number().int().min(1).max(12).optional(),
  })
  .strict();
const goalBody = z
  .object({
    broadcaster_id: userId,
    type: z.enum(GOAL_TYPES),
    target_amount: z.number().int().min(1).max(1_000_000_000),
    description: z.string().max(40).optional(),
  })
  .strict();

export function registerSupporterSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/cheers', (request) => {
    const body = parseSimulationBody(cheerBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const anonymous = body.is_anonymous ?? false;
    if (anonymous && body.user_id !== undefined) throw badRequest('An anonymous cheer has no user_id');
    if (!anonymous && body.user_id === undefined) throw badRequest('Missing required field "user_id"');
    const cheerer = anonymous ? null : knownUser(state, body.user_id!, 'user_id');
    if (cheerer?.id === broadcaster.id) throw badRequest('A broadcaster cannot cheer in their own channel');
    const event = {
      is_anonymous: anonymous,
      ...nullableUser(state, 'user', cheerer),
      ...userFields(state, 'broadcaster_user', broadcaster.id),
      message: body.message ?? `Cheer${body.bits}`,
      bits: body.bits,
    };
    state.events.publish({ type: 'channel.cheer', broadcasterUserId: broadcaster.id, event });
    return event;
  });

  app.post('/_emulator/subscriptions', (request) => {
    const body = parseSimulationBody(subscribeBody, request.body);
    const broadcaster = monetized(state, body.broadcaster_id);
    const viewer = knownUser(state, body.user_id, 'user_id');
    if (viewer.id === broadcaster.id) throw badRequest('A broadcaster cannot subscribe to their own channel');
    if (state.subscriptions.get(broadcaster.id, viewer.id)) throw conflict(`User "${viewer.login}" is already subscribed to ${broadcaster.login}`);
    const subscription = subscribe(state, broadcaster, viewer, body.tier ?? '1000', null, false);
    return subscriptionView(state, subscription);
  });

  app.get<{ Querystring: { broadcaster_id?: unknown } }>('/_emulator/subscriptions', (request) => {
    const id = request.query.broadcaster_id;
    if (typeof id !== 'string' || id === '') throw badRequest('Missing required parameter "broadcaster_id"');
    const broadcaster = knownUser(state, id, 'broadcaster_id');
    return { subscriptions: state.subscriptions.listFor(broadcaster.id).map((s) => subscriptionView(state, s)) };
  });

  app.post('/_emulator/subscriptions/gifts', (request) => {
    const body = parseSimulationBody(giftBody, request.body);
    const broadcaster = monetized(state, body.broadcaster_id);
    const gifter = body.user_id === undefined ? null : knownUser(state, body.user_id, 'user_id');
    if ((body.recipient_ids === undefined) === (body.count === undefined)) throw badRequest('Give one of the fields "recipient_ids" and "count"');
    const recipients = body.recipient_ids
      ? body.recipient_ids.map((id) => knownUser(state, id, 'recipient_ids'))
      : state.users.list().filter((u) => u.id !== broadcaster.id && u.id !== gifter?.id && !state.subscriptions.get(broadcaster.id, u.id)).slice(0, body.count);
    if (recipients.length < (body.count ?? 0)) throw conflict(`Only ${recipients.length} users could receive a gift`);
    if (new Set(recipients.map((u) => u.id)).size !== recipients.length) throw badRequest('Invalid field "recipient_ids": each recipient once');
    for (const r of recipients) {
      if (r.id === broadcaster.id) throw badRequest('A broadcaster cannot receive a gift in their own channel');
      if (state.subscriptions.get(broadcaster.id, r.id)) throw conflict(`User "${r.login}" is already subscribed to ${broadcaster.login}`);
    }
    const giftTier = body.tier ?? '1000';
    const cumulative = gifter ? state.subscriptions.addGifts(broadcaster.id, gifter.id, recipients.length) : null;
    const event = {
      ...nullableUser(state, 'user', gifter),
      ...userFields(state, 'broadcaster_user', broadcaster.id),
      total: recipients.length,
      tier: giftTier,
      cumulative_total: cumulative,
      is_anonymous: gifter === null,
    };
    state.events.publish({ type: 'channel.subscription.gift', broadcasterUserId: broadcaster.id, event });
    const subscriptions = recipients.map((r) => subscribe(state, broadcaster, r, giftTier, gifter?.id ?? null, true));
    return { ...event, subscriptions: subscriptions.map((s) => subscriptionView(state, s)) };
  });

  app.post('/_emulator/subscriptions/messages', (request) => {
    const body = parseSimulationBody(messageBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const viewer = knownUser(state, body.user_id, 'user_id');
    const subscription = state.subscriptions.get(broadcaster.id, viewer.id);
    if (!subscription) throw conflict(`User "${viewer.login}" is not subscribed to ${broadcaster.login}`);
    const cumulative = body.cumulative_months ?? subscription.cumulativeMonths + 1;
    subscription.cumulativeMonths = cumulative;
    const text = body.message ?? '';
    const event = {
      ...userFields(state, 'user', viewer.id),
      ...userFields(state, 'broadcaster_user', broadcaster.id),
      tier: subscription.tier,
      message: { text, emotes: [] },
      cumulative_months: cumulative,
      streak_months: body.streak_months ?? null,
      duration_months: body.duration_months ?? 1,
    };
    state.events.publish({ type: 'channel.subscription.message', broadcasterUserId: broadcaster.id, event });
    return event;
  });

  app.post('/_emulator/goals', (request) => {
    const body = parseSimulationBody(goalBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    if (state.goals.active(broadcaster.id).some((g) => g.type === body.type)) throw conflict(`User "${broadcaster.login}" already has an active ${body.type} goal`);
    const goal = state.goals.create(
      {
        broadcasterId: broadcaster.id,
        type: body.type,
        description: body.description ?? '',
        currentAmount: startingAmount(state, broadcaster.id, body.type),
        targetAmount: body.target_amount,
      },
      state.clock.now(),
    );
    publishGoalEvent(state, 'channel.goal.begin', goal);
    return goalView(state, goal);
  });

  app.post<{ Params: { id: string } }>('/_emulator/goals/:id/end', (request) => {
    parseSimulationBody(z.object({}).strict(), request.body);
    const goal = state.goals.get(request.params.id);
    if (!goal) throw notFound(`Unknown goal "${request.params.id}"`);
    if (goal.endedAt !== null) throw conflict(`Goal "${goal.id}" has already ended`);
    goal.endedAt = state.clock.now();
    publishGoalEvent(state, 'channel.goal.end', goal);
    return { ...goalView(state, goal), is_achieved: goal.currentAmount >= goal.targetAmount };
  });
}

function subscribe(state: EmulatorState, broadcaster: User, viewer: User, tier: SubscriptionTier, gifterId: string | null, isGift: boolean): ChannelSubscription {
  const subscription = state.subscriptions.add({
    broadcasterId: broadcaster.id,
    userId: viewer.id,
    tier,
    isGift,
    gifterId,
    startedAt: state.clock.now(),
    cumulativeMonths: 1,
  });
  state.events.publish({
    type: 'channel.subscribe',
    broadcasterUserId: broadcaster.id,
    event: { ...userFields(state, 'user', viewer.id), ...userFields(state, 'broadcaster_user', broadcaster.id), tier, is_gift: isGift },
  });
  return subscription;
}

/** The shape of the platform's subscription records (Get Broadcaster Subscriptions). */
function subscriptionView(state: EmulatorState, s: ChannelSubscription) {
  const gifter = s.gifterId === null ? { gifter_id: '', gifter_login: '', gifter_name: '' } : userFields(state, 'gifter', s.gifterId);
  return {
    ...userFields(state, 'broadcaster', s.broadcasterId),
    ...gifter,
    is_gift: s.isGift,
    plan_name: `Channel Subscription (${state.users.get(s.broadcasterId)?.login ?? s.broadcasterId})`,
    tier: s.tier,
    ...userFields(state, 'user', s.userId),
  };
}

/** Only partners and affiliates have subscriptions. */
function monetized(state: EmulatorState, id: string): User {
  const broadcaster = knownUser(state, id, 'broadcaster_id');
  if (broadcaster.broadcasterType === '') throw conflict(`User "${broadcaster.login}" is not a partner or affiliate: only they have subscribers`);
  return broadcaster;
}

/** `<prefix>_id/_login/_name`, all null for an anonymous user. */
function nullableUser(state: EmulatorState, prefix: 'user', user: User | null) {
  return user ? userFields(state, prefix, user.id) : { user_id: null, user_login: null, user_name: null };
}
