/** Categories' rules (spec 4.12): the most watched first, by the viewers of their live streams. */
import type { Game } from '../catalogue/games';
import type { EmulatorState } from './emulator-state';

/** The catalogue by current viewers (sum over live streams), most watched first; ties keep catalogue order. */
export function gamesByViewers(state: EmulatorState): Game[] {
  const viewers = new Map<string, number>();
  for (const stream of state.streams.list()) {
    if (stream.gameId !== '') viewers.set(stream.gameId, (viewers.get(stream.gameId) ?? 0) + stream.viewerCount);
  }
  return state.catalogue.games
    .map((game, order) => ({ game, order, viewers: viewers.get(game.id) ?? 0 }))
    .sort((a, b) => b.viewers - a.viewers || a.order - b.order)
    .map((entry) => entry.game);
}
