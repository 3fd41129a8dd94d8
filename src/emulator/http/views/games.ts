/** Categories and channel search results in the current API's shapes (spec 4.10, 4.12). */
import { toRfc3339 } from '../../clock';
import type { Game } from '../../catalogue/games';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Channel } from '../../domain/stores/channels';

export interface HelixGame {
  id: string;
  name: string;
  box_art_url: string;
  igdb_id: string;
}

export function boxArtUrl(state: EmulatorState, gameId: string): string {
  return `${state.baseUrl}/static/box-art/${gameId}-{width}x{height}.jpg`;
}

export function helixGame(state: EmulatorState, game: Game): HelixGame {
  return { id: game.id, name: game.name, box_art_url: boxArtUrl(state, game.id), igdb_id: game.igdbId };
}

/** A category as Search Categories lists it. */
export function categoryResult(state: EmulatorState, game: Game) {
  return { box_art_url: boxArtUrl(state, game.id), name: game.name, id: game.id };
}

/** A channel as Search Channels lists it. */
export function channelSearchResult(state: EmulatorState, channel: Channel) {
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
