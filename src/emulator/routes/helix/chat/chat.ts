/**
 * Spec 4.8 Chat: chatters, emotes (channel, global, sets) and badges (channel, global), plus the
 * emote and badge images the responses point at. Chat settings are in `chat-settings.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, invalidParameter, notFound, unauthorized } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { userFields } from '../../../http/views/helix-shapes';
import { badgeImageUrls, BADGE_PIXELS, GLOBAL_BADGES } from '../../../catalogue/badges';
import {
  EMOTE_PIXELS,
  EMOTE_SCALES,
  EMOTE_THEME_MODES,
  emoteImages,
  emoteUrlTemplate,
  GLOBAL_EMOTE_OWNER_ID,
  GLOBAL_EMOTE_SET_ID,
  GLOBAL_EMOTES,
  type GlobalEmote,
} from '../../../catalogue/emotes';
import type { BadgeSet, ChannelEmote } from '../../../domain/chat';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/users';
import { sendSvg } from '../../static/placeholder-images';
import '../../../http/app-state';

const MAX_CHATTERS_PAGE = 1000;
const DEFAULT_CHATTERS_PAGE = 100;
const MAX_EMOTE_SETS = 25;

export const MODERATOR_ID_MISMATCH = "The ID in moderator_id must match the user ID found in the request's OAuth token.";
export const NOT_A_MODERATOR = "The user in moderator_id is not one of the broadcaster's moderators.";

/** The user named by a required `broadcaster_id`; an unknown ID is an invalid parameter (400). */
export function requireBroadcaster(state: EmulatorState, broadcasterId: string): User {
  const user = state.users.get(broadcasterId);
  if (!user) throw invalidParameter('broadcaster_id', 'no user has this ID');
  return user;
}

export function registerChatRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'GET', path: '/chat/chatters', auth: 'user', scopes: ['moderator:read:chatters'] },
    ({ state, query, user }) => {
      const broadcasterId = query.required('broadcaster_id');
      const moderatorId = query.required('moderator_id');
      readFirst(query, { defaultFirst: DEFAULT_CHATTERS_PAGE, maxFirst: MAX_CHATTERS_PAGE });
      if (moderatorId !== user.id) throw unauthorized(MODERATOR_ID_MISMATCH);
      requireBroadcaster(state, broadcasterId);
      if (!state.moderators.canModerate(broadcasterId, moderatorId)) throw forbidden(NOT_A_MODERATOR);

      const chatters = state.chat.chatters(broadcasterId);
      const page = cursorPage(chatters, query, { defaultFirst: DEFAULT_CHATTERS_PAGE, maxFirst: MAX_CHATTERS_PAGE, before: 'ignored' });
      return {
        data: page.items.map((id) => userFields(state, 'user', id)),
        pagination: page.pagination,
        total: chatters.length,
      };
    },
  );

  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes', auth: 'any' }, ({ state, query }) => {
    const broadcaster = requireBroadcaster(state, query.required('broadcaster_id'));
    return {
      data: state.chat.channelEmotes(broadcaster.id).map((emote) => channelEmote(state, emote)),
      template: emoteUrlTemplate(state.baseUrl),
    };
  });

  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes/global', auth: 'any' }, ({ state }) => ({
    data: GLOBAL_EMOTES.map((emote) => globalEmote(state, emote)),
    template: emoteUrlTemplate(state.baseUrl),
  }));

  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes/set', auth: 'any' }, ({ state, query }) => {
    const requested = query.all('emote_set_id').filter((id) => id !== '');
    if (requested.length === 0) throw badRequest('Missing required parameter "emote_set_id"');
    if (query.all('emote_set_id').length > MAX_EMOTE_SETS) {
      throw badRequest(`The number of "emote_set_id" parameters must not exceed ${MAX_EMOTE_SETS}`);
    }
    const data: ReturnType<typeof setEmote>[] = [];
    for (const setId of new Set(requested)) data.push(...emotesOfSet(state, setId));
    return { data, template: emoteUrlTemplate(state.baseUrl) };
  });

  registerHelixRoute(app, { method: 'GET', path: '/chat/badges', auth: 'any' }, ({ state, query }) => {
    const broadcaster = requireBroadcaster(state, query.required('broadcaster_id'));
    return { data: badgeSets(state, state.chat.channelBadges(broadcaster.id)) };
  });

  registerHelixRoute(app, { method: 'GET', path: '/chat/badges/global', auth: 'any' }, ({ state }) => ({
    data: badgeSets(state, GLOBAL_BADGES),
  }));

  const state = app.emulatorState;

  app.get<{ Params: { id: string; format: string; theme: string; scale: string } }>(
    '/static/emoticons/v2/:id/:format/:theme/:scale',
    (request, reply) => {
      const { id, format, theme, scale } = request.params;
      const pixels = EMOTE_PIXELS[scale];
      if (!['static', 'animated', 'default'].includes(format) || !(EMOTE_THEME_MODES as readonly string[]).includes(theme) || pixels === undefined) {
        throw notFound('Unknown emote image');
      }
      return sendSvg(reply, pixels, pixels, emoteName(state, id) ?? id, id);
    },
  );

  app.get<{ Params: { id: string; size: string } }>('/static/badges/v1/:id/:size', (request, reply) => {
    const pixels = BADGE_PIXELS[request.params.size];
    if (pixels === undefined) throw notFound('Unknown badge image');
    return sendSvg(reply, pixels, pixels, badgeTitle(state, request.params.id) ?? 'badge', request.params.id);
  });
}

