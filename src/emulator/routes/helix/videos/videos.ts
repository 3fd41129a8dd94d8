/** Spec 4.4 Videos: Get Videos, Delete Videos, archive expiry; plus the watch page and thumbnails the URLs point at. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { userFields } from '../../../http/views/helix-shapes';
import { badRequest, invalidParameter, missingParameter, notFound, unauthorized } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { escapeHtml } from '../../../http/html-page';
import * as ids from '../../../ids';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { Video, VideoType } from '../../../domain/videos';
import '../../../http/app-state';

const MAX_VIDEO_IDS = 100;
const MAX_DELETE_IDS = 5;
/** Spec 8: "about 500 results" by game. */
const MAX_GAME_RESULTS = 500;
const HOUR_MS = 60 * 60 * 1000;
const PERIOD_MS = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS } as const;
const LANGUAGE = /^([a-z]{2}|other)$/;

export interface HelixVideo {
  id: string;
  stream_id: string | null;
  user_id: string;
  user_login: string;
  user_name: string;
  title: string;
  description: string;
  created_at: string;
  published_at: string;
  url: string;
  thumbnail_url: string;
  viewable: string;
  view_count: number;
  language: string;
  type: VideoType;
  duration: string;
  muted_segments: { duration: number; offset: number }[] | null;
}

/** A Get Videos answer. */
export interface HelixVideoPage {
  data: HelixVideo[];
  pagination: { cursor?: string };
}

/**
 * Each video's JSON as last written, with the shape it was written from. Writing the answer was the
 * largest cost of a Get Videos request after Fastify's own (profiled under the emulator-routes
 * bench); a list is read again and again while its videos seldom change. The JSON is reused only when
 * the video's shape now is the same field for field, so a rename, a live title, a growing
 * duration or a new view count is never served stale. Weak: a deleted video takes its entry along.
 */
const lastVideoJson = new WeakMap<Video, { shape: HelixVideo; json: string }>();

/** Field by field, by name: a loop over the keys would read them megamorphically, slower than writing the JSON anew. */
export function sameHelixVideo(a: HelixVideo, b: HelixVideo): boolean {
  return a.id === b.id && a.stream_id === b.stream_id && a.user_id === b.user_id && a.user_login === b.user_login
    && a.user_name === b.user_name && a.title === b.title && a.description === b.description && a.created_at === b.created_at
    && a.published_at === b.published_at && a.url === b.url && a.thumbnail_url === b.thumbnail_url && a.viewable === b.viewable
    && a.view_count === b.view_count && a.language === b.language && a.type === b.type && a.duration === b.duration
    && sameMutedSegments(a.muted_segments, b.muted_segments);
}

function sameMutedSegments(a: HelixVideo['muted_segments'], b: HelixVideo['muted_segments']): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i]!.duration !== b[i]!.duration || a[i]!.offset !== b[i]!.offset) return false;
  }
  return true;
}

/** One video in the platform's shape as JSON, byte for byte `JSON.stringify(helixVideo(...))`. */
export function helixVideoJson(state: EmulatorState, video: Video, now: number): string {
  const shape = helixVideo(state, video, now);
  const last = lastVideoJson.get(video);
  if (last !== undefined && sameHelixVideo(last.shape, shape)) return last.json;
  const json = JSON.stringify(shape);
  lastVideoJson.set(video, { shape, json });
  return json;
}

/** A Get Videos answer as JSON: byte for byte `JSON.stringify({ data: videos.map(helixVideo), pagination })`. */
export function videoPageJson(state: EmulatorState, videos: readonly Video[], pagination: HelixVideoPage['pagination'], now: number): string {
  return `{"data":[${videos.map((video) => helixVideoJson(state, video, now)).join(',')}],"pagination":${JSON.stringify(pagination)}}`;
}

