import * as ids from '../../ids';

/** An amount in minor units: `value / 10^decimalPlaces` of `currency` (ISO 4217). */
export interface Amount {
  value: number;
  decimalPlaces: number;
  currency: string;
}

export interface CharityCampaign {
  id: string;
  broadcasterId: string;
  charityName: string;
  charityDescription: string;
  charityLogo: string;
  charityWebsite: string;
  currentAmount: Amount;
  /** Null when the broadcaster set no goal. */
  targetAmount: Amount | null;
  startedAt: number;
}

export interface CharityDonation {
  id: string;
  campaignId: string;
  broadcasterId: string;
  userId: string;
  amount: Amount;
  donatedAt: number;
}

export type NewCharityCampaign = Omit<CharityCampaign, 'id' | 'currentAmount' | 'startedAt'> & { id?: string; currency: string };

/** Each broadcaster's active charity campaign (at most one) and its donations. */
export class CharityStore {
  private readonly activeByBroadcaster = new Map<string, CharityCampaign>();
  /** Per campaign, oldest first. Dropped when the campaign ends: the platform no longer lists them. */
  private readonly donationsByCampaign = new Map<string, CharityDonation[]>();

  active(broadcasterId: string): CharityCampaign | undefined {
    return this.activeByBroadcaster.get(broadcasterId);
  }

  start(input: NewCharityCampaign, now: number): CharityCampaign {
    if (this.activeByBroadcaster.has(input.broadcasterId)) throw new Error(`broadcaster ${input.broadcasterId} already runs a campaign`);
    const { currency, id, ...rest } = input;
    const campaign: CharityCampaign = {
      ...rest,
      id: id ?? ids.uuid(),
      currentAmount: { value: 0, decimalPlaces: input.targetAmount?.decimalPlaces ?? 2, currency },
      startedAt: now,
    };
    this.activeByBroadcaster.set(campaign.broadcasterId, campaign);
    this.donationsByCampaign.set(campaign.id, []);
    return campaign;
  }

  /** Ends the broadcaster's campaign; returns it, or undefined when none runs. */
  stop(broadcasterId: string): CharityCampaign | undefined {
    const campaign = this.activeByBroadcaster.get(broadcasterId);
    if (!campaign) return undefined;
    this.activeByBroadcaster.delete(broadcasterId);
    this.donationsByCampaign.delete(campaign.id);
    return campaign;
  }

  /** Adds a donation in the campaign's currency and decimal places to the campaign's current amount. */
  donate(campaign: CharityCampaign, userId: string, value: number, now: number, id: string = ids.uuid()): CharityDonation {
    const donation: CharityDonation = {
      id,
      campaignId: campaign.id,
      broadcasterId: campaign.broadcasterId,
      userId,
      amount: { ...campaign.currentAmount, value },
      donatedAt: now,
    };
    campaign.currentAmount = { ...campaign.currentAmount, value: campaign.currentAmount.value + value };
    const list = this.donationsByCampaign.get(campaign.id) ?? [];
    list.push(donation);
    this.donationsByCampaign.set(campaign.id, list);
    return donation;
  }

  /** Newest first. */
  donations(campaignId: string): CharityDonation[] {
    return [...(this.donationsByCampaign.get(campaignId) ?? [])].reverse();
  }
}
