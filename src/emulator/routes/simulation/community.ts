/**
 * Simulation API for chat, moderators and charity (design.md, "The emulator's contract"): viewers
 * join and leave chat, moderators are added and removed (recording a moderator-change record and
 * publishing `channel.moderator.add`/`remove`), charity campaigns start and stop, viewers donate
 * (publishing `channel.charity_campaign.donate`). Loopback only (app.ts); answers are the objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { knownUser, parseSimulationBody } from '../../http/simulation-body';
import { charityCampaignView, charityDonateEvent, charityDonationView, defaultCharityLogo } from '../helix/charity/charity';
import { moderatorEventView } from '../helix/moderation/moderator-events';
import { changeModerator } from '../helix/moderation/moderators';
import '../../http/app-state';

const userId = z.string().min(1).max(20);

const chatterBody = z.object({ broadcaster_id: userId, user_id: userId, action: z.enum(['join', 'leave']) }).strict();
const moderatorBody = z.object({ broadcaster_id: userId, user_id: userId, action: z.enum(['add', 'remove']) }).strict();

const amount = z
  .object({
    value: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    decimal_places: z.number().int().min(0).max(4),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  })
  .strict();

const campaignBody = z
  .object({
    charity_name: z.string().trim().min(1).max(100).optional(),
    charity_description: z.string().max(1000).optional(),
    charity_logo: z.url().optional(),
    charity_website: z.url().optional(),
    target_amount: amount.nullable().optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD').optional(),
  })
  .strict();

const donationBody = z.object({ broadcaster_id: userId, user_id: userId, amount }).strict();

export function registerCommunitySimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/chatters', (request) => {
    const body = parseSimulationBody(chatterBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const chatter = knownUser(state, body.user_id, 'user_id');
    if (body.action === 'join' && !state.chat.join(broadcaster.id, chatter.id)) {
      throw conflict(`User "${chatter.login}" is already in ${broadcaster.login}'s chat`);
    }
    if (body.action === 'leave' && !state.chat.leave(broadcaster.id, chatter.id)) {
      throw conflict(`User "${chatter.login}" is not in ${broadcaster.login}'s chat`);
    }
    return {
      broadcaster_id: broadcaster.id,
      user_id: chatter.id,
      user_login: chatter.login,
      user_name: chatter.displayName,
      in_chat: body.action === 'join',
      total: state.chat.chatters(broadcaster.id).length,
    };
  });

  app.post('/_emulator/moderators', (request) => {
    const body = parseSimulationBody(moderatorBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const moderator = knownUser(state, body.user_id, 'user_id');
    if (broadcaster.id === moderator.id) throw badRequest('The broadcaster cannot be their own moderator');
    const record = changeModerator(state, broadcaster, moderator, body.action);
    if (!record) {
      throw conflict(`User "${moderator.login}" is ${body.action === 'add' ? 'already' : 'not'} a moderator of ${broadcaster.login}`);
    }
    return moderatorEventView(state, record);
  });

  app.post<{ Params: { broadcaster_id: string } }>('/_emulator/charity/:broadcaster_id', (request) => {
    const body = parseSimulationBody(campaignBody, request.body);
    const broadcaster = state.users.get(request.params.broadcaster_id);
    if (!broadcaster) throw notFound(`Unknown user "${request.params.broadcaster_id}"`);
    if (broadcaster.broadcasterType === '') throw conflict(`User "${broadcaster.login}" is not a partner or affiliate: only they run charity campaigns`);
    if (state.charity.active(broadcaster.id)) throw conflict(`User "${broadcaster.login}" already runs a charity campaign`);
    const target = body.target_amount ?? null;
    if (target && body.currency !== undefined && body.currency !== target.currency) {
      throw badRequest('Invalid field "currency": must match target_amount.currency');
    }
    const charityName = body.charity_name ?? 'Direct Relief';
    const campaign = state.charity.start(
      {
        broadcasterId: broadcaster.id,
        charityName,
        charityDescription: body.charity_description ?? '',
        charityLogo: body.charity_logo ?? defaultCharityLogo(state.baseUrl, charityName),
        charityWebsite: body.charity_website ?? '',
        targetAmount: target ? { value: target.value, decimalPlaces: target.decimal_places, currency: target.currency } : null,
        currency: target?.currency ?? body.currency ?? 'USD',
      },
      state.clock.now(),
    );
    return charityCampaignView(state, campaign);
  });

  const stopCampaign = (broadcasterIdParam: string, requestBody: unknown) => {
    parseSimulationBody(z.object({}).strict(), requestBody);
    const broadcaster = state.users.get(broadcasterIdParam);
    if (!broadcaster) throw notFound(`Unknown user "${broadcasterIdParam}"`);
    const active = state.charity.active(broadcaster.id);
    if (!active) throw conflict(`User "${broadcaster.login}" runs no charity campaign`);
    const view = charityCampaignView(state, active);
    state.charity.stop(broadcaster.id);
    return view;
  };
  app.delete<{ Params: { broadcaster_id: string } }>('/_emulator/charity/:broadcaster_id', (request) =>
    stopCampaign(request.params.broadcaster_id, request.body),
  );
  app.post<{ Params: { broadcaster_id: string } }>('/_emulator/charity/:broadcaster_id/stop', (request) =>
    stopCampaign(request.params.broadcaster_id, request.body),
  );

  app.post('/_emulator/donations', (request) => {
    const body = parseSimulationBody(donationBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const donor = knownUser(state, body.user_id, 'user_id');
    const campaign = state.charity.active(broadcaster.id);
    if (!campaign) throw conflict(`User "${broadcaster.login}" runs no charity campaign`);
    if (body.amount.currency !== campaign.currentAmount.currency) {
      throw badRequest(`Invalid field "amount.currency": the campaign collects ${campaign.currentAmount.currency}`);
    }
    if (body.amount.decimal_places !== campaign.currentAmount.decimalPlaces) {
      throw badRequest(`Invalid field "amount.decimal_places": the campaign counts ${campaign.currentAmount.decimalPlaces} decimal places`);
    }
    if (campaign.currentAmount.value + body.amount.value > Number.MAX_SAFE_INTEGER) throw badRequest('Invalid field "amount.value": too large');
    const donation = state.charity.donate(campaign, donor.id, body.amount.value, state.clock.now());
    state.events.publish({ type: 'channel.charity_campaign.donate', broadcasterUserId: broadcaster.id, event: charityDonateEvent(state, campaign, donation) });
    return charityDonationView(state, donation);
  });
}
