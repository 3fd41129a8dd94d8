/**
 * Simulation endpoints for the v5 areas whose writes the spec does not show: creating communities,
 * their members and moderators, feed comments, and a channel's own cheermote.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { parseSimulationBody } from '../../http/simulation-body';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Community } from '../../domain/kraken';
import { legacyCheermoteAction } from '../kraken/bits';
import { COMMUNITY_NAME_MAX, COMMUNITY_NAME_MIN, COMMUNITY_SUMMARY_MAX, v5Community } from '../kraken/communities';
import { MAX_COMMENTS_PER_POST, postView } from '../kraken/feed';
import '../../http/app-state';

const userId = z.string().min(1);

const communityBody = z
  .object({
    name: z.string().regex(new RegExp(`^[A-Za-z0-9_]{${COMMUNITY_NAME_MIN},${COMMUNITY_NAME_MAX}}$`), `must be ${COMMUNITY_NAME_MIN}-${COMMUNITY_NAME_MAX} letters, digits or _`),
    owner_id: userId,
    summary: z.string().max(COMMUNITY_SUMMARY_MAX).optional(),
    description: z.string().max(10_000).optional(),
    rules: z.string().max(10_000).optional(),
    language: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter language code').optional(),
    moderator_ids: z.array(userId).max(100).optional(),
    channel_ids: z.array(userId).max(1000).optional(),
  })
  .strict();

const membershipBody = z.object({ user_id: userId, action: z.enum(['add', 'remove']) }).strict();
const channelMembershipBody = z.object({ channel_id: userId, action: z.enum(['add', 'remove']) }).strict();
const commentBody = z.object({ user_id: userId, body: z.string().min(1).max(2000) }).strict();
const cheermoteBody = z
  .object({ channel_id: userId, prefix: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,24}$/, 'must be 2-25 letters or digits').nullable() })
  .strict();

function simulationCommunity(state: EmulatorState, community: Community) {
  return { ...v5Community(state, community), moderator_ids: [...community.moderatorIds], channel_ids: [...community.channelIds] };
}

export function registerKrakenSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const requireUsers = (ids: readonly string[]) => {
    const unknown = ids.find((id) => !state.users.get(id));
    if (unknown !== undefined) throw badRequest(`Unknown user_id "${unknown}"`);
  };
  const communityOr404 = (id: string) => {
    const community = state.kraken.community(id);
    if (!community) throw notFound(`Unknown community "${id}"`);
    return community;
  };

  app.post('/_emulator/communities', (request) => {
    const body = parseSimulationBody(communityBody, request.body);
    requireUsers([body.owner_id, ...(body.moderator_ids ?? []), ...(body.channel_ids ?? [])]);
    if (state.kraken.isCommunityNameTaken(body.name)) throw conflict(`Community "${body.name}" exists`);
    const community = state.kraken.createCommunity(
      {
        name: body.name,
        ownerId: body.owner_id,
        summary: body.summary,
        description: body.description,
        rules: body.rules,
        language: body.language?.toUpperCase(),
        moderatorIds: body.moderator_ids,
        channelIds: body.channel_ids,
      },
      state.clock.now(),
    );
    return simulationCommunity(state, community);
  });

  app.post<{ Params: { community_id: string } }>('/_emulator/communities/:community_id/moderators', (request) => {
    const body = parseSimulationBody(membershipBody, request.body);
    const community = communityOr404(request.params.community_id);
    requireUsers([body.user_id]);
    if (body.action === 'add') community.moderatorIds.add(body.user_id);
    else community.moderatorIds.delete(body.user_id);
    return simulationCommunity(state, community);
  });

  app.post<{ Params: { community_id: string } }>('/_emulator/communities/:community_id/channels', (request) => {
    const body = parseSimulationBody(channelMembershipBody, request.body);
    const community = communityOr404(request.params.community_id);
    requireUsers([body.channel_id]);
    if (body.action === 'add') community.channelIds.add(body.channel_id);
    else community.channelIds.delete(body.channel_id);
    return simulationCommunity(state, community);
  });

  app.post<{ Params: { channel_id: string; post_id: string } }>('/_emulator/feed/:channel_id/posts/:post_id/comments', (request) => {
    const body = parseSimulationBody(commentBody, request.body);
    const post = state.kraken.post(request.params.channel_id, request.params.post_id);
    if (!post) throw notFound(`Unknown post "${request.params.post_id}" in channel "${request.params.channel_id}"`);
    requireUsers([body.user_id]);
    state.kraken.addComment(post, body.user_id, body.body, state.clock.now());
    return postView(state, post, null, MAX_COMMENTS_PER_POST);
  });

  app.post('/_emulator/cheermotes', (request) => {
    const body = parseSimulationBody(cheermoteBody, request.body);
    requireUsers([body.channel_id]);
    if (body.prefix === null) {
      state.kraken.channelCheermotes.delete(body.channel_id);
      return { channel_id: body.channel_id, action: null };
    }
    state.kraken.channelCheermotes.set(body.channel_id, body.prefix);
    return { channel_id: body.channel_id, action: legacyCheermoteAction(state, body.prefix) };
  });
}
