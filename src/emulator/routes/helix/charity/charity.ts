/**
 * Spec 4.7 Charity: Get Charity Campaign (path and codes from platform-facts) and Get Charity
 * Campaign Donations, plus the generated charity logos the campaigns point at.
 */
import type { FastifyInstance } from 'fastify';
import { userFields } from '../../../http/views/helix-shapes';
import { forbidden, requireTokenBroadcaster } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import type { Amount, CharityCampaign, CharityDonation } from '../../../domain/charity';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/users';
import { sendSvg } from '../../static/placeholder-images';
import '../../../http/app-state';

const NOT_PARTNER_OR_AFFILIATE = 'The broadcaster is not a partner or affiliate.';

export function registerCharityRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/charity/campaigns', auth: 'user', scopes: ['channel:read:charity'] },
    ({ state, query, user }) => {
      checkBroadcaster(query.required('broadcaster_id'), user);
      const campaign = state.charity.active(user.id);
      return { data: campaign ? [charityCampaignView(state, campaign)] : [] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'GET', path: '/charity/donations', auth: 'user', scopes: ['channel:read:charity'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      readFirst(query);
      checkBroadcaster(broadcasterId, user);
      const campaign = state.charity.active(user.id);
      const page = cursorPage(campaign ? state.charity.donations(campaign.id) : [], query, { before: 'ignored' });
      return { data: page.items.map((d) => charityDonationView(state, d)), pagination: page.pagination };
    },
  );

  app.get<{ Params: { file: string } }>('/static/charity-logos/:file', (request, reply) => {
    const name = request.params.file.replace(/\.\w+$/, '');
    return sendSvg(reply, 100, 100, name.slice(0, 2).toUpperCase(), name);
  });
}

function checkBroadcaster(broadcasterId: string, user: User): void {
  requireTokenBroadcaster(broadcasterId, user.id);
  if (user.broadcasterType !== 'partner' && user.broadcasterType !== 'affiliate') throw forbidden(NOT_PARTNER_OR_AFFILIATE);
}

export function amountView(amount: Amount) {
  return { value: amount.value, decimal_places: amount.decimalPlaces, currency: amount.currency };
}

/** A generated logo the emulator serves, for campaigns started without one. */
export function defaultCharityLogo(baseUrl: string, charityName: string): string {
  const slug = charityName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'charity';
  return `${baseUrl}/static/charity-logos/${slug}.svg`;
}

export function charityCampaignView(state: EmulatorState, campaign: CharityCampaign) {
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

export function charityDonationView(state: EmulatorState, donation: CharityDonation) {
  return {
    id: donation.id,
    campaign_id: donation.campaignId,
    ...userFields(state, 'user', donation.userId),
    amount: amountView(donation.amount),
  };
}

/** The `channel.charity_campaign.donate` event (platform-facts, EventSub payloads). */
export function charityDonateEvent(state: EmulatorState, campaign: CharityCampaign, donation: CharityDonation) {
  return {
    id: donation.id,
    campaign_id: campaign.id,
    ...userFields(state, 'broadcaster_user', campaign.broadcasterId),
    ...userFields(state, 'user', donation.userId),
    charity_name: campaign.charityName,
    charity_description: campaign.charityDescription,
    charity_logo: campaign.charityLogo,
    charity_website: campaign.charityWebsite,
    amount: amountView(donation.amount),
  };
}
