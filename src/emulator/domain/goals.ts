/**
 * Creator goals' rules (the platform's reference, Goals): at most one active goal of each type per
 * channel; a goal starts from the channel's count (or 0 for the "new" types) and moves with the
 * channel's follows and subscriptions (`followGoals`, `subscriptionGoals`). Announces
 * `channel.goal.begin`, `progress` and `end`.
 */
import { conflict, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { CreatorGoal, GoalType } from './stores/goals';
import { SUBSCRIPTION_POINTS, type SubscriptionTier } from './stores/subscriptions';
import type { User } from './stores/users';

/** Where a new goal of the type starts: the channel's count now, or 0 for the "new" types. */
function startingAmount(state: EmulatorState, broadcasterId: string, type: GoalType): number {
  if (type === 'follower') return state.follows.followersOf(broadcasterId).length;
  const subscriptions = state.subscriptions.listFor(broadcasterId);
  if (type === 'subscription') return subscriptions.reduce((sum, s) => sum + SUBSCRIPTION_POINTS[s.tier], 0);
  if (type === 'subscription_count') return subscriptions.length;
  return 0;
}

/** A goal begins (simulation API). */
export function beginGoal(state: EmulatorState, broadcaster: User, input: { type: GoalType; targetAmount: number; description: string }): CreatorGoal {
  if (state.goals.active(broadcaster.id).some((g) => g.type === input.type)) throw conflict(`User "${broadcaster.login}" already has an active ${input.type} goal`);
  const goal = state.goals.create(
    {
      broadcasterId: broadcaster.id,
      type: input.type,
      description: input.description,
      currentAmount: startingAmount(state, broadcaster.id, input.type),
      targetAmount: input.targetAmount,
    },
    state.clock.now(),
  );
  state.events.publish({ type: 'channel.goal.begin', goal });
  return goal;
}

/** A goal ends (simulation API), achieved or not. */
export function endGoal(state: EmulatorState, goalId: string): CreatorGoal {
  const goal = state.goals.get(goalId);
  if (!goal) throw notFound(`Unknown goal "${goalId}"`);
  if (goal.endedAt !== null) throw conflict(`Goal "${goal.id}" has already ended`);
  goal.endedAt = state.clock.now();
  state.events.publish({ type: 'channel.goal.end', goal });
  return goal;
}

export function isAchieved(goal: CreatorGoal): boolean {
  return goal.currentAmount >= goal.targetAmount;
}

/** The channel gained a follower: its follower goals count again. */
export function followGoals(state: EmulatorState, broadcasterId: string): void {
  moveGoals(state, broadcasterId, (goal) => {
    if (goal.type === 'follower') goal.currentAmount = startingAmount(state, goal.broadcasterId, 'follower');
  });
}

/** The channel gained a subscription of `tier`: its subscription goals move. */
export function subscriptionGoals(state: EmulatorState, broadcasterId: string, tier: SubscriptionTier): void {
  const points = SUBSCRIPTION_POINTS[tier] ?? 1;
  moveGoals(state, broadcasterId, (goal) => {
    if (goal.type === 'subscription' || goal.type === 'subscription_count') goal.currentAmount = startingAmount(state, goal.broadcasterId, goal.type);
    if (goal.type === 'new_subscription') goal.currentAmount += points;
    if (goal.type === 'new_subscription_count') goal.currentAmount += 1;
  });
}

function moveGoals(state: EmulatorState, broadcasterId: string, move: (goal: CreatorGoal) => void): void {
  for (const goal of state.goals.active(broadcasterId)) {
    const before = goal.currentAmount;
    move(goal);
    if (goal.currentAmount !== before) state.events.publish({ type: 'channel.goal.progress', goal });
  }
}
