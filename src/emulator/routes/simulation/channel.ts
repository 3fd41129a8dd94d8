/**
 * Simulation API for follows, editors and videos (design.md, "The emulator's contract"): no auth,
 * loopback only, JSON in and out; an answer is the created or removed object itself. The rules:
 * `domain/channels.ts`, `domain/videos.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addEditor, follow, removeEditor, unfollow } from '../../domain/channels';
import { knownUser } from '../../domain/users';
import { addPastVideo } from '../../domain/videos';
import { parseSimulationBody } from '../../http/simulation-body';
import { editorRecord, followRecord } from '../../http/views/channels';
import { helixVideo, parseDuration } from '../../http/views/videos';
import type { EditorRequest, FollowRequest, UnfollowRequest } from '../../http/views/wire/channels';
import type { CreateVideoRequest } from '../../http/views/wire/videos';
import '../../http/app-state';

const TEN_YEARS_S = 10 * 365 * 24 * 60 * 60;

const rfc3339 = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an RFC 3339 timestamp');

const followBody = z.lazy(() =>
  z.object({ user_id: z.string().min(1), broadcaster_id: z.string().min(1), followed_at: rfc3339.optional() }).strict() satisfies z.ZodType<FollowRequest>,
);
const unfollowBody = z.lazy(() =>
  z.object({ user_id: z.string().min(1), broadcaster_id: z.string().min(1) }).strict() satisfies z.ZodType<UnfollowRequest>,
);
const editorBody = z.lazy(() =>
  z.object({ broadcaster_id: z.string().min(1), user_id: z.string().min(1) }).strict() satisfies z.ZodType<EditorRequest>,
);

const videoBody = z.lazy(() =>
  z
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
    .strict() satisfies z.ZodType<CreateVideoRequest>,
);

export function registerChannelSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/follows', (request) => {
    const body = parseSimulationBody(followBody, request.body);
    const user = knownUser(state, body.user_id, 'user_id');
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    return followRecord(state, follow(state, user, broadcaster, body.followed_at === undefined ? undefined : Date.parse(body.followed_at)));
  });

  app.delete('/_emulator/follows', (request) => {
    const body = parseSimulationBody(unfollowBody, request.body);
    return followRecord(state, unfollow(state, body.user_id, body.broadcaster_id));
  });

  app.post('/_emulator/editors', (request) => {
    const body = parseSimulationBody(editorBody, request.body);
    const broadcaster = knownUser(state, body.broadcaster_id, 'broadcaster_id');
    const user = knownUser(state, body.user_id, 'user_id');
    return editorRecord(state, addEditor(state, broadcaster, user));
  });

  app.delete('/_emulator/editors', (request) => {
    const body = parseSimulationBody(editorBody, request.body);
    return editorRecord(state, removeEditor(state, body.broadcaster_id, body.user_id));
  });

  app.post('/_emulator/videos', (request) => {
    const body = parseSimulationBody(videoBody, request.body);
    const user = knownUser(state, body.user_id, 'user_id');
    const video = addPastVideo(state, user, {
      type: body.type,
      title: body.title,
      description: body.description,
      durationSeconds: typeof body.duration === 'string' ? parseDuration(body.duration)! : body.duration,
      viewCount: body.view_count,
      language: body.language,
      publishedAt: body.published_at === undefined ? undefined : Date.parse(body.published_at),
      gameId: body.game_id,
    });
    return helixVideo(state, video, state.clock.now());
  });
}
