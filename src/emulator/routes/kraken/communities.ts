/** Spec 4.16 Legacy communities (version 5), and the community images their URLs point to; the rules: `domain/kraken.ts`. */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter, notFound } from '../../domain/api-error';
import { isNumericId } from '../../ids';
import type { EmulatorState } from '../../domain/emulator-state';
import type { User } from '../../domain/stores/users';
import { decodeBase64Image, imageDimensions } from '../../http/image-dimensions';
import { registerKrakenRoute } from '../../http/kraken-route';
import { characterCount } from '../../http/body-fields';
import { v5Body, v5Page } from '../../http/v5-params';
import { CONTENT_TYPES, imageFileName, imageUrl, v5Community, v5User } from '../../http/views/kraken';
import {
  banFromCommunity,
  communityNamed,
  COMMUNITY_IMAGE_SIZES,
  COMMUNITY_NAME_MAX,
  COMMUNITY_NAME_MIN,
  COMMUNITY_SUMMARY_MAX,
  COMMUNITY_TEXT_MAX,
  removeCommunityImage,
  requireCommunityModerator,
  requireCommunityOwner,
  setCommunityImage,
  topCommunities,
  unbanFromCommunity,
  updateCommunity,
} from '../../domain/kraken';
import '../../http/app-state';

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
    const ranked = topCommunities(state);
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
    v5Community(state, communityNamed(state, params.community_id!)),
  );

  registerKrakenRoute(
    app,
    { method: 'PUT', path: '/kraken/communities/:community_id', auth: 'user', scopes: ['communities_edit'] },
    ({ params, user, body: rawBody }) => {
      const community = communityNamed(state, params.community_id!);
      requireCommunityOwner(community, user);
      const body = v5Body(rawBody);
      const summary = optionalText(body, 'summary', COMMUNITY_SUMMARY_MAX);
      const description = optionalText(body, 'description', COMMUNITY_TEXT_MAX);
      const rules = optionalText(body, 'rules', COMMUNITY_TEXT_MAX);
      const email = optionalText(body, 'email', 254);
      if (email !== undefined && email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidParameter('email', 'must be an email address');
      updateCommunity(community, { summary, description, rules, email });
      return undefined;
    },
  );

  registerKrakenRoute(
    app,
    { method: 'GET', path: '/kraken/communities/:community_id/bans', auth: 'user', scopes: ['communities_moderate'] },
    ({ params, user, query }) => {
      const community = communityNamed(state, params.community_id!);
      requireCommunityModerator(community, user);
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
      const community = communityNamed(state, params.community_id!);
      requireCommunityModerator(community, user);
      banFromCommunity(community, bannedUser(state, params.user_id!), now);
      return undefined;
    },
  );

  registerKrakenRoute(
    app,
    { method: 'DELETE', path: '/kraken/communities/:community_id/bans/:user_id', auth: 'user', scopes: ['communities_moderate'] },
    ({ params, user }) => {
      const community = communityNamed(state, params.community_id!);
      requireCommunityModerator(community, user);
      unbanFromCommunity(community, bannedUser(state, params.user_id!));
      return undefined;
    },
  );

  for (const kind of ['avatar', 'cover'] as const) {
    const size = COMMUNITY_IMAGE_SIZES[kind];
    registerKrakenRoute(
      app,
      { method: 'POST', path: `/kraken/communities/:community_id/images/${kind}`, auth: 'user', scopes: ['communities_edit'] },
      ({ params, user, body: rawBody }) => {
        const community = communityNamed(state, params.community_id!);
        requireCommunityOwner(community, user);
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
        setCommunityImage(community, kind, { bytes, ...info });
        return undefined;
      },
    );

    registerKrakenRoute(
      app,
      { method: 'DELETE', path: `/kraken/communities/:community_id/images/${kind}`, auth: 'user', scopes: ['communities_edit'] },
      ({ params, user }) => {
        const community = communityNamed(state, params.community_id!);
        requireCommunityOwner(community, user);
        removeCommunityImage(community, kind);
        return undefined;
      },
    );
  }

  registerKrakenRoute(
    app,
    { method: 'GET', path: '/kraken/communities/:community_id/moderators', auth: 'user', scopes: ['communities_edit'] },
    ({ params }) => {
      const community = communityNamed(state, params.community_id!);
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
