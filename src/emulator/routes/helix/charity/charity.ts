/**
 * Spec 4.7 Charity: Get Charity Campaign (path and codes from platform-facts) and Get Charity
 * Campaign Donations. Campaigns start, stop and take donations through the simulation API
 * (`domain/charity.ts`); the generated logos are in `routes/static/placeholder-images.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../domain/api-error';
import type { User } from '../../../domain/stores/users';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { charityCampaignView, charityDonationView } from '../../../http/views/charity';

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
}

function checkBroadcaster(broadcasterId: string, user: User): void {
  requireTokenBroadcaster(broadcasterId, user.id);
  if (user.broadcasterType !== 'partner' && user.broadcasterType !== 'affiliate') throw forbidden(NOT_PARTNER_OR_AFFILIATE);
}
