/** Spec 4.10 Search: Search Categories and Search Channels (forward paging only); the matching is in `domain/search.ts`. */
import type { FastifyInstance } from 'fastify';
import { missingParameter } from '../../../domain/api-error';
import { searchCategories, searchChannels } from '../../../domain/search';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import { categoryResult, channelSearchResult } from '../../../http/views/games';

function readQuery(query: RequestParams): string {
  const value = query.one('query');
  if (value === undefined || value.trim() === '') throw missingParameter('query');
  return value.trim().toLowerCase();
}

export function registerSearchRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/search/categories', auth: 'any' }, ({ state, query }) => {
    const page = cursorPage(searchCategories(state, readQuery(query)), query, { before: 'ignored' });
    return { data: page.items.map((g) => categoryResult(state, g)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'GET', path: '/search/channels', auth: 'any' }, ({ state, query, now }) => {
    const needle = readQuery(query);
    const liveOnly = query.boolean('live_only', false);
    const page = cursorPage(searchChannels(state, needle, liveOnly, now), query, { before: 'ignored' });
    return { data: page.items.map((c) => channelSearchResult(state, c)), pagination: page.pagination };
  });
}
