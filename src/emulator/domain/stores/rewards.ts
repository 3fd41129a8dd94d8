import * as ids from '../../ids';

/** Spec part 8 and part 2 (Custom reward). */
export const MAX_REWARDS_PER_CHANNEL = 50;
export const MAX_REWARD_TITLE_LENGTH = 45;
export const MAX_REWARD_PROMPT_LENGTH = 200;
export const MAX_REWARD_IDS_PER_REQUEST = 50;
/** Fallback colour for rewards created without `background_color` (the platform picks one; this is its brand purple). */
export const DEFAULT_REWARD_BACKGROUND_COLOR = '#9147FF';

export interface LimitSetting {
  enabled: boolean;
  /** 0 until a value is set; kept while the limit is disabled, as the platform does. */
  value: number;
}

export interface CustomReward {
  id: string;
  broadcasterId: string;
  /** The client that created the reward: only it may update or delete it and manage its redemptions. */
  clientId: string;
  title: string;
  prompt: string;
  cost: number;
  backgroundColor: string;
  isEnabled: boolean;
  isUserInputRequired: boolean;
  maxPerStream: LimitSetting;
  maxPerUserPerStream: LimitSetting;
  /** `value` in seconds. */
  globalCooldown: LimitSetting;
  isPaused: boolean;
  shouldRedemptionsSkipRequestQueue: boolean;
  createdAt: number;
  /** When it was last redeemed (ms), for the global cooldown; null before the first redemption. */
  lastRedeemedAt: number | null;
}

export interface NewReward {
  broadcasterId: string;
  clientId: string;
  title: string;
  cost: number;
  prompt?: string;
  backgroundColor?: string;
  isEnabled?: boolean;
  isUserInputRequired?: boolean;
  maxPerStream?: LimitSetting;
  maxPerUserPerStream?: LimitSetting;
  globalCooldown?: LimitSetting;
  isPaused?: boolean;
  shouldRedemptionsSkipRequestQueue?: boolean;
  id?: string;
}

const DISABLED: LimitSetting = { enabled: false, value: 0 };

/** Titles are unique per broadcaster regardless of case. */
export function titleKey(title: string): string {
  return title.trim().toLowerCase();
}

/** When the reward's global cooldown ends (ms), or null when it is not cooling down at `now`. */
export function cooldownExpiresAt(reward: CustomReward, now: number): number | null {
  if (!reward.globalCooldown.enabled || reward.lastRedeemedAt === null) return null;
  const expires = reward.lastRedeemedAt + reward.globalCooldown.value * 1000;
  return expires > now ? expires : null;
}

export class RewardStore {
  private readonly byId = new Map<string, CustomReward>();

  create(input: NewReward, now: number): CustomReward {
    const id = ids.claimId(input.id, ids.uuid, this.byId, 'reward');
    const reward: CustomReward = {
      id,
      broadcasterId: input.broadcasterId,
      clientId: input.clientId,
      title: input.title,
      prompt: input.prompt ?? '',
      cost: input.cost,
      backgroundColor: input.backgroundColor ?? DEFAULT_REWARD_BACKGROUND_COLOR,
      isEnabled: input.isEnabled ?? true,
      isUserInputRequired: input.isUserInputRequired ?? false,
      maxPerStream: { ...(input.maxPerStream ?? DISABLED) },
      maxPerUserPerStream: { ...(input.maxPerUserPerStream ?? DISABLED) },
      globalCooldown: { ...(input.globalCooldown ?? DISABLED) },
      isPaused: input.isPaused ?? false,
      shouldRedemptionsSkipRequestQueue: input.shouldRedemptionsSkipRequestQueue ?? false,
      createdAt: now,
      lastRedeemedAt: null,
    };
    this.byId.set(id, reward);
    return reward;
  }

  get(id: string): CustomReward | undefined {
    return this.byId.get(id);
  }

  /** The broadcaster's reward with this ID; undefined for another channel's reward. */
  find(broadcasterId: string, id: string): CustomReward | undefined {
    const reward = this.byId.get(id);
    return reward?.broadcasterId === broadcasterId ? reward : undefined;
  }

  /** The broadcaster's rewards, ascending by ID (the order Get Custom Reward answers in). */
  listFor(broadcasterId: string): CustomReward[] {
    return [...this.byId.values()].filter((r) => r.broadcasterId === broadcasterId).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  countFor(broadcasterId: string): number {
    let count = 0;
    for (const reward of this.byId.values()) if (reward.broadcasterId === broadcasterId) count++;
    return count;
  }

  /** Whether another reward of the broadcaster already has this title (case-insensitive). */
  isTitleTaken(broadcasterId: string, title: string, exceptId?: string): boolean {
    const key = titleKey(title);
    for (const reward of this.byId.values()) {
      if (reward.broadcasterId === broadcasterId && reward.id !== exceptId && titleKey(reward.title) === key) return true;
    }
    return false;
  }

  delete(id: string): boolean {
    return this.byId.delete(id);
  }

  list(): CustomReward[] {
    return [...this.byId.values()];
  }
}
