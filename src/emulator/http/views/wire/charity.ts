/** Charity campaigns and donations (see `common.ts`). */
import type { AmountView, UserFields } from './common';

export interface CharityCampaignView {
  id: string;
  broadcaster_id: string;
  broadcaster_name: string;
  broadcaster_login: string;
  charity_name: string;
  charity_description: string;
  charity_logo: string;
  charity_website: string;
  current_amount: AmountView;
  target_amount: AmountView | null;
}

export type CharityDonationView = { id: string; campaign_id: string } & UserFields<'user'> & { amount: AmountView };

export interface StartCharityRequest {
  charity_name?: string;
  charity_description?: string;
  charity_logo?: string;
  charity_website?: string;
  target_amount?: AmountView | null;
  currency?: string;
}

export interface DonateRequest {
  broadcaster_id: string;
  user_id: string;
  amount: AmountView;
}