const emoteVariants = (format: readonly string[]) => ({
  format: [...format],
  scale: [...EMOTE_SCALES],
  theme_mode: [...EMOTE_THEME_MODES],
});

export function channelEmote(state: EmulatorState, emote: ChannelEmote) {
  return {
    id: emote.id,
    name: emote.name,
    images: emoteImages(state.baseUrl, emote.id),
    tier: emote.tier,
    emote_type: emote.emoteType,
    emote_set_id: emote.emoteSetId,
    ...emoteVariants(emote.format),
  };
}

function globalEmote(state: EmulatorState, emote: GlobalEmote) {
  return { id: emote.id, name: emote.name, images: emoteImages(state.baseUrl, emote.id), ...emoteVariants(emote.format) };
}

function setEmote(state: EmulatorState, emote: { id: string; name: string; format: readonly string[] }, emoteType: string, setId: string, ownerId: string) {
  return {
    id: emote.id,
    name: emote.name,
    images: emoteImages(state.baseUrl, emote.id),
    emote_type: emoteType,
    emote_set_id: setId,
    owner_id: ownerId,
    ...emoteVariants(emote.format),
  };
}

function emotesOfSet(state: EmulatorState, setId: string): ReturnType<typeof setEmote>[] {
  if (setId === GLOBAL_EMOTE_SET_ID) {
    return GLOBAL_EMOTES.map((emote) => setEmote(state, emote, 'globals', setId, GLOBAL_EMOTE_OWNER_ID));
  }
  const found: ReturnType<typeof setEmote>[] = [];
  for (const { ownerId, emote } of state.chat.allChannelEmotes()) {
    if (emote.emoteSetId === setId) found.push(setEmote(state, emote, emote.emoteType, setId, ownerId));
  }
  return found;
}

function emoteName(state: EmulatorState, id: string): string | undefined {
  const global = GLOBAL_EMOTES.find((e) => e.id === id);
  if (global) return global.name;
  for (const { emote } of state.chat.allChannelEmotes()) if (emote.id === id) return emote.name;
  return undefined;
}

function badgeTitle(state: EmulatorState, imageId: string): string | undefined {
  const sets = [...GLOBAL_BADGES, ...state.users.list().flatMap((u) => state.chat.channelBadges(u.id))];
  for (const set of sets) {
    const version = set.versions.find((v) => v.imageId === imageId);
    if (version) return version.title;
  }
  return undefined;
}

/** Numeric IDs in numeric order, others by code point: "1" < "2" < "10" < "a". */
function compareIds(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  if (numeric.test(a) !== numeric.test(b)) return numeric.test(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function badgeSets(state: EmulatorState, sets: readonly BadgeSet[]) {
  return [...sets]
    .sort((a, b) => (a.setId < b.setId ? -1 : a.setId > b.setId ? 1 : 0))
    .map((set) => ({
      set_id: set.setId,
      versions: [...set.versions]
        .sort((a, b) => compareIds(a.id, b.id))
        .map((v) => ({
          id: v.id,
          ...badgeImageUrls(state.baseUrl, v.imageId),
          title: v.title,
          description: v.description,
          click_action: v.clickAction,
          click_url: v.clickUrl,
        })),
    }));
}
