/**
 * Simulation API for chat, moderators and charity (design.md, "The emulator's contract"): viewers
 * join and leave chat, moderators are added and removed (recording a moderator-change record and
 * publishing `channel.moderator.add`/`remove`), charity campaigns start and stop, viewers donate
 * (publishing `channel.charity_campaign.donate`); the rules are the domain's (`domain/chat.ts`,
 * `domain/moderation.ts`, `domain/charity.ts`). Loopback only (app.ts); answers are the objects.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict } from '../../domain/api-error';
import { donate, startCharityCampaign, stopCharityCampaign } from '../../domain/charity';
import { joinChat, leaveChat } from '../../domain/chat';
import { changeModerator } from '../../domain/moderation';
import { knownUser } from '../../domain/users';
import { parseSimulationBody } from '../../http/simulation-body';
import { charityCampaignView, charityDonationView } from '../../http/views/charity';
import { moderatorEventView } from '../../http/views/moderation';
import type { ChatterAnswer, ChatterRequest } from '../../http/views/wire/chat';
import type { DonateRequest, StartCharityRequest } from '../../http/views/wire/charity';
import type { ModeratorRequest } from '../../http/views/wire/moderation';
import '../../http/app-state';

const userId = z.string().min(1).max(20);

const chatterBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, user_id: userId, action: z.enum(['join', 'leave']) }).strict() satisfies z.ZodType<ChatterRequest>,
);
const moderatorBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, user_id: userId, action: z.enum(['add', 'remove']) }).strict() satisfies z.ZodType<ModeratorRequest>,
);

const amount = z
  .object({
    value: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    decimal_places: z.number().int().min(0).max(4),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  })
  .strict();

const campaignBody = z.lazy(() =>
  z
    .object({
      charity_name: z.string().trim().min(1).max(100).optional(),
      charity_description: z.string().max(1000).optional(),
      charity_logo: z.url().optional(),
      charity_website: z.url().optional(),
      target_amount: amount.nullable().optional(),
      currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD').optional(),
    })
    .strict() satisfies z.ZodType<StartCharityRequest>,
);

const donationBody = z.lazy(() =>
  z.object({ broadcaster_id: userId, user_id: userId, amount }).strict() satisfies z.ZodType<DonateRequest>,
);

export function registerCommunitySimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/chatters', (request) => {
    const body = parseSimulationBody(chatterBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const chatter = knownUser(state, body.user_id, 'user_id');
    if (body.action === 'join') joinChat(state, broadcaster, chatter);
    else leaveChat(state, broadcaster, chatter);
    const answer: ChatterAnswer = {
      broadcaster_id: broadcaster.id,
      user_id: chatter.id,
      user_login: chatter.login,
      user_name: chatter.displayName,
      in_chat: body.action === 'join',
      total: state.chat.chatters(broadcaster.id).length,
    };
    return answer;
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
    const target = body.target_amount ?? null;
    const campaign = startCharityCampaign(state, request.params.broadcaster_id, {
      charityName: body.charity_name,
      charityDescription: body.charity_description,
      charityLogo: body.charity_logo,
      charityWebsite: body.charity_website,
      targetAmount: target ? { value: target.value, decimalPlaces: target.decimal_places, currency: target.currency } : null,
      currency: body.currency,
    });
    return charityCampaignView(state, campaign);
  });

  const stopCampaign = (broadcasterId: string, requestBody: unknown) => {
    parseSimulationBody(z.object({}).strict(), requestBody);
    return charityCampaignView(state, stopCharityCampaign(state, broadcasterId));
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
    const { value, decimal_places: decimalPlaces, currency } = body.amount;
    return charityDonationView(state, donate(state, broadcaster, donor, { value, decimalPlaces, currency }));
  });
}
