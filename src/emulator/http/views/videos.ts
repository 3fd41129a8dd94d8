/**
 * Videos in the current API's shape (spec 4.4, part 2), the Get Videos answer written as JSON with
 * each video's JSON reused while its shape is unchanged, and the platform's duration shape
 * (`3h8m33s`), written here and read by the simulation API.
 */
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Video } from '../../domain/stores/videos';
import { videoLengthSeconds } from '../../domain/videos';
import { userFields } from './user-fields';
import type { HelixVideo, HelixVideoPage } from './wire/videos';

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
    duration: formatDuration(videoLengthSeconds(video, now)),
    muted_segments: video.mutedSegments === null ? null : video.mutedSegments.map((s) => ({ ...s })),
  };
}
