/** Spec 4.11 Streams: Get Streams and Get Streams Metadata (the stream key is in `stream-key.ts`). */
import type { FastifyInstance } from 'fastify';
import { ApiError, invalidParameter } from '../../../domain/api-error';
import { selectStreams, type StreamFilter } from '../../../domain/streams';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import { helixStream, streamMetadataView } from '../../../http/views/streams';

/** Spec 8: up to 100 each of game_id, user_id, user_login, language. */
const MAX_FILTER_VALUES = 100;
const LANGUAGE = /^([a-z]{2}|other)$/;

/** Get Streams' filters. */
function readStreamFilter(query: RequestParams): StreamFilter {
  const filter = (name: string): string[] => {
    const values = query.all(name);
    if (values.length > MAX_FILTER_VALUES) throw invalidParameter(name, `may be given at most ${MAX_FILTER_VALUES} times`);
    if (values.some((v) => v === '')) throw invalidParameter(name, 'must not be empty');
    return values;
  };
  const gameIds = new Set(filter('game_id'));
  const userIds = new Set(filter('user_id'));
  const userLogins = new Set(filter('user_login').map((l) => l.toLowerCase()));
  const languages = filter('language');
  for (const language of languages) {
    if (!LANGUAGE.test(language)) throw invalidParameter('language', 'must be an ISO 639-1 code or "other"');
  }
  const type = query.one('type');
  if (type !== undefined && type !== '' && type !== 'all' && type !== 'live') throw invalidParameter('type', 'must be all or live');
  return { gameIds, userIds, userLogins, languages };
}

export function registerStreamListingRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/streams', auth: 'any' }, ({ state, query }) => {
    const page = cursorPage(selectStreams(state, readStreamFilter(query)), query);
    return { data: page.items.map((s) => helixStream(state, s)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'GET', path: '/streams/metadata', auth: 'any' }, ({ state, query, reply, now }) => {
    const bucket = state.streams.metadataRateLimiter.take('global', 1, now);
    reply.header('Ratelimit-Helixstreamsmetadata-Limit', String(bucket.limit));
    reply.header('Ratelimit-Helixstreamsmetadata-Remaining', String(bucket.remaining));
    if (!bucket.allowed) throw new ApiError(429, 'Too Many Requests: the streams metadata rate limit is exhausted');
    const page = cursorPage(selectStreams(state, readStreamFilter(query)), query);
    return { data: page.items.map((s) => streamMetadataView(state, s)), pagination: page.pagination };
  });
}
