/** Spec 4.11 Streams: Get Streams and Get Streams Metadata (the stream key is in routes/streams.ts). */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalidParameter } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import { helixStream } from '../../../http/views/helix-shapes';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { Stream } from '../../../domain/streams';

/** Spec 8: up to 100 each of game_id, user_id, user_login, language. */
const MAX_FILTER_VALUES = 100;
const LANGUAGE = /^([a-z]{2}|other)$/;
const OVERWATCH = '488552';
const HEARTHSTONE = '138585';

/** The live streams Get Streams' filters select, most viewers first. */
function selectStreams(state: EmulatorState, query: RequestParams): Stream[] {
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

  return state.streams
    .list()
    .filter((stream) => {
      if (gameIds.size > 0 && !gameIds.has(stream.gameId)) return false;
      if (languages.length > 0 && !languages.includes(stream.language)) return false;
      // user_id and user_login together name one set of users.
      if (userIds.size > 0 || userLogins.size > 0) {
        const login = state.users.get(stream.userId)?.login ?? '';
        if (!userIds.has(stream.userId) && !userLogins.has(login)) return false;
      }
      return true;
    })
    .sort((a, b) => b.viewerCount - a.viewerCount || a.startedAt - b.startedAt || a.id.localeCompare(b.id));
}

const OVERWATCH_HEROES = [
  { role: 'Tank', name: 'Reinhardt', ability: 'Rocket Hammer' },
  { role: 'Damage', name: 'Tracer', ability: 'Blink' },
  { role: 'Damage', name: 'Soldier: 76', ability: 'Heavy Pulse Rifle' },
  { role: 'Support', name: 'Mercy', ability: 'Resurrect' },
  { role: 'Support', name: 'Ana', ability: 'Sleep Dart' },
] as const;

const HEARTHSTONE_HEROES = [
  { type: 'Classic hero', class: 'Mage', name: 'Jaina Proudmoore' },
  { type: 'Classic hero', class: 'Warrior', name: 'Garrosh Hellscream' },
  { type: 'Classic hero', class: 'Priest', name: 'Anduin Wrynn' },
  { type: 'Classic hero', class: 'Rogue', name: 'Valeera Sanguinar' },
  { type: 'Classic hero', class: 'Druid', name: 'Malfurion Stormrage' },
] as const;

/** A stable pick per stream, so the simulated game state does not flicker between calls. */
function pick<T>(list: readonly T[], seed: string): T {
  return list[createHash('sha1').update(seed).digest()[0]! % list.length]!;
}

function streamMetadata(state: EmulatorState, stream: Stream) {
  const user = state.users.get(stream.userId);
  const isOverwatch = stream.gameId === OVERWATCH;
  const isHearthstone = stream.gameId === HEARTHSTONE;
  return {
    user_id: stream.userId,
    user_name: user?.displayName ?? '',
    game_id: isOverwatch || isHearthstone ? stream.gameId : null,
    overwatch: isOverwatch ? { broadcaster: { hero: { ...pick(OVERWATCH_HEROES, stream.id) } } } : null,
    hearthstone: isHearthstone
      ? {
          broadcaster: { hero: { ...pick(HEARTHSTONE_HEROES, `${stream.id}:broadcaster`) } },
          opponent: { hero: { ...pick(HEARTHSTONE_HEROES, `${stream.id}:opponent`) } },
        }
      : null,
  };
}

export function registerStreamListingRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/streams', auth: 'any' }, ({ state, query }) => {
    const page = cursorPage(selectStreams(state, query), query);
    return { data: page.items.map((s) => helixStream(state, s)), pagination: page.pagination };
  });

  registerHelixRoute(app, { method: 'GET', path: '/streams/metadata', auth: 'any' }, ({ state, query, reply, now }) => {
    const bucket = state.streams.metadataRateLimiter.take('global', 1, now);
    reply.header('Ratelimit-Helixstreamsmetadata-Limit', String(bucket.limit));
    reply.header('Ratelimit-Helixstreamsmetadata-Remaining', String(bucket.remaining));
    if (!bucket.allowed) throw new ApiError(429, 'Too Many Requests: the streams metadata rate limit is exhausted');
    const page = cursorPage(selectStreams(state, query), query);
    return { data: page.items.map((s) => streamMetadata(state, s)), pagination: page.pagination };
  });
}
