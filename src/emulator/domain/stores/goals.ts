/** Creator goals (platform reference, Goals): at most one active goal of each type per channel. */
import * as ids from '../../ids';

export const GOAL_TYPES = ['follower', 'subscription', 'subscription_count', 'new_subscription', 'new_subscription_count'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

export interface CreatorGoal {
  id: string;
  broadcasterId: string;
  type: GoalType;
  description: string;
  currentAmount: number;
  targetAmount: number;
  createdAt: number;
  endedAt: number | null;
}

export type NewGoal = Pick<CreatorGoal, 'broadcasterId' | 'type' | 'description' | 'currentAmount' | 'targetAmount'>;

export class GoalStore {
  private readonly byId = new Map<string, CreatorGoal>();

  create(input: NewGoal, now: number): CreatorGoal {
    const goal: CreatorGoal = { id: ids.unusedId(ids.uuid, this.byId), ...input, createdAt: now, endedAt: null };
    this.byId.set(goal.id, goal);
    return goal;
  }

  get(id: string): CreatorGoal | undefined {
    return this.byId.get(id);
  }

  /** The channel's active goals, oldest first. */
  active(broadcasterId: string): CreatorGoal[] {
    return [...this.byId.values()].filter((g) => g.broadcasterId === broadcasterId && g.endedAt === null);
  }
}
