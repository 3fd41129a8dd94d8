/** Spec 4.11 Streams: Create Stream Marker and Get Stream Markers. */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../../clock';
import { badRequest, forbidden, invalidParameter, notFound } from '../../../http/api-error';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import * as ids from '../../../ids';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { Marker } from '../../../domain/markers';
import type { Video } from '../../../domain/videos';
import { refreshVideos, videoUrl } from '../videos/videos';

const MAX_DESCRIPTION_LENGTH = 140;

/** `0h4m06s`: the offset in a marker's URL. */
export function markerOffset(positionSeconds: number): string {
  const h = Math.floor(positionSeconds / 3600);
  const m = Math.floor((positionSeconds % 3600) / 60);
  const s = positionSeconds % 60;
  return `${h}h${m}m${String(s).padStart(2, '0')}s`;
}

function helixMarker(state: EmulatorState, marker: Marker) {
  return {
    id: marker.id,
    created_at: toRfc3339(marker.createdAt),
    description: marker.description,
    position_seconds: marker.positionSeconds,
    URL: `${videoUrl(state, marker.videoId)}?t=${markerOffset(marker.positionSeconds)}`,
  };
}

/** The user's most recent stream: their newest archive (the one recording, while live). */
function mostRecentArchive(state: EmulatorState, userId: string): Video | undefined {
  return state.videos
    .list()
    .filter((v) => v.userId === userId && v.type === 'archive')
    .sort((a, b) => Number(b.recording) - Number(a.recording) || b.createdAt - a.createdAt)[0];
}

export function registerMarkerRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'POST', path: '/streams/markers', auth: 'user', scopes: ['user:edit:broadcast', 'channel:manage:broadcast'] },
    ({ state, user, body, now }) => {
      const fields = jsonObjectBody(body);
      const rawUserId = Object.hasOwn(fields, 'user_id') ? fields.user_id : undefined;
      // The platform's own example sends the ID as a JSON number.
      const userId = typeof rawUserId === 'number' && Number.isSafeInteger(rawUserId) ? String(rawUserId) : rawUserId;
      if (userId === undefined || userId === null || userId === '') throw badRequest('The user_id field is required');
      if (typeof userId !== 'string') throw badRequest('The user_id field must be a string');
      const rawDescription = Object.hasOwn(fields, 'description') ? fields.description : undefined;
      if (rawDescription !== undefined && rawDescription !== null && typeof rawDescription !== 'string') {
        throw badRequest('The description field must be a string');
      }
      const description = rawDescription ?? '';
      if ([...description].length > MAX_DESCRIPTION_LENGTH) {
        throw badRequest(`The length of the string in the description field is too long (maximum ${MAX_DESCRIPTION_LENGTH} characters)`);
      }

      const broadcaster = ids.isNumericId(userId) ? state.users.get(userId) : undefined;
      if (!broadcaster) throw notFound('The ID in the user_id field is not valid');
      if (!state.editors.canEdit(broadcaster.id, user.id)) {
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
      const marker = state.markers.create({
        videoId: archive.id,
        broadcasterId: broadcaster.id,
        creatorId: user.id,
        createdAt: now,
        description,
        positionSeconds: Math.max(0, Math.floor((now - stream.startedAt) / 1000)),
      });
      const { id, created_at, position_seconds } = helixMarker(state, marker);
      return { data: [{ id, created_at, description: marker.description, position_seconds }] };
    },
  );

  registerHelixRoute(
    app,
    { method: 'GET', path: '/streams/markers', auth: 'user', scopes: ['user:read:broadcast', 'channel:manage:broadcast'] },
    ({ state, query, user, now }) => {
      refreshVideos(state, now);
      const userId = query.one('user_id');
      const videoId = query.one('video_id');
      const hasUser = userId !== undefined && userId !== '';
      const hasVideo = videoId !== undefined && videoId !== '';
      if (!hasUser && !hasVideo) throw badRequest('The request must specify the user_id or video_id query parameter');
      if (hasUser && hasVideo) throw badRequest('The user_id and video_id query parameters are mutually exclusive');

      let video: Video | undefined;
      let ownerId: string;
      if (hasUser) {
        if (!ids.isNumericId(userId)) throw invalidParameter('user_id', 'not a valid ID');
        if (!state.users.get(userId)) throw notFound('The user in the user_id query parameter was not found');
        ownerId = userId;
        video = mostRecentArchive(state, userId);
      } else {
        video = ids.isNumericId(videoId!) ? state.videos.get(videoId!) : undefined;
        if (!video) throw notFound('The ID in the video_id query parameter was not found');
        ownerId = video.userId;
      }
      if (!state.editors.canEdit(ownerId, user.id)) {
        throw forbidden(
          'The user in the access token is not authorized to get the video’s markers: they must own the video or be one of the broadcaster’s editors',
        );
      }

      // Only the markers the caller made.
      const markers = video ? state.markers.forVideo(video.id).filter((m) => m.creatorId === user.id) : [];
      const page = cursorPage(markers, query);
      if (page.items.length === 0 || !video) return { data: [], pagination: page.pagination };
      const owner = state.users.get(ownerId);
      return {
        data: [
          {
            user_id: ownerId,
            user_name: owner?.displayName ?? '',
            user_login: owner?.login ?? '',
            videos: [{ video_id: video.id, markers: page.items.map((m) => helixMarker(state, m)) }],
          },
        ],
        pagination: page.pagination,
      };
    },
  );
}
