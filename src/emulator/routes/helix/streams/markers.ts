/** Spec 4.11 Streams: Create Stream Marker and Get Stream Markers; the rules are in `domain/markers.ts`. */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter, notFound } from '../../../domain/api-error';
import { createMarker, markersOf } from '../../../domain/markers';
import { refreshVideos } from '../../../domain/videos';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { helixMarker } from '../../../http/views/markers';
import * as ids from '../../../ids';

const MAX_DESCRIPTION_LENGTH = 140;

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

      const marker = createMarker(state, broadcaster, user, description, now);
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
      if (hasUser && !ids.isNumericId(userId)) throw invalidParameter('user_id', 'not a valid ID');
      if (hasVideo && !ids.isNumericId(videoId!)) throw notFound('The ID in the video_id query parameter was not found');

      const { video, ownerId, markers } = markersOf(state, hasUser ? { userId } : { videoId: videoId! }, user);
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
