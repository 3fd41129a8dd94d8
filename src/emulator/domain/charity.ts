/**
 * Charity's rules (spec 4.7, platform facts): partners and affiliates run at most one campaign at
 * a time; donations to it are in its currency and precision, and are announced as
 * `channel.charity_campaign.donate`. Campaigns and donations come from the simulation API.
 */
import { badRequest, conflict, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Amount, CharityCampaign, CharityDonation } from './stores/charity';
import type { User } from './stores/users';

/** A generated logo the emulator serves, for campaigns started without one. */
export function defaultCharityLogo(baseUrl: string, charityName: string): string {
  const slug = charityName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'charity';
  return `${baseUrl}/static/charity-logos/${slug}.svg`;
}

export interface NewCampaign {
  charityName?: string;
  charityDescription?: string;
  charityLogo?: string;
  charityWebsite?: string;
  targetAmount: Amount | null;
  currency?: string;
}

/** The broadcaster (named by `broadcasterId`) starts a campaign. */
export function startCharityCampaign(state: EmulatorState, broadcasterId: string, input: NewCampaign): CharityCampaign {
  const broadcaster = campaignOwner(state, broadcasterId);
  if (broadcaster.broadcasterType === '') throw conflict(`User "${broadcaster.login}" is not a partner or affiliate: only they run charity campaigns`);
  if (state.charity.active(broadcaster.id)) throw conflict(`User "${broadcaster.login}" already runs a charity campaign`);
  const target = input.targetAmount;
  if (target && input.currency !== undefined && input.currency !== target.currency) {
    throw badRequest('Invalid field "currency": must match target_amount.currency');
  }
  const charityName = input.charityName ?? 'Direct Relief';
  return state.charity.start(
    {
      broadcasterId: broadcaster.id,
      charityName,
      charityDescription: input.charityDescription ?? '',
      charityLogo: input.charityLogo ?? defaultCharityLogo(state.baseUrl, charityName),
      charityWebsite: input.charityWebsite ?? '',
      targetAmount: target,
      currency: target?.currency ?? input.currency ?? 'USD',
    },
    state.clock.now(),
  );
}

/** The broadcaster's campaign ends; answers it as it was. */
export function stopCharityCampaign(state: EmulatorState, broadcasterId: string): CharityCampaign {
  const broadcaster = campaignOwner(state, broadcasterId);
  const active = state.charity.active(broadcaster.id);
  if (!active) throw conflict(`User "${broadcaster.login}" runs no charity campaign`);
  state.charity.stop(broadcaster.id);
  return active;
}

/** A viewer donates to the broadcaster's active campaign. */
export function donate(state: EmulatorState, broadcaster: User, donor: User, amount: Amount): CharityDonation {
  const campaign = state.charity.active(broadcaster.id);
  if (!campaign) throw conflict(`User "${broadcaster.login}" runs no charity campaign`);
  if (amount.currency !== campaign.currentAmount.currency) {
    throw badRequest(`Invalid field "amount.currency": the campaign collects ${campaign.currentAmount.currency}`);
  }
  if (amount.decimalPlaces !== campaign.currentAmount.decimalPlaces) {
    throw badRequest(`Invalid field "amount.decimal_places": the campaign counts ${campaign.currentAmount.decimalPlaces} decimal places`);
  }
  if (campaign.currentAmount.value + amount.value > Number.MAX_SAFE_INTEGER) throw badRequest('Invalid field "amount.value": too large');
  const donation = state.charity.donate(campaign, donor.id, amount.value, state.clock.now());
  state.events.publish({ type: 'channel.charity_campaign.donate', campaign, donation });
  return donation;
}

function campaignOwner(state: EmulatorState, broadcasterId: string): User {
  const broadcaster = state.users.get(broadcasterId);
  if (!broadcaster) throw notFound(`Unknown user "${broadcasterId}"`);
  return broadcaster;
}
