/** The charity campaign and its donations. */
import { z } from 'zod';

export const amountSchema = z.object({ value: z.number().int(), decimal_places: z.number().int().nonnegative(), currency: z.string() });
export type Amount = z.infer<typeof amountSchema>;

export const charityCampaignSchema = z.object({
  id: z.string(),
  charityName: z.string(),
  charityDescription: z.string(),
  charityLogo: z.string(),
  charityWebsite: z.string(),
  currentAmount: amountSchema,
  targetAmount: amountSchema.nullable(),
});
export type CharityCampaign = z.infer<typeof charityCampaignSchema>;

export const donationSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  userId: z.string(),
  userLogin: z.string(),
  userName: z.string(),
  amount: amountSchema,
  /** ISO 8601 when it arrived live; null when read from the paged list (the platform gives no time). */
  receivedAt: z.string().nullable(),
});
export type Donation = z.infer<typeof donationSchema>;

export const charityOverviewSchema = z.object({
  /** `ended`: a campaign was running in this session and is no longer. */
  state: z.enum(['signedOut', 'loading', 'active', 'none', 'ended', 'notEligible', 'error']),
  campaign: charityCampaignSchema.nullable(),
  /** Newest first. */
  donations: z.array(donationSchema),
  hasMore: z.boolean(),
  error: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CharityOverview = z.infer<typeof charityOverviewSchema>;
