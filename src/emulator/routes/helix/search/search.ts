/** Spec 4.10 Search: Search Categories and Search Channels (forward paging only). */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { missingParameter } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import type { Channel } from '../../../domain/channels';
import type { EmulatorState } from '../../../domain/emulator-state';
import { boxArtUrl } from '../games/games';

/** Spec 4.10: only channels that streamed in the past 6 months are found. */
export const SEARCH_CHANNELS_MONTHS = 6;

function readQuery(query: RequestParams): string {
  const value = query.one('query');
  if (value === undefined || value.trim() === '') throw missingParameter('query');
  return value.trim().toLowerCase();
}

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contained; null when it does not match. */
function matchRank(text: string, needle: string): number | null {
  const haystack = text.toLowerCase();
  if (haystack === needle) return 0;
  if (haystack.startsWith(needle)) return 1;
  const at = haystack.indexOf(needle);
  if (at < 0) return null;
  return /[\s\p{P}]/u.test(haystack[at - 1] ?? '') ? 2 : 3;
}

function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.getTime();
}

function helixChannelResult(state: EmulatorState, channel: Channel) {
  const user = state.users.get(channel.broadcasterId);
  const live = state.streams.get(channel.broadcasterId);
  return {
    broadcaster_language: channel.language,
    broadcaster_login: user?.login ?? '',
    display_name: user?.displayName ?? '',
    game_id: channel.gameId,
    game_name: state.game(channel.gameId)?.name ?? '',
    id: channel.broadcasterId,
    is_live: live !== undefined,
    tag_ids: [] as string[],
    tags: [...channel.tags],
    thumbnail_url: user?.profileImageUrl ?? '',
    title: channel.title,
    started_at: live ? toRfc3339(live.startedAt) : '',
  };
}

export function registerSearchRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/search/categories', auth: 'any' }, ({ state, query }) => {
    const needle = readQuery(query);
    const found = state.catalogue.games
      .map((game, order) => ({ game, order, rank: matchRank(game.name, needle) }))
      .filter((entry): entry is typeof entry & { rank: number } => entry.rank !== null)
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map((entry) => entry.game);
    const page = cursorPage(found, query, { before: 'ignored' });
    return {
      data: page.items.map((g) => ({ box_art_url: boxArtUrl(state, g.id), name: g.name, id: g.id })),
      pagination: page.pagination,
    };
  });

  registerHelixRoute(app, { method: 'GET', path: '/search/channels', auth: 'any' }, ({ state, query, now }) => {
    const needle = readQuery(query);
    const liveOnly = query.boolean('live_only', false);
    const since = monthsBefore(now, SEARCH_CHANNELS_MONTHS);
    const found = state.channels
      .list()
      .map((channel) => {
        const user = state.users.get(channel.broadcasterId);
        const live = state.streams.get(channel.broadcasterId);
        if (!user) return null;
        if (liveOnly && !live) return null;
        if (!live && (channel.lastStreamedAt === null || channel.lastStreamedAt < since)) return null;
        const ranks = [user.login, user.displayName, channel.title, user.description]
          .map((text) => matchRank(text, needle))
          .filter((r): r is number => r !== null);
        if (ranks.length === 0) return null;
        return { channel, rank: Math.min(...ranks), viewers: live?.viewerCount ?? -1, lastStreamedAt: channel.lastStreamedAt ?? 0 };
      })
      .filter((entry) => entry !== null)
      // Best match first; then live channels by viewers; then the most recently live.
      .sort((a, b) => a.rank - b.rank || b.viewers - a.viewers || b.lastStreamedAt - a.lastStreamedAt)
      .map((entry) => entry.channel);
    const page = cursorPage(found, query, { before: 'ignored' });
    return { data: page.items.map((c) => helixChannelResult(state, c)), pagination: page.pagination };
  });
}
