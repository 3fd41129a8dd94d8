/**
 * Clips (spec part 4 names them only; shapes from the platform's reference): Create Clip (202, a
 * live channel only) and Get Clips; the rules (processing time, selection): `domain/clips.ts`. The
 * clip's page and its edit page are in `routes/static/pages.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter } from '../../../domain/api-error';
import { createClip, selectClips, type ClipSelection } from '../../../domain/clips';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import { clipEditUrl, clipView } from '../../../http/views/clips';

const MAX_IDS = 100;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function registerClipRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'POST', path: '/clips', auth: 'user', scopes: ['clips:edit'] }, ({ state, user, query, reply, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    const hasDelay = query.boolean('has_delay', false);
    const broadcaster = state.users.get(broadcasterId);
    if (!broadcaster) throw invalidParameter('broadcaster_id', 'no user has this ID');
    const clip = createClip(state, broadcaster, user, hasDelay, now);
    reply.code(202);
    return { data: [{ id: clip.id, edit_url: clipEditUrl(state, clip.id) }] };
  });

  registerHelixRoute(app, { method: 'GET', path: '/clips', auth: 'any' }, ({ state, query, now }) => {
    const filters = (['broadcaster_id', 'game_id', 'id'] as const).filter((name) => query.all(name).some((v) => v !== ''));
    if (filters.length === 0) throw badRequest('Missing required parameter "broadcaster_id", "game_id" or "id"');
    if (filters.length > 1) throw badRequest('Use only one of the parameters "broadcaster_id", "game_id" and "id"');
    const wanted = query.all('id').filter((id) => id !== '');
    if (wanted.length > MAX_IDS) throw invalidParameter('id', `at most ${MAX_IDS} IDs`);
    const startedAt = timeParam(query, 'started_at');
    const endedAt = timeParam(query, 'ended_at') ?? (startedAt === undefined ? undefined : startedAt + WEEK_MS);
    const featured = (query.one('is_featured') ?? '') === '' ? undefined : query.boolean('is_featured', false);
    const by: ClipSelection['by'] =
      filters[0] === 'id' ? { ids: wanted } : filters[0] === 'game_id' ? { gameId: query.one('game_id') ?? '' } : { broadcasterId: query.one('broadcaster_id') ?? '' };

    const clips = selectClips(state, { by, startedAt, endedAt, featured }, now);
    if (filters[0] === 'id') return { data: clips.map((c) => clipView(state, c)), pagination: {} };
    const page = cursorPage(clips, query, { defaultFirst: 20, maxFirst: 100 });
    return { data: page.items.map((c) => clipView(state, c)), pagination: page.pagination };
  });
}

function timeParam(query: RequestParams, name: string): number | undefined {
  const raw = query.one(name);
  if (raw === undefined || raw === '') return undefined;
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(ms)) throw invalidParameter(name, 'must be an RFC 3339 timestamp');
  return ms;
}
