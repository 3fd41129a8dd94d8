/**
 * Simulation endpoints for the v5 areas whose writes the spec does not show: creating communities,
 * their members and moderators, feed comments, and a channel's own cheermote (`domain/kraken.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  commentOnPost,
  COMMUNITY_NAME_MAX,
  COMMUNITY_NAME_MIN,
  COMMUNITY_SUMMARY_MAX,
  createCommunity,
  MAX_COMMENTS_PER_POST,
  setChannelCheermote,
  setCommunityChannel,
  setCommunityModerator,
} from '../../domain/kraken';
import { parseSimulationBody } from '../../http/simulation-body';
import { legacyCheermoteAction, postView, simulationCommunity } from '../../http/views/kraken';
import type {
  ChannelCheermoteRequest,
  CommunityChannelRequest,
  CommunityMembershipRequest,
  CreateCommunityRequest,
  FeedCommentRequest,
} from '../../http/views/wire/kraken';
import '../../http/app-state';

const userId = z.string().min(1);

const communityBody = z.lazy(() =>
  z
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
    .strict() satisfies z.ZodType<CreateCommunityRequest>,
);

const membershipBody = z.lazy(() =>
  z.object({ user_id: userId, action: z.enum(['add', 'remove']) }).strict() satisfies z.ZodType<CommunityMembershipRequest>,
);
const channelMembershipBody = z.lazy(() =>
  z.object({ channel_id: userId, action: z.enum(['add', 'remove']) }).strict() satisfies z.ZodType<CommunityChannelRequest>,
);
const commentBody = z.lazy(() =>
  z.object({ user_id: userId, body: z.string().min(1).max(2000) }).strict() satisfies z.ZodType<FeedCommentRequest>,
);
const cheermoteBody = z.lazy(() =>
  z
    .object({ channel_id: userId, prefix: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,24}$/, 'must be 2-25 letters or digits').nullable() })
    .strict() satisfies z.ZodType<ChannelCheermoteRequest>,
);

export function registerKrakenSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/communities', (request) => {
    const body = parseSimulationBody(communityBody, request.body);
    const community = createCommunity(state, {
      name: body.name,
      ownerId: body.owner_id,
      summary: body.summary,
      description: body.description,
      rules: body.rules,
      language: body.language?.toUpperCase(),
      moderatorIds: body.moderator_ids,
      channelIds: body.channel_ids,
    });
    return simulationCommunity(state, community);
  });

  app.post<{ Params: { community_id: string } }>('/_emulator/communities/:community_id/moderators', (request) => {
    const body = parseSimulationBody(membershipBody, request.body);
    return simulationCommunity(state, setCommunityModerator(state, request.params.community_id, body.user_id, body.action));
  });

  app.post<{ Params: { community_id: string } }>('/_emulator/communities/:community_id/channels', (request) => {
    const body = parseSimulationBody(channelMembershipBody, request.body);
    return simulationCommunity(state, setCommunityChannel(state, request.params.community_id, body.channel_id, body.action));
  });

  app.post<{ Params: { channel_id: string; post_id: string } }>('/_emulator/feed/:channel_id/posts/:post_id/comments', (request) => {
    const body = parseSimulationBody(commentBody, request.body);
    const post = commentOnPost(state, request.params.channel_id, request.params.post_id, body.user_id, body.body);
    return postView(state, post, null, MAX_COMMENTS_PER_POST);
  });

  app.post('/_emulator/cheermotes', (request) => {
    const body = parseSimulationBody(cheermoteBody, request.body);
    setChannelCheermote(state, body.channel_id, body.prefix);
    return { channel_id: body.channel_id, action: body.prefix === null ? null : legacyCheermoteAction(state, body.prefix) };
  });
}
