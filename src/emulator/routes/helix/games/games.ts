/** Spec 4.12 Games: Get Top Games and Get Games. */
import type { FastifyInstance } from 'fastify';
import type { Game } from '../../../catalogue/games';
import { badRequest, invalidParameter } from '../../../domain/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { gamesByViewers } from '../../../domain/games';
import { helixGame } from '../../../http/views/games';

const MAX_LOOKUPS = 100;

export function registerGameRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/games/top', auth: 'any' }, ({ state, query }) => {
    // Reported behavior (spec 4.12): `before` answers the first page instead of the previous one.
    const page = cursorPage(gamesByViewers(state), query, { before: 'first-page' });
    return { data: page.items.map((g) => helixGame(state, g)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'GET', path: '/games', auth: 'any' }, ({ state, query }) => {
    const ids = query.all('id');
    const names = query.all('name');
    const igdbIds = query.all('igdb_id');
    if (ids.length + names.length + igdbIds.length === 0) throw badRequest('The request must specify the id or name or igdb_id query parameter');
    if (ids.length + names.length + igdbIds.length > MAX_LOOKUPS) {
      throw badRequest(`The combined number of game IDs (id and igdb_id) and game names must not exceed ${MAX_LOOKUPS}`);
    }
    for (const [name, values] of [['id', ids], ['name', names], ['igdb_id', igdbIds]] as const) {
      if (values.some((v) => v === '')) throw invalidParameter(name, 'must not be empty');
    }

    const found = new Map<string, Game>();
    const games = state.catalogue.games;
    for (const id of ids) {
      const game = games.find((g) => g.id === id);
      if (game) found.set(game.id, game);
    }
    for (const name of names) {
      const wanted = name.toLowerCase();
      const game = games.find((g) => g.name.toLowerCase() === wanted);
      if (game) found.set(game.id, game);
    }
    for (const igdbId of igdbIds) {
      const game = games.find((g) => g.igdbId !== '' && g.igdbId === igdbId);
      if (game) found.set(game.id, game);
    }
    return { data: [...found.values()].map((g) => helixGame(state, g)) };
  });
}
