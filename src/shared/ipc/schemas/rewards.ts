/** Custom channel-point rewards. */
import { z } from 'zod';

export const customRewardSchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  cost: z.number().int(),
  backgroundColor: z.string(),
  isEnabled: z.boolean(),
  isPaused: z.boolean(),
  isInStock: z.boolean(),
  isUserInputRequired: z.boolean(),
  maxPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int() }),
  maxPerUserPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int() }),
  globalCooldown: z.object({ isEnabled: z.boolean(), seconds: z.number().int() }),
  shouldRedemptionsSkipRequestQueue: z.boolean(),
  cooldownExpiresAt: z.string().nullable(),
  /** Created by Sidestage's client: only then may Sidestage change it or its redemptions. */
  manageable: z.boolean(),
});
export type CustomReward = z.infer<typeof customRewardSchema>;

export const rewardInputSchema = z
  .object({
    title: z.string().trim().min(1).max(45),
    cost: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    prompt: z.string().max(200),
    backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    isEnabled: z.boolean(),
    isUserInputRequired: z.boolean(),
    maxPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int().min(1).max(2_147_483_647) }).strict(),
    maxPerUserPerStream: z.object({ isEnabled: z.boolean(), value: z.number().int().min(1).max(2_147_483_647) }).strict(),
    globalCooldown: z.object({ isEnabled: z.boolean(), seconds: z.number().int().min(1).max(2_147_483_647) }).strict(),
    shouldRedemptionsSkipRequestQueue: z.boolean(),
  })
  .strict();
export type RewardInput = z.infer<typeof rewardInputSchema>;

export const rewardsOverviewSchema = z.object({
  rewards: z.array(customRewardSchema),
  loadedAt: z.string().nullable(),
});
export type RewardsOverview = z.infer<typeof rewardsOverviewSchema>;
