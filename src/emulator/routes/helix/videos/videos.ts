/** Spec 4.4 Videos: Get Videos and Delete Videos; archive expiry and the selection rules are in `domain/videos.ts`. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, invalidParameter, missingParameter, notFound } from '../../../domain/api-error';
import type { Video, VideoType } from '../../../domain/stores/videos';
import { deleteVideos, refreshVideos, selectVideos, type VideoPeriod, type VideoSelection, type VideoSort } from '../../../domain/videos';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { videoPageJson } from '../../../http/views/videos';
import * as ids from '../../../ids';

const MAX_VIDEO_IDS = 100;
const MAX_DELETE_IDS = 5;
const LANGUAGE = /^([a-z]{2}|other)$/;

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

function readSort(value: string | undefined): VideoSort {
  if (value === undefined || value === '' || value === 'time') return 'time';
  if (value === 'trending' || value === 'views') return value;
  throw invalidParameter('sort', 'must be time, trending or views');
}

function readPeriod(value: string | undefined): VideoPeriod {
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
    let by: VideoSelection['by'];
    if (userIds.length > 0) {
      const userId = single(userIds, 'user_id');
      if (!state.users.get(userId)) throw invalidParameter('user_id', 'names no user');
      by = { userId };
    } else {
      const gameId = single(gameIds, 'game_id');
      if (!state.game(gameId)) throw notFound('The ID in the game_id query parameter was not found');
      const language = query.one('language');
      if (language !== undefined && language !== '' && !LANGUAGE.test(language)) throw invalidParameter('language', 'must be an ISO 639-1 code or "other"');
      by = { gameId, language: language === undefined || language === '' ? undefined : language };
    }
    const selected = selectVideos(state, { by, type, sort, period }, now);

    const page = cursorPage(selected, query);
    return sendVideoPage(reply, videoPageJson(state, page.items, page.pagination, now));
  });

  registerHelixRoute(app, { method: 'DELETE', path: '/videos', auth: 'user', scopes: ['channel:manage:videos'] }, ({ state, query, user, now }) => {
    refreshVideos(state, now);
    const idValues = query.all('id');
    if (idValues.length === 0 || idValues.every((v) => v === '')) throw missingParameter('id');
    if (idValues.length > MAX_DELETE_IDS) throw invalidParameter('id', `may be given at most ${MAX_DELETE_IDS} times`);
    const unique = [...new Set(idValues.filter((v) => v !== ''))];
    deleteVideos(state, user, unique);
    return { data: unique };
  });
}

/** The answer's JSON text, under the Content-Type Fastify gives an object it serialises. */
function sendVideoPage(reply: FastifyReply, json: string): string {
  reply.type('application/json; charset=utf-8');
  return json;
}
