/**
 * Videos' rules (spec 4.4): archives expire after the retention of their owner's kind and take
 * their markers along; a live stream that stores past broadcasts has its archive (`refreshVideos`);
 * Get Videos' selection and order; deleting is all or nothing; past videos from the simulation API.
 */
import * as ids from '../ids';
import { badRequest, unauthorized } from './api-error';
import type { EmulatorState } from './emulator-state';
import { archiveRetentionDays, type Video, type VideoType } from './stores/videos';
import type { User } from './stores/users';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const VIDEO_PERIOD_MS = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS } as const;
export type VideoPeriod = 'all' | keyof typeof VIDEO_PERIOD_MS;
export type VideoSort = 'time' | 'trending' | 'views';
/** Spec 8: "about 500 results" by game. */
const MAX_GAME_RESULTS = 500;

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

/** Seconds of video so far: an archive still recording grows with its live stream. */
export function videoLengthSeconds(video: Video, now: number): number {
  if (!video.recording) return video.durationSeconds;
  return Math.max(0, Math.floor((now - video.createdAt) / 1000));
}

export interface VideoSelection {
  /** A user's videos, or a category's (with an optional language). */
  by: { userId: string } | { gameId: string; language?: string };
  type: VideoType | 'all';
  period: VideoPeriod;
  sort: VideoSort;
}

/** Get Videos by user or by category: filtered, sorted, capped as the platform does. */
export function selectVideos(state: EmulatorState, selection: VideoSelection, now: number): Video[] {
  const { by } = selection;
  let selected: Video[];
  let cap = Infinity;
  if ('userId' in by) {
    selected = state.videos.list().filter((v) => v.userId === by.userId);
  } else {
    selected = state.videos.list().filter((v) => v.gameId === by.gameId);
    // The platform applies language only to a game selection.
    if (by.language !== undefined) selected = selected.filter((v) => v.language === by.language);
    cap = MAX_GAME_RESULTS;
  }
  if (selection.type !== 'all') selected = selected.filter((v) => v.type === selection.type);
  if (selection.period !== 'all') {
    const since = now - VIDEO_PERIOD_MS[selection.period];
    selected = selected.filter((v) => v.publishedAt >= since);
  }
  return sortVideos(selected, selection.sort, now).slice(0, cap);
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
function sortVideos(videos: Video[], sort: VideoSort, now: number): Video[] {
  if (sort === 'views') return videos.sort((a, b) => b.viewCount - a.viewCount || byTime(a, b));
  if (sort === 'trending') return videos.sort((a, b) => trendingRate(b, now) - trendingRate(a, now) || byTime(a, b));
  return videos.sort(byTime);
}

/** Delete Videos: all or nothing; one video the caller may not delete and none is deleted. */
export function deleteVideos(state: EmulatorState, caller: User, videoIds: readonly string[]): void {
  for (const id of videoIds) {
    const video = state.videos.get(id);
    if (!video || !state.editors.canEdit(video.userId, caller.id)) {
      throw unauthorized(`The user in the access token may not delete video ${id}: it does not exist or is not theirs`);
    }
  }
  for (const id of videoIds) state.videos.delete(id);
  state.markers.deleteForVideos(videoIds);
}

/** A past video (simulation API): an archive within its owner's retention, a highlight or an upload. */
export function addPastVideo(
  state: EmulatorState,
  user: User,
  input: { type: VideoType; title?: string; description?: string; durationSeconds?: number; viewCount?: number; language?: string; publishedAt?: number; gameId?: string },
): Video {
  if (input.gameId !== undefined && !state.game(input.gameId)) throw badRequest(`Unknown game_id "${input.gameId}"`);
  const now = state.clock.now();
  const publishedAt = input.publishedAt ?? now;
  if (publishedAt > now) throw badRequest('Invalid field "published_at": must not be in the future');
  if (input.type === 'archive' && now - publishedAt >= archiveRetentionDays(user.broadcasterType) * DAY_MS) {
    throw badRequest(`Invalid field "published_at": an archive of "${user.login}" that old has already expired`);
  }
  const durationSeconds = input.durationSeconds ?? 3600;
  const channel = state.channels.get(user.id);
  const video = state.videos.create({
    streamId: input.type === 'archive' ? ids.numericId(11) : null,
    userId: user.id,
    title: input.title ?? channel?.title ?? '',
    description: input.description ?? '',
    createdAt: publishedAt,
    publishedAt,
    viewCount: input.viewCount ?? 0,
    language: input.language ?? channel?.language ?? 'en',
    type: input.type,
    durationSeconds,
    gameId: input.gameId ?? channel?.gameId ?? '',
    mutedSegments: null,
  });
  // A past broadcast means the channel was live then (Search Channels' "streamed in the past 6 months").
  if (video.type === 'archive' && channel) {
    const endedAt = Math.min(now, publishedAt + durationSeconds * 1000);
    channel.lastStreamedAt = Math.max(channel.lastStreamedAt ?? 0, endedAt);
  }
  refreshVideos(state, now);
  return video;
}
