/**
 * Stream markers' rules (spec 4.11): the broadcaster or an editor marks a live stream (not a
 * premiere or a rerun) that stores past broadcasts, at its position in the stream's archive; a
 * caller reads back only the markers they made.
 */
import { forbidden, notFound } from './api-error';
import type { EmulatorState } from './emulator-state';
import type { Marker } from './stores/markers';
import type { User } from './stores/users';
import type { Video } from './stores/videos';
import { refreshVideos } from './videos';

/** Create Stream Marker on `broadcaster`'s live stream. */
export function createMarker(state: EmulatorState, broadcaster: User, creator: User, description: string, now: number): Marker {
  if (!state.editors.canEdit(broadcaster.id, creator.id)) {
    throw forbidden(
      'The user in the access token is not authorized to create video markers for the user in the user_id field: they must be the broadcaster or one of the broadcaster’s editors',
    );
  }
  const stream = state.streams.get(broadcaster.id);
  if (!stream) throw notFound('The user in the user_id field is not streaming live');
  if (stream.kind === 'premiere') throw notFound('The user in the user_id field is streaming a premiere, which cannot be marked');
  if (stream.kind === 'rerun') throw notFound('The user in the user_id field is streaming a rerun, which cannot be marked');
  if (!stream.vod) throw notFound('The user hasn’t enabled video on demand (VOD)');

  refreshVideos(state, now);
  const archive = state.videos.ensureArchive(stream);
  if (!archive) throw notFound('The user hasn’t enabled video on demand (VOD)');
  return state.markers.create({
    videoId: archive.id,
    broadcasterId: broadcaster.id,
    creatorId: creator.id,
    createdAt: now,
    description,
    positionSeconds: Math.max(0, Math.floor((now - stream.startedAt) / 1000)),
  });
}

/** The user's most recent stream: their newest archive (the one recording, while live). */
function mostRecentArchive(state: EmulatorState, userId: string): Video | undefined {
  return state.videos
    .list()
    .filter((v) => v.userId === userId && v.type === 'archive')
    .sort((a, b) => Number(b.recording) - Number(a.recording) || b.createdAt - a.createdAt)[0];
}

/**
 * Get Stream Markers of a user's most recent stream or of a video: the video, its owner, and the
 * markers `reader` made on it (the owner or one of their editors).
 */
export function markersOf(state: EmulatorState, target: { userId: string } | { videoId: string }, reader: User): { video: Video | undefined; ownerId: string; markers: Marker[] } {
  let video: Video | undefined;
  let ownerId: string;
  if ('userId' in target) {
    if (!state.users.get(target.userId)) throw notFound('The user in the user_id query parameter was not found');
    ownerId = target.userId;
    video = mostRecentArchive(state, target.userId);
  } else {
    video = state.videos.get(target.videoId);
    if (!video) throw notFound('The ID in the video_id query parameter was not found');
    ownerId = video.userId;
  }
  if (!state.editors.canEdit(ownerId, reader.id)) {
    throw forbidden('The user in the access token is not authorized to get the video’s markers: they must own the video or be one of the broadcaster’s editors');
  }
  const markers = video ? state.markers.forVideo(video.id).filter((m) => m.creatorId === reader.id) : [];
  return { video, ownerId, markers };
}
