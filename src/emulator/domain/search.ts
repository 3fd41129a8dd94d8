/**
 * Search's rules (spec 4.10): categories and channels that match a query, best match first (exact,
 * prefix, a word's start, contained); only channels live now or in the past 6 months are found.
 */
import type { Game } from '../catalogue/games';
import type { EmulatorState } from './emulator-state';
import type { Channel } from './stores/channels';

/** Spec 4.10: only channels that streamed in the past 6 months are found. */
export const SEARCH_CHANNELS_MONTHS = 6;

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contained; null when it does not match. `needle` is in lower case. */
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

/** Categories whose name matches `needle` (lower case), best match first, then in catalogue order. */
export function searchCategories(state: EmulatorState, needle: string): Game[] {
  return state.catalogue.games
    .map((game, order) => ({ game, order, rank: matchRank(game.name, needle) }))
    .filter((entry): entry is typeof entry & { rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((entry) => entry.game);
}

/** Channels whose login, name, title or description matches `needle` (lower case). */
export function searchChannels(state: EmulatorState, needle: string, liveOnly: boolean, now: number): Channel[] {
  const since = monthsBefore(now, SEARCH_CHANNELS_MONTHS);
  return state.channels
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
}
