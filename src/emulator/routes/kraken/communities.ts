/** Spec 4.16 Legacy communities (version 5), and the community images their URLs point to. */
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, invalidParameter, missingParameter, notFound } from '../../domain/api-error';
import { isNumericId } from '../../ids';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Community, CommunityImageKind } from '../../domain/stores/kraken';
import type { User } from '../../domain/stores/users';
import { decodeBase64Image, imageDimensions } from '../../http/image-dimensions';
import { registerKrakenRoute } from '../../http/kraken-route';
import { characterCount } from '../../http/body-fields';
import { v5Body, v5Page } from '../../http/v5-params';
import { CONTENT_TYPES, imageFileName, imageUrl, v5Community, v5User } from '../../http/views/kraken';
import { COMMUNITY_NAME_MAX, COMMUNITY_NAME_MIN, COMMUNITY_SUMMARY_MAX, COMMUNITY_TEXT_MAX } from '../../domain/kraken';
import '../../http/app-state';

export const COMMUNITY_IMAGE_SIZES: Record<CommunityImageKind, { width: number; height: number; field: string }> = {
  avatar: { width: 600, height: 800, field: 'avatar_image' },
  cover: { width: 1200, height: 180, field: 'cover_image' },
};

/** Live channels of the community and their viewers: what Get Top Communities ranks by. */
function liveFigures(state: EmulatorState, community: Community): { channels: number; viewers: number } {
  let channels = 0;
  let viewers = 0;
  for (const id of community.channelIds) {
    const stream = state.streams.get(id);
    if (!stream) continue;
    channels++;
    viewers += stream.viewerCount;
  }
  return { channels, viewers };
}

function communityOr404(state: EmulatorState, id: string): Community {
  const community = state.kraken.community(id);
  if (!community) throw notFound(`Community "${id.slice(0, 64)}" not found`);
  return community;
}

function requireOwner(community: Community, user: User): void {
  if (community.ownerId !== user.id) throw forbidden('Only the community owner may do this');
}

function requireModerator(community: Community, user: User): void {
  if (community.ownerId !== user.id && !community.moderatorIds.has(user.id)) {
    throw forbidden('Only the community owner or its moderators may do this');
  }
}

function optionalText(body: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  const length = characterCount(value);
  if (length > max) throw invalidParameter(name, `must be at most ${max} characters; it is ${length}`);
  return value;
}

function bannedUser(state: EmulatorState, raw: string): User {
  if (!isNumericId(raw)) throw invalidParameter('user_id', 'must be a numeric user ID');
  const user = state.users.get(raw);
  if (!user) throw notFound(`User "${raw}" not found`);
  return user;
}

