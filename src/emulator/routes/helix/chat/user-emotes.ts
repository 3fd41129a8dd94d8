/**
 * Get User Emotes (spec part 4 names it only; shape from the platform's reference): the global
 * emotes, then the channel emotes the user may use (`domain/chat.ts`: their own, the sets granted
 * to them, and with `broadcaster_id` that channel's follower emotes when the user follows it).
 */
import type { FastifyInstance } from 'fastify';
import { emoteUrlTemplate, GLOBAL_EMOTE_OWNER_ID, GLOBAL_EMOTE_SET_ID, GLOBAL_EMOTES } from '../../../catalogue/emotes';
import { invalidParameter, unauthorized } from '../../../domain/api-error';
import { usableChannelEmotes } from '../../../domain/chat';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { RequestParams } from '../../../http/request-params';
import { USER_ID_MISMATCH } from '../../../http/token-user';
import { userEmoteView } from '../../../http/views/chat';

/** Emotes per page (the endpoint has no `first`). */
export const USER_EMOTES_PAGE = 100;

export function registerUserEmoteRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes/user', auth: 'user', scopes: ['user:read:emotes'] }, ({ state, query, user }) => {
    const userId = query.required('user_id');
    if (userId !== user.id) throw unauthorized(USER_ID_MISMATCH);
    const broadcasterId = query.one('broadcaster_id');
    if (broadcasterId !== undefined && broadcasterId !== '' && !state.users.get(broadcasterId)) throw invalidParameter('broadcaster_id', 'no user has this ID');

    const emotes = [
      ...GLOBAL_EMOTES.map((e) => userEmoteView(e, 'globals', GLOBAL_EMOTE_SET_ID, GLOBAL_EMOTE_OWNER_ID)),
      ...usableChannelEmotes(state, user.id, broadcasterId).map(({ ownerId, emote }) => userEmoteView(emote, emote.emoteType, emote.emoteSetId, ownerId)),
    ];
    // Only `after` pages; the page size is fixed.
    const page = cursorPage(emotes, new RequestParams({ after: query.one('after') }), { defaultFirst: USER_EMOTES_PAGE, maxFirst: USER_EMOTES_PAGE, before: 'ignored' });
    return { data: page.items, template: emoteUrlTemplate(state.baseUrl), pagination: page.pagination };
  });
}
