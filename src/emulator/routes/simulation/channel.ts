/**
 * Simulation API for follows, editors and videos (design.md, "The emulator's contract"): no auth,
 * loopback only, JSON in and out; an answer is the created or removed object itself.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { knownUser, parseSimulationBody } from '../../http/simulation-body';
import * as ids from '../../ids';
import type { EmulatorState } from '../../domain/emulator-state';
import type { Editor } from '../../domain/editors';
import { archiveRetentionDays } from '../../domain/videos';
import { followRecord, publishFollow } from '../helix/channels/channels';
import { helixVideo, parseDuration, refreshVideos } from '../helix/videos/videos';
import '../../http/app-state';

const TEN_YEARS_S = 10 * 365 * 24 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

const rfc3339 = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an RFC 3339 timestamp');

const followBody = z.object({ user_id: z.string().min(1), broadcaster_id: z.string().min(1), followed_at: rfc3339.optional() }).strict();
const unfollowBody = z.object({ user_id: z.string().min(1), broadcaster_id: z.string().min(1) }).strict();
const editorBody = z.object({ broadcaster_id: z.string().min(1), user_id: z.string().min(1) }).strict();

const videoBody = z
  .object({
    user_id: z.string().min(1),
    type: z.enum(['archive', 'highlight', 'upload']),
    title: z.string().max(140).optional(),
    description: z.string().max(5000).optional(),
    duration: z.union([z.number().int().min(0).max(TEN_YEARS_S), z.string().refine((v) => parseDuration(v) !== null, 'must be like 1h2m3s')]).optional(),
    view_count: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    language: z.string().regex(/^([a-z]{2}|other)$/, 'must be an ISO 639-1 code or "other"').optional(),
    published_at: rfc3339.optional(),
    game_id: z.string().min(1).optional(),
  })
  .strict();

function editorView(state: EmulatorState, editor: Editor) {
  return {
    broadcaster_id: editor.broadcasterId,
    user_id: editor.userId,
    user_name: state.users.get(editor.userId)?.displayName ?? '',
    created_at: toRfc3339(editor.createdAt),
  };
}

export function registerChannelSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/follows', (request) => {
    const body = parseSimulationBody(followBody, request.body);
    const user = knownUser(state, body.user_id, 'user_id');
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    if (user.id === broadcaster.id) throw badRequest('A user cannot follow their own channel');
    const now = state.clock.now();
    const followedAt = body.followed_at === undefined ? now : Date.parse(body.followed_at);
    if (followedAt > now) throw badRequest('Invalid field "followed_at": must not be in the future');
    const follow = state.follows.follow(user.id, broadcaster.id, followedAt);
    if (!follow) throw conflict(`User "${user.login}" already follows "${broadcaster.login}"`);
    publishFollow(state, follow);
    return followRecord(state, follow);
  });

  app.delete('/_emulator/follows', (request) => {
    const body = parseSimulationBody(unfollowBody, request.body);
    const follow = state.follows.unfollow(body.user_id, body.broadcaster_id);
    if (!follow) throw notFound(`User "${body.user_id}" does not follow "${body.broadcaster_id}"`);
    return followRecord(state, follow);
  });

  app.post('/_emulator/editors', (request) => {
    const body = parseSimulationBody(editorBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const user = knownUser(state, body.user_id, 'user_id');
    if (user.id === broadcaster.id) throw badRequest('A broadcaster cannot be their own editor');
    const editor = state.editors.add(broadcaster.id, user.id, state.clock.now());
    if (!editor) throw conflict(`User "${user.login}" already is an editor of "${broadcaster.login}"`);
    return editorView(state, editor);
  });

  app.delete('/_emulator/editors', (request) => {
    const body = parseSimulationBody(editorBody, request.body);
    const editor = state.editors.remove(body.broadcaster_id, body.user_id);
    if (!editor) throw notFound(`User "${body.user_id}" is not an editor of "${body.broadcaster_id}"`);
    return editorView(state, editor);
  });

  app.post('/_emulator/videos', (request) => {
    const body = parseSimulationBody(videoBody, request.body);
    const user = knownUser(state, body.user_id, 'user_id');
    if (body.game_id !== undefined && !state.game(body.game_id)) throw badRequest(`Unknown game_id "${body.game_id}"`);
    const now = state.clock.now();
    const publishedAt = body.published_at === undefined ? now : Date.parse(body.published_at);
    if (publishedAt > now) throw badRequest('Invalid field "published_at": must not be in the future');
    if (body.type === 'archive' && now - publishedAt >= archiveRetentionDays(user.broadcasterType) * DAY_MS) {
      throw badRequest(`Invalid field "published_at": an archive of "${user.login}" that old has already expired`);
    }
    const durationSeconds = typeof body.duration === 'string' ? parseDuration(body.duration)! : (body.duration ?? 3600);
    const channel = state.channels.get(user.id);
    const video = state.videos.create({
      streamId: body.type === 'archive' ? ids.numericId(11) : null,
      userId: user.id,
      title: body.title ?? channel?.title ?? '',
      description: body.description ?? '',
      createdAt: publishedAt,
      publishedAt,
      viewCount: body.view_count ?? 0,
      language: body.language ?? channel?.language ?? 'en',
      type: body.type,
      durationSeconds,
      gameId: body.game_id ?? channel?.gameId ?? '',
      mutedSegments: null,
    });
    // A past broadcast means the channel was live then (Search Channels' "streamed in the past 6 months").
    if (video.type === 'archive' && channel) {
      const endedAt = Math.min(now, publishedAt + durationSeconds * 1000);
      channel.lastStreamedAt = Math.max(channel.lastStreamedAt ?? 0, endedAt);
    }
    refreshVideos(state, now);
    return helixVideo(state, video, now);
  });
}
