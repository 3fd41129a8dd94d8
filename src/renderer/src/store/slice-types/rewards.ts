/** The rewards slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { RewardInput, RewardsOverview } from '../../../../shared/ipc/contract';

export type RewardsActionId = 'rewards.load' | 'rewards.save' | 'rewards.toggle' | 'rewards.delete' | 'rewards.adopt';

export type RewardChanges = Partial<RewardInput> & { isPaused?: boolean };

export interface RewardsSlice {
  rewards: RewardsOverview | null;
  /** After an adoption: how to retire the original, in words. */
  adoptNote: string | null;
  loadRewards(): Promise<void>;
  /** Create (id null) or edit; resolves true when saved. */
  saveReward(id: string | null, input: RewardInput | RewardChanges): Promise<boolean>;
  /** Pause/resume, enable/disable: optimistic, rolled back with the reason. */
  toggleReward(id: string, changes: { isPaused?: boolean; isEnabled?: boolean }): Promise<void>;
  deleteReward(id: string): Promise<void>;
  adoptReward(id: string): Promise<void>;
  dismissAdoptNote(): void;
  applyRewards(overview: RewardsOverview): void;
}
