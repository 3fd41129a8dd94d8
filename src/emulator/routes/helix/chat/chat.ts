/**
 * Spec 4.8 Chat: chatters, emotes (channel, global, sets) and badges (channel, global). Chat
 * settings, messages, user emotes and shoutouts have files of their own beside this one; the
 * emote and badge images are in `routes/static/placeholder-images.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { GLOBAL_BADGES } from '../../../catalogue/badges';
import { emoteUrlTemplate, GLOBAL_EMOTE_OWNER_ID, GLOBAL_EMOTE_SET_ID, GLOBAL_EMOTES } from '../../../catalogue/emotes';
import { badRequest, unauthorized } from '../../../domain/api-error';
import type { EmulatorState } from '../../../domain/emulator-state';
import { requireModerator } from '../../../domain/moderation';
import { cursorPage, readFirst } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireBroadcaster } from '../../../http/request-users';
import { MODERATOR_ID_MISMATCH } from '../../../http/token-user';
import { badgeSetsView, channelEmoteView, globalEmoteView, setEmoteView } from '../../../http/views/chat';
import { userFields } from '../../../http/views/user-fields';

const MAX_CHATTERS_PAGE = 1000;
const DEFAULT_CHATTERS_PAGE = 100;
const MAX_EMOTE_SETS = 25;

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
      requireModerator(state, broadcasterId, moderatorId);

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
      data: state.chat.channelEmotes(broadcaster.id).map((emote) => channelEmoteView(state, emote)),
      template: emoteUrlTemplate(state.baseUrl),
    };
  });

  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes/global', auth: 'any' }, ({ state }) => ({
    data: GLOBAL_EMOTES.map((emote) => globalEmoteView(state, emote)),
    template: emoteUrlTemplate(state.baseUrl),
  }));

  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes/set', auth: 'any' }, ({ state, query }) => {
    const requested = query.all('emote_set_id').filter((id) => id !== '');
    if (requested.length === 0) throw badRequest('Missing required parameter "emote_set_id"');
    if (query.all('emote_set_id').length > MAX_EMOTE_SETS) {
      throw badRequest(`The number of "emote_set_id" parameters must not exceed ${MAX_EMOTE_SETS}`);
    }
    const data: ReturnType<typeof setEmoteView>[] = [];
    for (const setId of new Set(requested)) data.push(...emotesOfSet(state, setId));
    return { data, template: emoteUrlTemplate(state.baseUrl) };
  });

  registerHelixRoute(app, { method: 'GET', path: '/chat/badges', auth: 'any' }, ({ state, query }) => {
    const broadcaster = requireBroadcaster(state, query.required('broadcaster_id'));
    return { data: badgeSetsView(state, state.chat.channelBadges(broadcaster.id)) };
  });

  registerHelixRoute(app, { method: 'GET', path: '/chat/badges/global', auth: 'any' }, ({ state }) => ({
    data: badgeSetsView(state, GLOBAL_BADGES),
  }));
}

function emotesOfSet(state: EmulatorState, setId: string): ReturnType<typeof setEmoteView>[] {
  if (setId === GLOBAL_EMOTE_SET_ID) {
    return GLOBAL_EMOTES.map((emote) => setEmoteView(state, emote, 'globals', setId, GLOBAL_EMOTE_OWNER_ID));
  }
  const found: ReturnType<typeof setEmoteView>[] = [];
  for (const { ownerId, emote } of state.chat.allChannelEmotes()) {
    if (emote.emoteSetId === setId) found.push(setEmoteView(state, emote, emote.emoteType, setId, ownerId));
  }
  return found;
}