/** `3h8m33s`, `12m5s`, `45s`: the platform's duration shape. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

/** Parses `<h>h<m>m<s>s` (each part optional, at least one present) into seconds. */
export function parseDuration(value: string): number | null {
  const match = /^(?:(\d{1,4})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(value);
  if (!match || value === '') return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export function videoUrl(state: EmulatorState, videoId: string): string {
  return `${state.baseUrl}/videos/${videoId}`;
}

/** Seconds of video so far: an archive still recording grows with its live stream. */
export function videoLengthSeconds(state: EmulatorState, video: Video, now: number): number {
  if (!video.recording) return video.durationSeconds;
  return Math.max(0, Math.floor((now - video.createdAt) / 1000));
}

export function helixVideo(state: EmulatorState, video: Video, now: number): HelixVideo {
  const live = video.recording ? state.streams.get(video.userId) : undefined;
  return {
    id: video.id,
    stream_id: video.type === 'archive' ? video.streamId : null,
    ...userFields(state, 'user', video.userId),
    title: live && live.id === video.streamId ? live.title : video.title,
    description: video.description,
    created_at: toRfc3339(video.createdAt),
    published_at: toRfc3339(video.publishedAt),
    url: videoUrl(state, video.id),
    thumbnail_url: `${state.baseUrl}/static/video-thumbnails/${video.id}-{width}x{height}.svg`,
    viewable: video.viewable,
    view_count: video.viewCount,
    language: video.language,
    type: video.type,
    duration: formatDuration(videoLengthSeconds(state, video, now)),
    muted_segments: video.mutedSegments === null ? null : video.mutedSegments.map((s) => ({ ...s })),
  };
}

/**
 * Brings the video store up to the emulator clock before a read or write: archives past their
 * retention disappear (with their markers), and a live stream that stores past broadcasts has its
 * archive even when storage was switched on after it went live.
 */
export function refreshVideos(state: EmulatorState, now: number): void {
  const expired = state.videos.purgeExpired(now, (userId) => state.users.get(userId)?.broadcasterType ?? '');
  if (expired.length > 0) state.markers.deleteForVideos(expired);
  for (const stream of state.streams.list()) state.videos.ensureArchive(stream);
}

function readType(value: string | undefined): VideoType | 'all' {
  switch (value) {
    case undefined:
    case '':
    case 'all':
      return 'all';
    case 'archive':
    case 'upload':
    case 'highlight':
      return value;
    case 'highlights':
      return 'highlight';
    default:
      throw invalidParameter('type', 'must be all, archive, highlight or upload');
  }
}

function readSort(value: string | undefined): 'time' | 'trending' | 'views' {
  if (value === undefined || value === '' || value === 'time') return 'time';
  if (value === 'trending' || value === 'views') return value;
  throw invalidParameter('sort', 'must be time, trending or views');
}

function readPeriod(value: string | undefined): 'all' | keyof typeof PERIOD_MS {
  if (value === undefined || value === '' || value === 'all') return 'all';
  if (value === 'day' || value === 'week' || value === 'month') return value;
  throw invalidParameter('period', 'must be all, day, week or month');
}

function single(values: string[], name: string): string {
  if (values.length > 1) throw invalidParameter(name, 'may be given once');
  const value = values[0] ?? '';
  if (!ids.isNumericId(value)) throw invalidParameter(name, 'not a valid ID');
  return value;
}

export function registerVideoRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/videos', auth: 'any' }, ({ state, query, now, reply }) => {
    refreshVideos(state, now);
    const idValues = query.all('id');
    const userIds = query.all('user_id');
    const gameIds = query.all('game_id');
    const selectors = [idValues, userIds, gameIds].filter((v) => v.length > 0).length;
    if (selectors === 0) throw badRequest('The request must specify either the id or user_id or game_id query parameter');
    if (selectors > 1) throw badRequest('The id, user_id, and game_id query parameters are mutually exclusive');

    if (idValues.length > 0) {
      if (idValues.length > MAX_VIDEO_IDS) throw invalidParameter('id', `may be given at most ${MAX_VIDEO_IDS} times`);
      // By ID: request order, duplicates and unknown IDs dropped, every other parameter ignored.
      const found: Video[] = [];
      for (const id of new Set(idValues)) {
        const video = state.videos.get(id);
        if (video) found.push(video);
      }
      if (found.length === 0) throw notFound('The ID in the id query parameter was not found');
      return sendVideoPage(reply, videoPageJson(state, found, {}, now));
    }

    const type = readType(query.one('type'));
    const sort = readSort(query.one('sort'));
    const period = readPeriod(query.one('period'));
    let selected: Video[];
    let cap = Infinity;
    if (userIds.length > 0) {
      const userId = single(userIds, 'user_id');
      if (!state.users.get(userId)) throw invalidParameter('user_id', 'names no user');
      selected = state.videos.list().filter((v) => v.userId === userId);
    } else {
      const gameId = single(gameIds, 'game_id');
      if (!state.game(gameId)) throw notFound('The ID in the game_id query parameter was not found');
      selected = state.videos.list().filter((v) => v.gameId === gameId);
      // The platform applies language only to a game selection.
      const language = query.one('language');
      if (language !== undefined && language !== '') {
        if (!LANGUAGE.test(language)) throw invalidParameter('language', 'must be an ISO 639-1 code or "other"');
        selected = selected.filter((v) => v.language === language);
      }
      cap = MAX_GAME_RESULTS;
    }
    if (type !== 'all') selected = selected.filter((v) => v.type === type);
    if (period !== 'all') selected = selected.filter((v) => v.publishedAt >= now - PERIOD_MS[period]);
    selected = sortVideos(selected, sort, now).slice(0, cap);

    const page = cursorPage(selected, query);
    return sendVideoPage(reply, videoPageJson(state, page.items, page.pagination, now));
  });

  registerHelixRoute(app, { method: 'DELETE', path: '/videos', auth: 'user', scopes: ['channel:manage:videos'] }, ({ state, query, user, now }) => {
    refreshVideos(state, now);
    const idValues = query.all('id');
    if (idValues.length === 0 || idValues.every((v) => v === '')) throw missingParameter('id');
    if (idValues.length > MAX_DELETE_IDS) throw invalidParameter('id', `may be given at most ${MAX_DELETE_IDS} times`);
    const unique = [...new Set(idValues.filter((v) => v !== ''))];
    // All or nothing: one video the caller may not delete and none is deleted.
    for (const id of unique) {
      const video = state.videos.get(id);
      if (!video || !state.editors.canEdit(video.userId, user.id)) {
        throw unauthorized(`The user in the access token may not delete video ${id}: it does not exist or is not theirs`);
      }
    }
    for (const id of unique) state.videos.delete(id);
    state.markers.deleteForVideos(unique);
    return { data: unique };
  });

  app.get<{ Params: { id: string } }>('/videos/:id', (request, reply) => {
    const state = app.emulatorState;
    const video = state.videos.get(request.params.id);
    const title = video ? video.title || 'Untitled video' : 'Video not found';
    const owner = video ? (state.users.get(video.userId)?.displayName ?? '') : '';
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`
      + `<body style="font-family:system-ui,sans-serif;background:#0e0e10;color:#efeff1;padding:2rem">`
      + `<h1>${escapeHtml(title)}</h1>${video ? `<p>${escapeHtml(owner)} · ${escapeHtml(video.type)}</p>` : ''}</body></html>`;
    return reply.code(video ? 200 : 404).type('text/html; charset=utf-8').send(body);
  });

  app.get<{ Params: { file: string } }>('/static/video-thumbnails/:file', (request, reply) => {
    const match = /^(\d{1,20})-(\d{1,4})x(\d{1,4})\.\w+$/.exec(request.params.file);
    const width = Math.max(1, Number(match?.[2] ?? 320));
    const height = Math.max(1, Number(match?.[3] ?? 180));
    const video = match ? app.emulatorState.videos.get(match[1]!) : undefined;
    const label = video ? `${video.type.toUpperCase()} ${video.id}` : 'VIDEO';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
      + `<rect width="100%" height="100%" fill="#3a2a5c"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" `
      + `font-family="sans-serif" font-size="${Math.max(8, Math.round(Math.min(width, height) / 8))}" fill="#fff">${escapeHtml(label)}</text></svg>`;
    return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(svg);
  });
}

/** The answer's JSON text, under the Content-Type Fastify gives an object it serialises. */
function sendVideoPage(reply: FastifyReply, json: string): string {
  reply.type('application/json; charset=utf-8');
  return json;
}

// Module-level comparators, not closures made per request: a request sorts, it need not allocate them.
function byTime(a: Video, b: Video): number {
  return b.publishedAt - a.publishedAt || b.createdAt - a.createdAt;
}

/** Trending: views per hour since publication. */
function trendingRate(video: Video, now: number): number {
  return video.viewCount / Math.max(1, (now - video.publishedAt) / HOUR_MS);
}

/** Sorts `videos` (a list the caller owns) in place. */
function sortVideos(videos: Video[], sort: 'time' | 'trending' | 'views', now: number): Video[] {
  if (sort === 'views') return videos.sort((a, b) => b.viewCount - a.viewCount || byTime(a, b));
  if (sort === 'trending') return videos.sort((a, b) => trendingRate(b, now) - trendingRate(a, now) || byTime(a, b));
  return videos.sort(byTime);
}
