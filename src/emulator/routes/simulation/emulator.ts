/**
 * The simulation API under /_emulator (design.md, "The emulator's contract"): clients, users, tokens,
 * settings, device approval, the clock, streams going online and offline, the state and its reset.
 * No auth, loopback only (checked in app.ts), JSON in and out; an answer is the created or changed
 * object itself.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { approveDeviceCode, mintToken } from '../../domain/identity';
import { goLive, goOffline } from '../../domain/streams';
import { createClient, createUser, changeSettings } from '../../domain/users';
import { parseSimulationBody } from '../../http/simulation-body';
import { clientView, deviceApprovalView, settingsView, snapshot, tokenResponse } from '../../http/views/identity';
import { helixStream } from '../../http/views/streams';
import { helixUser } from '../../http/views/users';
import type { ClockRequest, CreateClientRequest, CreateUserRequest, DeviceApproveRequest, MintTokenRequest } from '../../http/views/wire/identity';
import type { StreamOnlineRequest } from '../../http/views/wire/streams';
import { isRequestableScope } from '../../scopes';
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

const clientBody = z.lazy(() =>
  z
    .object({
      name: z.string().trim().min(1).max(100),
      redirect_uris: z.array(absoluteUri).max(50),
      client_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _').optional(),
      client_secret: z.string().min(1).max(128).optional(),
      type: z.enum(['confidential', 'public']).optional(),
      extension_secret: base64.optional(),
    })
    .strict() satisfies z.ZodType<CreateClientRequest>,
);

const userBody = z.lazy(() =>
  z
    .object({
      login: z.string().regex(/^[A-Za-z0-9_]{1,25}$/, 'must be 1-25 letters, digits or _'),
      display_name: z.string().trim().min(1).max(25).optional(),
      broadcaster_type: z.enum(['partner', 'affiliate', '']).optional(),
      description: z.string().max(300).optional(),
      email: z.email().optional(),
      email_verified: z.boolean().optional(),
    })
    .strict() satisfies z.ZodType<CreateUserRequest>,
);

const scopeName = z.string().refine(isRequestableScope, 'unknown scope');

const tokenBody = z.lazy(() =>
  z
    .object({
      client_id: z.string().min(1),
      user_id: z.string().min(1).optional(),
      scopes: z.array(scopeName).max(200),
      expires_in: z.number().int().min(1).max(TEN_YEARS_S).optional(),
    })
    .strict() satisfies z.ZodType<MintTokenRequest>,
);

const clockBody = z.lazy(() =>
  z.object({ advance_seconds: z.number().min(0).max(TEN_YEARS_S) }).strict() satisfies z.ZodType<ClockRequest>,
);

const settingsBody = z.lazy(() =>
  z
    .object({ auto_approve: z.boolean().optional(), default_user_id: z.string().min(1).nullable().optional() })
    .strict(),
);

const deviceApproveBody = z.lazy(() =>
  z.object({ user_code: z.string().min(1).max(20), user_id: z.string().min(1).optional() }).strict() satisfies z.ZodType<DeviceApproveRequest>,
);

const onlineBody = z.lazy(() =>
  z
    .object({
      title: z.string().max(140).optional(),
      game_id: z.string().min(1).optional(),
      viewer_count: z.number().int().min(0).max(100_000_000).optional(),
      vod: z.boolean().optional(),
      language: z.string().regex(/^([a-z]{2}|other)$/, 'must be an ISO 639-1 code or "other"').optional(),
      is_mature: z.boolean().optional(),
      kind: z.enum(['live', 'premiere', 'rerun']).optional(),
    })
    .strict() satisfies z.ZodType<StreamOnlineRequest>,
);

export function registerSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.post('/_emulator/clients', (request) => {
    const body = parseSimulationBody(clientBody, request.body);
    const client = createClient(state, {
      name: body.name,
      redirectUris: body.redirect_uris,
      clientId: body.client_id,
      clientSecret: body.client_secret,
      type: body.type,
      extensionSecret: body.extension_secret,
    });
    return clientView(client, { withSecrets: true });
  });

  app.post('/_emulator/users', (request) => {
    const body = parseSimulationBody(userBody, request.body);
    const user = createUser(state, {
      login: body.login,
      displayName: body.display_name,
      broadcasterType: body.broadcaster_type,
      description: body.description,
      email: body.email,
      emailVerified: body.email_verified,
    });
    return helixUser(user, { withEmail: true });
  });

  app.post('/_emulator/tokens', (request) => {
    const body = parseSimulationBody(tokenBody, request.body);
    const now = state.clock.now();
    return tokenResponse(mintToken(state, { clientId: body.client_id, userId: body.user_id, scopes: body.scopes, expiresIn: body.expires_in }, now), now);
  });

  app.post('/_emulator/clock', (request) => {
    const body = parseSimulationBody(clockBody, request.body);
    state.clock.advance(body.advance_seconds);
    return { now: state.clock.iso(), offset_seconds: state.clock.offsetSeconds };
  });

  app.post('/_emulator/settings', (request) => {
    const body = parseSimulationBody(settingsBody, request.body);
    changeSettings(state, { autoApprove: body.auto_approve, defaultUserId: body.default_user_id });
    return settingsView(state);
  });

  app.post('/_emulator/device/approve', (request) => {
    const body = parseSimulationBody(deviceApproveBody, request.body);
    const { record, user } = approveDeviceCode(state, body.user_code, body.user_id);
    return deviceApprovalView(record, user.id);
  });

  app.post<{ Params: { user_id: string } }>('/_emulator/streams/:user_id/online', (request) => {
    const body = parseSimulationBody(onlineBody, request.body);
    const stream = goLive(state, request.params.user_id, {
      title: body.title,
      gameId: body.game_id,
      language: body.language,
      viewerCount: body.viewer_count,
      vod: body.vod,
      isMature: body.is_mature,
      kind: body.kind,
    });
    return helixStream(state, stream);
  });

  app.post<{ Params: { user_id: string } }>('/_emulator/streams/:user_id/offline', (request) => {
    parseSimulationBody(z.object({}).strict(), request.body);
    return { ...helixStream(state, goOffline(state, request.params.user_id)), type: '' as const };
  });

  app.get('/_emulator/state', () => snapshot(state));

  app.post('/_emulator/reset', () => {
    state.reset();
    return snapshot(state);
  });
}
