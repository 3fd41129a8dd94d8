/**
 * Clips' rules (the platform's reference, Clips): Create Clip on a live channel only, processed for
 * `CLIP_PROCESSING_SECONDS` on the emulator clock before Get Clips lists it; past clips from the
 * simulation API, listed at once; Get Clips' selection and order.
 */
import { badRequest, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Clip } from './stores/clips';
import type { User } from './stores/users';

/** The platform: "If, after 15 seconds, Get Clips hasn't returned the clip, assume it failed." */
export const CLIP_PROCESSING_SECONDS = 15;
/** Length of a clip made by Create Clip. */
export const CLIP_SECONDS = 30;
/** With has_delay the capture starts a little earlier, for the delay between broadcaster and viewers. */
const CAPTURE_DELAY_SECONDS = 5;
export const NOT_LIVE_CLIP_MESSAGE = 'The broadcaster in the broadcaster_id query parameter must be broadcasting live.';

/** Create Clip: the last `CLIP_SECONDS` of the live broadcast, on its archive when it has one. */
export function createClip(state: EmulatorState, broadcaster: User, creator: User, hasDelay: boolean, now: number): Clip {
  const stream = state.streams.get(broadcaster.id);
  if (!stream) throw notFound(NOT_LIVE_CLIP_MESSAGE);
  const elapsed = Math.floor((now - stream.startedAt) / 1000) - (hasDelay ? CAPTURE_DELAY_SECONDS : 0);
  const archive = state.videos.ensureArchive(stream);
  return state.clips.create({
    broadcasterId: broadcaster.id,
    creatorId: creator.id,
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
}

/** A past clip (simulation API), listed by Get Clips at once: for lists, filters and paging. */
export function addPastClip(
  state: EmulatorState,
  input: { broadcaster: User; creator: User; gameId?: string; title?: string; viewCount?: number; duration?: number; createdAt?: number; isFeatured?: boolean },
): Clip {
  if (input.gameId !== undefined && !state.game(input.gameId)) throw badRequest(`Unknown game_id "${input.gameId}"`);
  const now = state.clock.now();
  const createdAt = input.createdAt ?? now;
  if (createdAt > now) throw badRequest('Invalid field "created_at": must not be in the future');
  const channel = state.channels.get(input.broadcaster.id);
  return state.clips.create({
    broadcasterId: input.broadcaster.id,
    creatorId: input.creator.id,
    videoId: '',
    gameId: input.gameId ?? channel?.gameId ?? '',
    language: channel?.language ?? 'en',
    title: input.title ?? channel?.title ?? '',
    viewCount: input.viewCount ?? 0,
    createdAt,
    duration: input.duration ?? 30,
    vodOffset: null,
    isFeatured: input.isFeatured ?? false,
    availableAt: createdAt,
  });
}

export interface ClipSelection {
  /** Exactly one of the three. */
  by: { broadcasterId: string } | { gameId: string } | { ids: readonly string[] };
  startedAt?: number;
  endedAt?: number;
  featured?: boolean;
}

/** Get Clips' clips: processed, selected, most viewed first (then newest). */
export function selectClips(state: EmulatorState, selection: ClipSelection, now: number): Clip[] {
  const { by, startedAt, endedAt, featured } = selection;
  return state.clips
    .available(now)
    .filter(
      (c) =>
        ('ids' in by ? by.ids.includes(c.id) : 'gameId' in by ? c.gameId === by.gameId : c.broadcasterId === by.broadcasterId) &&
        (startedAt === undefined || c.createdAt >= startedAt) &&
        (endedAt === undefined || c.createdAt <= endedAt) &&
        (featured === undefined || c.isFeatured === featured),
    )
    .sort((a, b) => b.viewCount - a.viewCount || b.createdAt - a.createdAt);
}
