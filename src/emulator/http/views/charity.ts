/** Charity campaigns and donations in the current API's shapes (spec 4.7, platform facts). */
import type { EmulatorState } from '../../domain/emulator-state';
import type { Amount, CharityCampaign, CharityDonation } from '../../domain/stores/charity';
import { userFields } from './user-fields';
import type { AmountView } from './wire/common';
import type { CharityCampaignView, CharityDonationView } from './wire/charity';

export function amountView(amount: Amount): AmountView {
  return { value: amount.value, decimal_places: amount.decimalPlaces, currency: amount.currency };
}

export function charityCampaignView(state: EmulatorState, campaign: CharityCampaign): CharityCampaignView {
  const broadcaster = state.users.get(campaign.broadcasterId);
  return {
    id: campaign.id,
    broadcaster_id: campaign.broadcasterId,
    broadcaster_name: broadcaster?.displayName ?? '',
    broadcaster_login: broadcaster?.login ?? '',
    charity_name: campaign.charityName,
    charity_description: campaign.charityDescription,
    charity_logo: campaign.charityLogo,
    charity_website: campaign.charityWebsite,
    current_amount: amountView(campaign.currentAmount),
    target_amount: campaign.targetAmount ? amountView(campaign.targetAmount) : null,
  };
}

export function charityDonationView(state: EmulatorState, donation: CharityDonation): CharityDonationView {
  return {
    id: donation.id,
    campaign_id: donation.campaignId,
    ...userFields(state, 'user', donation.userId),
    amount: amountView(donation.amount),
  };
}
