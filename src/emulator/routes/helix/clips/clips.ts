/**
 * Clips (spec part 4 names them only; shapes from the platform's reference): Create Clip (202, a
 * live channel only) and Get Clips. A new clip is processed for `CLIP_PROCESSING_SECONDS` on the
 * emulator clock before Get Clips lists it, as the platform advises callers to expect. The clip's
 * page and its edit page are small HTML pages served by the emulator.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { html, page, sendHtml } from '../../../http/html-page';
import { badRequest, invalidParameter, notFound } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import type { RequestParams } from '../../../http/request-params';
import type { Clip } from '../../../domain/clips';
import type { EmulatorState } from '../../../domain/emulator-state';

/** The platform: "If, after 15 seconds, Get Clips hasn't returned the clip, assume it failed." */
export const CLIP_PROCESSING_SECONDS = 15;
/** Length of a clip made by Create Clip. */
export const CLIP_SECONDS = 30;
/** With has_delay the capture starts a little earlier, for the delay between broadcaster and viewers. */
const CAPTURE_DELAY_SECONDS = 5;
export const NOT_LIVE_CLIP_MESSAGE = 'The broadcaster in the broadcaster_id query parameter must be broadcasting live.';
const MAX_IDS = 100;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function registerClipRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'POST', path: '/clips', auth: 'user', scopes: ['clips:edit'] }, ({ state, user, query, reply, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    const hasDelay = query.boolean('has_delay', false);
    const broadcaster = state.users.get(broadcasterId);
    if (!broadcaster) throw invalidParameter('broadcaster_id', 'no user has this ID');
    const stream = state.streams.get(broadcaster.id);
    if (!stream) throw notFound(NOT_LIVE_CLIP_MESSAGE);

    const elapsed = Math.floor((now - stream.startedAt) / 1000) - (hasDelay ? CAPTURE_DELAY_SECONDS : 0);
    const archive = state.videos.ensureArchive(stream);
    const clip = state.clips.create({
      broadcasterId: broadcaster.id,
      creatorId: user.id,
      videoId: archive?.id ?? '',
      gameId: stream.gameId,
      language: stream.language,
      title: stream.title,
      viewCount: 0,
      createdAt: now,
      duration: CLIP_SECONDS,
      vodOffset: archive ? Math.max(0, elapsed - CLIP_SECONDS) : null,
      isFeatured: false,
      availableAt: now + CLIP_PROCESSING_SECONDS * 1000,
    });
    reply.code(202);
    return { data: [{ id: clip.id, edit_url: editUrl(state, clip.id) }] };
  });

  registerHelixRoute(app, { method: 'GET', path: '/clips', auth: 'any' }, ({ state, query, now }) => {
    const filters = (['broadcaster_id', 'game_id', 'id'] as const).filter((name) => query.all(name).some((v) => v !== ''));
    if (filters.length === 0) throw badRequest('Missing required parameter "broadcaster_id", "game_id" or "id"');
    if (filters.length > 1) throw badRequest('Use only one of the parameters "broadcaster_id", "game_id" and "id"');
    const wanted = query.all('id').filter((id) => id !== '');
    if (wanted.length > MAX_IDS) throw invalidParameter('id', `at most ${MAX_IDS} IDs`);
    const broadcasterId = query.one('broadcaster_id');
    const gameId = query.one('game_id');
    const startedAt = timeParam(query, 'started_at');
    const endedAt = timeParam(query, 'ended_at') ?? (startedAt === undefined ? undefined : startedAt + WEEK_MS);
    const featured = (query.one('is_featured') ?? '') === '' ? undefined : query.boolean('is_featured', false);

    const clips = state.clips
      .available(now)
      .filter(
        (c) =>
          (filters[0] === 'id' ? wanted.includes(c.id) : filters[0] === 'game_id' ? c.gameId === gameId : c.broadcasterId === broadcasterId) &&
          (startedAt === undefined || c.createdAt >= startedAt) &&
          (endedAt === undefined || c.createdAt <= endedAt) &&
          (featured === undefined || c.isFeatured === featured),
      )
      .sort((a, b) => b.viewCount - a.viewCount || b.createdAt - a.createdAt);
    if (filters[0] === 'id') return { data: clips.map((c) => clipView(state, c)), pagination: {} };
    const pageOfClips = cursorPage(clips, query, { defaultFirst: 20, maxFirst: 100 });
    return { data: pageOfClips.items.map((c) => clipView(state, c)), pagination: pageOfClips.pagination };
  });

  const state = app.emulatorState;
  const clipPage = (id: string, editing: boolean) => {
    const clip = state.clips.get(id);
    if (!clip || clip.availableAt > state.clock.now()) return { status: 404, document: page('Clip not found', html`<h1>Clip not found</h1><p class="note">It may still be processing.</p>`) };
    const broadcaster = state.users.get(clip.broadcasterId);
    return {
      status: 200,
      document: page(
        clip.title || 'Clip',
        html`<h1>${editing ? 'Edit clip: ' : ''}${clip.title || 'Untitled clip'}</h1>
<p>${broadcaster?.displayName ?? clip.broadcasterId} &middot; ${clip.duration} s &middot; ${toRfc3339(clip.createdAt)}</p>
<p class="note">The emulator has no video: this page stands in for the clip${editing ? "'s editor" : ''}.</p>`,
      ),
    };
  };
  app.get<{ Params: { id: string } }>('/clips/:id', (request, reply) => {
    const { status, document } = clipPage(request.params.id, false);
    return sendHtml(reply, status, document);
  });
  app.get<{ Params: { id: string } }>('/clips/:id/edit', (request, reply) => {
    const { status, document } = clipPage(request.params.id, true);
    return sendHtml(reply, status, document);
  });
}

function editUrl(state: EmulatorState, id: string): string {
  return `${state.baseUrl}/clips/${encodeURIComponent(id)}/edit`;
}

export function clipView(state: EmulatorState, clip: Clip) {
  const broadcaster = state.users.get(clip.broadcasterId);
  const creator = state.users.get(clip.creatorId);
  const id = encodeURIComponent(clip.id);
  return {
    id: clip.id,
    url: `${state.baseUrl}/clips/${id}`,
    embed_url: `${state.baseUrl}/clips/${id}?embed=true`,
    broadcaster_id: clip.broadcasterId,
    broadcaster_name: broadcaster?.displayName ?? '',
    creator_id: clip.creatorId,
    creator_name: creator?.displayName ?? '',
    video_id: clip.videoId,
    game_id: clip.gameId,
    language: clip.language,
    title: clip.title,
    view_count: clip.viewCount,
    created_at: toRfc3339(clip.createdAt),
    thumbnail_url: `${state.baseUrl}/static/previews/live_user_${broadcaster?.login ?? clip.broadcasterId}-480x272.svg`,
    duration: clip.duration,
    vod_offset: clip.vodOffset,
    is_featured: clip.isFeatured,
  };
}

function timeParam(query: RequestParams, name: string): number | undefined {
  const raw = query.one(name);
  if (raw === undefined || raw === '') return undefined;
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(ms)) throw invalidParameter(name, 'must be an RFC 3339 timestamp');
  return ms;
}
