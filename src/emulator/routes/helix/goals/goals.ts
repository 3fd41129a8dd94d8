/**
 * Creator goals (spec part 4 names Get Creator Goals only; shapes from the platform's reference):
 * Get Creator Goals and `channel.goal.begin`/`progress`/`end`. Goals move with the channel's
 * follows and subscriptions, whichever way those happen: the area listens to the platform events
 * `channel.follow` and `channel.subscribe`.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { eventSubTimestamp } from '../../../eventsub/messages';
import { userFields } from '../../../http/views/helix-shapes';
import { requireTokenBroadcaster } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { PlatformEvent } from '../../../domain/event-bus';
import type { CreatorGoal, GoalType } from '../../../domain/goals';
import { SUBSCRIPTION_POINTS, type SubscriptionTier } from '../../../domain/subscriptions';
import '../../../http/app-state';

export function registerGoalRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/goals', auth: 'user', scopes: ['channel:read:goals'] }, ({ state, user, query }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    return { data: state.goals.active(broadcasterId).map((g) => goalView(state, g)) };
  });

  const state = app.emulatorState;
  const stop = state.events.subscribe((event) => {
    try {
      moveGoals(state, event);
    } catch (error) {
      app.log.error(error, 'moving creator goals failed');
    }
  });
  app.addHook('onClose', async () => {
    stop();
  });
}

/** Where a new goal of the type starts: the channel's count now, or 0 for the "new" types. */
export function startingAmount(state: EmulatorState, broadcasterId: string, type: GoalType): number {
  if (type === 'follower') return state.follows.followersOf(broadcasterId).length;
  const subscriptions = state.subscriptions.listFor(broadcasterId);
  if (type === 'subscription') return subscriptions.reduce((sum, s) => sum + SUBSCRIPTION_POINTS[s.tier], 0);
  if (type === 'subscription_count') return subscriptions.length;
  return 0;
}

function moveGoals(state: EmulatorState, event: PlatformEvent): void {
  if (event.type !== 'channel.follow' && event.type !== 'channel.subscribe') return;
  for (const goal of state.goals.active(event.broadcasterUserId)) {
    const before = goal.currentAmount;
    if (event.type === 'channel.follow' && goal.type === 'follower') goal.currentAmount = startingAmount(state, goal.broadcasterId, 'follower');
    if (event.type === 'channel.subscribe') {
      const points = SUBSCRIPTION_POINTS[event.event.tier as SubscriptionTier] ?? 1;
      if (goal.type === 'subscription' || goal.type === 'subscription_count') goal.currentAmount = startingAmount(state, goal.broadcasterId, goal.type);
      if (goal.type === 'new_subscription') goal.currentAmount += points;
      if (goal.type === 'new_subscription_count') goal.currentAmount += 1;
    }
    if (goal.currentAmount !== before) publishGoalEvent(state, 'channel.goal.progress', goal);
  }
}

export function goalView(state: EmulatorState, goal: CreatorGoal) {
  const broadcaster = userFields(state, 'broadcaster', goal.broadcasterId);
  return {
    id: goal.id,
    broadcaster_id: broadcaster.broadcaster_id,
    broadcaster_name: broadcaster.broadcaster_name,
    broadcaster_login: broadcaster.broadcaster_login,
    type: goal.type,
    description: goal.description,
    current_amount: goal.currentAmount,
    target_amount: goal.targetAmount,
    created_at: toRfc3339(goal.createdAt),
  };
}

export function publishGoalEvent(state: EmulatorState, type: 'channel.goal.begin' | 'channel.goal.progress' | 'channel.goal.end', goal: CreatorGoal): void {
  const event: Record<string, unknown> = {
    id: goal.id,
    ...userFields(state, 'broadcaster_user', goal.broadcasterId),
    type: goal.type,
    description: goal.description,
  };
  if (type === 'channel.goal.end') event.is_achieved = goal.currentAmount >= goal.targetAmount;
  event.current_amount = goal.currentAmount;
  event.target_amount = goal.targetAmount;
  event.started_at = eventSubTimestamp(goal.createdAt);
  if (type === 'channel.goal.end') event.ended_at = eventSubTimestamp(goal.endedAt ?? goal.createdAt);
  state.events.publish({ type, broadcasterUserId: goal.broadcasterId, event });
}
