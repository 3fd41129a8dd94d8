/**
 * The simulation API under /_emulator (design.md, "The emulator's contract"): no auth, loopback only
 * (checked in app.ts), JSON in and out; an answer is the created or changed object itself.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, notFound, badRequest } from '../../http/api-error';
import { parseSimulationBody } from '../../http/simulation-body';
import { helixStream, helixUser } from '../../http/views/helix-shapes';
import { isRequestableScope } from '../../scopes';
import type { Client } from '../../domain/clients';
import { toRfc3339 } from '../../clock';
import type { EmulatorState } from '../../domain/emulator-state';
import { startChannelStream } from '../../domain/stream-lifecycle';
import { refreshLifetimeFor, tokenResponse } from '../identity/token-response';
import '../../http/app-state';

const TEN_YEARS_S = 10 * 365 * 24 * 60 * 60;

const absoluteUri = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol.length > 1 && !url.hash;
  } catch {
    return false;
  }
}, 'must be an absolute URI without a fragment');

const base64 = z.string().regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'must be base64').min(4);

const clientBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    redirect_uris: z.array(absoluteUri).max(50),
    client_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _').optional(),
    client_secret: z.string().min(1).max(128).optional(),
    type: z.enum(['confidential', 'public']).optional(),
    extension_secret: base64.optional(),
  })
  .strict();

const userBody = z
  .object({
    login: z.string().regex(/^[A-Za-z0-9_]{1,25}$/, 'must be 1-25 letters, digits or _'),
    display_name: z.string().trim().min(1).max(25).optional(),
    broadcaster_type: z.enum(['partner', 'affiliate', '']).optional(),
    description: z.string().max(300).optional(),
    email: z.email().optional(),
  })
  .strict();

const scopeName = z.string().refine(isRequestableScope, 'unknown scope');

const tokenBody = z
  .object({
    client_id: z.string().min(1),
    user_id: z.string().min(1).optional(),
    scopes: z.array(scopeName).max(200),
    expires_in: z.number().int().min(1).max(TEN_YEARS_S).optional(),
  })
  .strict();

const clockBody = z.object({ advance_seconds: z.number().min(0).max(TEN_YEARS_S) }).strict();

const settingsBody = z
  .object({ auto_approve: z.boolean().optional(), default_user_id: z.string().min(1).nullable().optional() })
  .strict();

const deviceApproveBody = z.object({ user_code: z.string().min(1).max(20), user_id: z.string().min(1).optional() }).strict();

const onlineBody = z
  .object({
    title: z.string().max(140).optional(),
    game_id: z.string().min(1).optional(),
    viewer_count: z.number().int().min(0).max(100_000_000).optional(),
    vod: z.boolean().optional(),
    language: z.string().regex(/^([a-z]{2}|other)$/, 'must be an ISO 639-1 code or "other"').optional(),
    is_mature: z.boolean().optional(),
    kind: z.enum(['live', 'premiere', 'rerun']).optional(),
  })
  .strict();

export function clientView(client: Client, options: { withSecrets: boolean }) {
  return {
    client_id: client.clientId,
    ...(options.withSecrets ? { client_secret: client.clientSecret, extension_secret: client.extensionSecret } : {}),
    name: client.name,
    redirect_uris: [...client.redirectUris],
    type: client.type,
    created_at: toRfc3339(client.createdAt),
  };
}

export function snapshot(state: EmulatorState) {
  const now = state.clock.now();
  return {
    now: state.clock.iso(now),
    clock_offset_seconds: state.clock.offsetSeconds,
    settings: { auto_approve: state.settings.autoApprove, default_user_id: state.settings.defaultUserId },
    users: state.users.list().map((u) => helixUser(u, { withEmail: true })),
    clients: state.clients.list().map((c) => clientView(c, { withSecrets: false })),
    tokens: state.tokens.counts(now),
    authorization_codes: state.authorizationCodes.size,
    pending_device_codes: state.deviceCodes.countPending(now),
    streams: state.streams.list().map((s) => helixStream(state, s)),
  };
}

export function registerSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/clients', (request) => {
    const body = parseSimulationBody(clientBody, request.body);
    if (body.type === 'public' && body.client_secret !== undefined) throw badRequest('A public client has no client_secret');
    if (body.client_id !== undefined && state.clients.has(body.client_id)) throw conflict(`Client "${body.client_id}" already exists`);
    const client = state.clients.create(
      {
        name: body.name,
        redirectUris: body.redirect_uris,
        clientId: body.client_id,
        clientSecret: body.client_secret,
        type: body.type,
        extensionSecret: body.extension_secret,
      },
      state.clock.now(),
    );
    return clientView(client, { withSecrets: true });
  });

  app.post('/_emulator/users', (request) => {
    const body = parseSimulationBody(userBody, request.body);
    if (state.users.isLoginTaken(body.login)) throw conflict(`Login "${body.login.toLowerCase()}" is taken`);
    const user = state.createUser({
      login: body.login,
      displayName: body.display_name,
      broadcasterType: body.broadcaster_type,
      description: body.description,
      email: body.email,
    });
    return helixUser(user, { withEmail: true });
  });

  app.post('/_emulator/tokens', (request) => {
    const body = parseSimulationBody(tokenBody, request.body);
    const client = state.clients.get(body.client_id);
    if (!client) throw badRequest(`Unknown client_id "${body.client_id}"`);
    const now = state.clock.now();
    if (body.user_id === undefined) {
      const access = state.tokens.issueAppToken({ clientId: client.clientId, scopes: body.scopes, now, lifetimeSeconds: body.expires_in });
      return tokenResponse(access, null, now);
    }
    if (!state.users.get(body.user_id)) throw badRequest(`Unknown user_id "${body.user_id}"`);
    const { access, refresh } = state.tokens.issueUserToken({
      clientId: client.clientId,
      userId: body.user_id,
      scopes: body.scopes,
      now,
      lifetimeSeconds: body.expires_in,
      refreshLifetimeSeconds: refreshLifetimeFor(client),
    });
    return tokenResponse(access, refresh, now);
  });

  app.post('/_emulator/clock', (request) => {
    const body = parseSimulationBody(clockBody, request.body);
    state.clock.advance(body.advance_seconds);
    return { now: state.clock.iso(), offset_seconds: state.clock.offsetSeconds };
  });

  app.post('/_emulator/settings', (request) => {
    const body = parseSimulationBody(settingsBody, request.body);
    if (body.default_user_id != null && !state.users.get(body.default_user_id)) throw badRequest(`Unknown user_id "${body.default_user_id}"`);
    if (body.auto_approve !== undefined) state.settings.autoApprove = body.auto_approve;
    if (body.default_user_id !== undefined) state.settings.defaultUserId = body.default_user_id;
    return { auto_approve: state.settings.autoApprove, default_user_id: state.settings.defaultUserId };
  });

  app.post('/_emulator/device/approve', (request) => {
    const body = parseSimulationBody(deviceApproveBody, request.body);
    const record = state.deviceCodes.findByUserCode(body.user_code, state.clock.now());
    if (!record) throw notFound(`Unknown or expired user_code "${body.user_code}"`);
    if (record.status !== 'pending') throw conflict(`Device code "${record.userCode}" is already ${record.status}`);
    const user = body.user_id === undefined ? state.defaultUser() : state.users.get(body.user_id);
    if (!user) throw badRequest(body.user_id === undefined ? 'The emulator has no users' : `Unknown user_id "${body.user_id}"`);
    state.deviceCodes.approve(record, user.id);
    return { user_code: record.userCode, client_id: record.clientId, scopes: [...record.scopes], status: record.status, user_id: user.id };
  });

  app.post<{ Params: { user_id: string } }>('/_emulator/streams/:user_id/online', (request) => {
    const body = parseSimulationBody(onlineBody, request.body);
    const user = state.users.get(request.params.user_id);
    if (!user) throw notFound(`Unknown user "${request.params.user_id}"`);
    if (body.game_id !== undefined && !state.game(body.game_id)) throw badRequest(`Unknown game_id "${body.game_id}"`);
    const channel = state.channels.get(user.id) ?? state.channels.create(user.id);
    if (body.title !== undefined) channel.title = body.title;
    if (body.game_id !== undefined) channel.gameId = body.game_id;
    if (body.language !== undefined) channel.language = body.language;

    const live = state.streams.get(user.id);
    if (live) {
      live.title = channel.title;
      live.gameId = channel.gameId;
      live.language = channel.language;
      if (body.viewer_count !== undefined) live.viewerCount = body.viewer_count;
      if (body.vod !== undefined) live.vod = body.vod;
      if (body.is_mature !== undefined) live.isMature = body.is_mature;
      if (body.kind !== undefined) live.kind = body.kind;
      return helixStream(state, live);
    }
    const stream = startChannelStream(state, user.id, {
      viewerCount: body.viewer_count,
      vod: body.vod,
      isMature: body.is_mature,
      kind: body.kind,
    });
    return helixStream(state, stream);
  });

  app.post<{ Params: { user_id: string } }>('/_emulator/streams/:user_id/offline', (request) => {
    parseSimulationBody(z.object({}).strict(), request.body);
    const user = state.users.get(request.params.user_id);
    if (!user) throw notFound(`Unknown user "${request.params.user_id}"`);
    const ended = state.streams.end(user.id);
    if (!ended) throw conflict(`User "${user.login}" is not live`);
    return { ...helixStream(state, ended), type: '' as const };
  });

  app.get('/_emulator/state', () => snapshot(state));

  app.post('/_emulator/reset', () => {
    state.reset();
    return snapshot(state);
  });
}