export function registerCommunityRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  registerKrakenRoute(app, { method: 'GET', path: '/kraken/communities', auth: 'none' }, ({ query }) => {
    const name = query.one('name');
    if (name === undefined || name === '') throw missingParameter('name');
    const length = characterCount(name);
    if (length < COMMUNITY_NAME_MIN || length > COMMUNITY_NAME_MAX) {
      throw invalidParameter('name', `must be ${COMMUNITY_NAME_MIN}-${COMMUNITY_NAME_MAX} characters`);
    }
    const community = state.kraken.communityByName(name);
    if (!community) throw notFound(`Community "${name}" not found`);
    return v5Community(state, community);
  });

  registerKrakenRoute(app, { method: 'GET', path: '/kraken/communities/top', auth: 'none' }, ({ query }) => {
    const ranked = state.kraken
      .listCommunities()
      .map((community) => ({ community, ...liveFigures(state, community) }))
      .sort((a, b) => b.viewers - a.viewers || b.channels - a.channels || a.community.name.localeCompare(b.community.name));
    const { page, cursor } = v5Page(ranked, query);
    return {
      _cursor: cursor,
      _total: ranked.length,
      communities: page.map(({ community, channels, viewers }) => ({
        avatar_image_url: imageUrl(state, community, 'avatar'),
        channels,
        id: community.id,
        name: community.name,
        viewers,
      })),
    };
  });

  registerKrakenRoute(app, { method: 'GET', path: '/kraken/communities/:community_id', auth: 'none' }, ({ params }) =>
    v5Community(state, communityOr404(state, params.community_id!)),
  );

  registerKrakenRoute(
    app,
    { method: 'PUT', path: '/kraken/communities/:community_id', auth: 'user', scopes: ['communities_edit'] },
    ({ params, user, body: rawBody }) => {
      const community = communityOr404(state, params.community_id!);
      requireOwner(community, user);
      const body = v5Body(rawBody);
      const summary = optionalText(body, 'summary', COMMUNITY_SUMMARY_MAX);
      const description = optionalText(body, 'description', COMMUNITY_TEXT_MAX);
      const rules = optionalText(body, 'rules', COMMUNITY_TEXT_MAX);
      const email = optionalText(body, 'email', 254);
      if (email !== undefined && email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidParameter('email', 'must be an email address');
      if (summary !== undefined) community.summary = summary;
      if (description !== undefined) community.description = description;
      if (rules !== undefined) community.rules = rules;
      if (email !== undefined) community.email = email;
      return undefined;
    },
  );

  registerKrakenRoute(
    app,
    { method: 'GET', path: '/kraken/communities/:community_id/bans', auth: 'user', scopes: ['communities_moderate'] },
    ({ params, user, query }) => {
      const community = communityOr404(state, params.community_id!);
      requireModerator(community, user);
      const bans = [...community.bans.entries()].reverse().flatMap(([userId, start]) => {
        const banned = state.users.get(userId);
        return banned ? [{ banned, start }] : [];
      });
      const { page, cursor } = v5Page(bans, query);
      return {
        _cursor: cursor,
        banned_users: page.map(({ banned, start }) => ({
          user_id: banned.id,
          display_name: banned.displayName,
          name: banned.login,
          bio: banned.description,
          avatar_image_url: banned.profileImageUrl,
          start_timestamp: start,
        })),
      };
    },
  );

  registerKrakenRoute(
    app,
    { method: 'PUT', path: '/kraken/communities/:community_id/bans/:user_id', auth: 'user', scopes: ['communities_moderate'] },
    ({ params, user, now }) => {
      const community = communityOr404(state, params.community_id!);
      requireModerator(community, user);
      const banned = bannedUser(state, params.user_id!);
      if (banned.id === community.ownerId) throw badRequest('The community owner cannot be banned');
      if (!community.bans.has(banned.id)) community.bans.set(banned.id, now);
      return undefined;
    },
  );

  registerKrakenRoute(
    app,
    { method: 'DELETE', path: '/kraken/communities/:community_id/bans/:user_id', auth: 'user', scopes: ['communities_moderate'] },
    ({ params, user }) => {
      const community = communityOr404(state, params.community_id!);
      requireModerator(community, user);
      community.bans.delete(bannedUser(state, params.user_id!).id);
      return undefined;
    },
  );

  for (const kind of ['avatar', 'cover'] as const) {
    const size = COMMUNITY_IMAGE_SIZES[kind];
    registerKrakenRoute(
      app,
      { method: 'POST', path: `/kraken/communities/:community_id/images/${kind}`, auth: 'user', scopes: ['communities_edit'] },
      ({ params, user, body: rawBody }) => {
        const community = communityOr404(state, params.community_id!);
        requireOwner(community, user);
        const value = v5Body(rawBody)[size.field];
        if (value === undefined || value === null || value === '') throw missingParameter(size.field);
        if (typeof value !== 'string') throw invalidParameter(size.field, 'must be a base64-encoded image');
        const bytes = decodeBase64Image(value);
        if (!bytes) throw invalidParameter(size.field, 'must be base64-encoded');
        const info = imageDimensions(bytes);
        if (!info) throw invalidParameter(size.field, 'must be a PNG, JPEG or GIF image');
        if (info.width !== size.width || info.height !== size.height) {
          throw invalidParameter(size.field, `must be ${size.width}x${size.height} pixels; it is ${info.width}x${info.height}`);
        }
        community.imageRevision++;
        community.images[kind] = { bytes, ...info, revision: community.imageRevision };
        return undefined;
      },
    );

    registerKrakenRoute(
      app,
      { method: 'DELETE', path: `/kraken/communities/:community_id/images/${kind}`, auth: 'user', scopes: ['communities_edit'] },
      ({ params, user }) => {
        const community = communityOr404(state, params.community_id!);
        requireOwner(community, user);
        delete community.images[kind];
        return undefined;
      },
    );
  }

  registerKrakenRoute(
    app,
    { method: 'GET', path: '/kraken/communities/:community_id/moderators', auth: 'user', scopes: ['communities_edit'] },
    ({ params }) => {
      const community = communityOr404(state, params.community_id!);
      const moderators = [...community.moderatorIds].flatMap((id) => {
        const moderator = state.users.get(id);
        return moderator ? [v5User(moderator)] : [];
      });
      return { moderators };
    },
  );

  app.get<{ Params: { community_id: string; file: string } }>('/static/community-images/:community_id/:file', (request, reply) => {
    const community = state.kraken.community(request.params.community_id);
    const kind = request.params.file.startsWith('cover-') ? 'cover' : 'avatar';
    const image = community?.images[kind];
    if (!community || !image || imageFileName(community, kind) !== request.params.file) throw notFound('Image not found');
    return reply.header('Content-Type', CONTENT_TYPES[image.format]).header('Cache-Control', 'public, max-age=3600').send(image.bytes);
  });
}
