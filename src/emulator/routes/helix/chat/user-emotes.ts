/**
 * Get User Emotes (spec part 4 names it only; shape from the platform's reference): the global
 * emotes, the emote sets granted to the user (simulation API), the user's own channel emotes, and,
 * with `broadcaster_id`, that channel's follower emotes when the user follows it.
 */
import type { FastifyInstance } from 'fastify';
import { EMOTE_SCALES, EMOTE_THEME_MODES, emoteUrlTemplate, GLOBAL_EMOTE_OWNER_ID, GLOBAL_EMOTE_SET_ID, GLOBAL_EMOTES } from '../../../catalogue/emotes';
import { invalidParameter, unauthorized } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { RequestParams } from '../../../http/request-params';
import { USER_ID_MISMATCH } from '../streams/followed-streams';

/** Emotes per page (the endpoint has no `first`). */
export const USER_EMOTES_PAGE = 100;

interface UserEmote {
  id: string;
  name: string;
  emote_type: string;
  emote_set_id: string;
  owner_id: string;
  format: string[];
  scale: string[];
  theme_mode: string[];
}

export function registerUserEmoteRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/chat/emotes/user', auth: 'user', scopes: ['user:read:emotes'] }, ({ state, query, user }) => {
    const userId = query.required('user_id');
    if (userId !== user.id) throw unauthorized(USER_ID_MISMATCH);
    const broadcasterId = query.one('broadcaster_id');
    if (broadcasterId !== undefined && broadcasterId !== '' && !state.users.get(broadcasterId)) throw invalidParameter('broadcaster_id', 'no user has this ID');

    const variants = (format: readonly string[]) => ({ format: [...format], scale: [...EMOTE_SCALES], theme_mode: [...EMOTE_THEME_MODES] });
    const emotes: UserEmote[] = GLOBAL_EMOTES.map((e) => ({ id: e.id, name: e.name, emote_type: 'globals', emote_set_id: GLOBAL_EMOTE_SET_ID, owner_id: GLOBAL_EMOTE_OWNER_ID, ...variants(e.format) }));
    const granted = new Set(state.userEmoteSets.sets(user.id));
    const followsBroadcaster = broadcasterId !== undefined && state.follows.get(user.id, broadcasterId) !== undefined;
    for (const { ownerId, emote } of state.chat.allChannelEmotes()) {
      const included =
        ownerId === user.id || granted.has(emote.emoteSetId) || (emote.emoteType === 'follower' && ownerId === broadcasterId && followsBroadcaster);
      if (included) emotes.push({ id: emote.id, name: emote.name, emote_type: emote.emoteType, emote_set_id: emote.emoteSetId, owner_id: ownerId, ...variants(emote.format) });
    }
    // Only `after` pages; the page size is fixed.
    const page = cursorPage(emotes, new RequestParams({ after: query.one('after') }), { defaultFirst: USER_EMOTES_PAGE, maxFirst: USER_EMOTES_PAGE, before: 'ignored' });
    return { data: page.items, template: emoteUrlTemplate(state.baseUrl), pagination: page.pagination };
  });
}
