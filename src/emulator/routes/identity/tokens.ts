/**
 * Identity service token endpoints (spec part 5, platform facts "Identity service"):
 * token issuing for every grant, validation, revocation and the device code flow.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventSubGrantOf, revokeEventSubAuthorization } from '../../eventsub/authorization-revocation';
import { ApiError, badRequest, unauthorized } from '../../http/api-error';
import type { RequestParams } from '../../http/request-params';
import { DEVICE_CODE_LIFETIME_S, DEVICE_POLL_INTERVAL_S } from '../../domain/device-codes';
import type { EmulatorState } from '../../domain/emulator-state';
import {
  authenticateClient,
  identityParams,
  identityPaths,
  refreshLifetimeFor,
  requestedScopes,
  tokenResponse,
  type TokenResponse,
} from './token-response';
import '../../http/app-state';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export function registerIdentityTokenRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  for (const path of identityPaths('/token')) {
    app.post(path, (request) => issueToken(state, identityParams(request)));
  }

  for (const path of identityPaths('/validate')) {
    app.get(path, (request) => validate(state, request));
  }

  for (const path of identityPaths('/revoke')) {
    app.post(path, async (request, reply) => {
      const params = identityParams(request);
      const client = authenticateClient(state, params, 'optional');
      const token = params.one('token');
      if (!token) throw badRequest('missing oauth token');
      const eventSubGrant = eventSubGrantOf(state, token, client.clientId);
      if (state.tokens.revoke(token, client.clientId) === 'unknown') throw badRequest('Invalid token');
      if (eventSubGrant) revokeEventSubAuthorization(state, eventSubGrant);
      return reply.code(200).send();
    });
  }

  for (const path of identityPaths('/device')) {
    app.post(path, (request) => {
      const params = identityParams(request);
      const client = authenticateClient(state, params, 'optional');
      const scopes = requestedScopes(params.one('scopes') ?? params.one('scope'));
      const now = state.clock.now();
      const record = state.deviceCodes.create({ clientId: client.clientId, scopes }, now);
      if (state.settings.autoApprove) {
        const user = state.defaultUser();
        if (user) state.deviceCodes.approve(record, user.id);
      }
      return {
        device_code: record.deviceCode,
        expires_in: DEVICE_CODE_LIFETIME_S,
        interval: DEVICE_POLL_INTERVAL_S,
        user_code: record.userCode,
        verification_uri: `${state.baseUrl}/activate?device-code=${record.userCode}`,
      };
    });
  }
}

export function issueToken(state: EmulatorState, params: RequestParams): TokenResponse {
  const grantType = params.one('grant_type');
  if (!grantType) throw badRequest('missing grant_type');
  switch (grantType) {
    case 'authorization_code':
      return authorizationCodeGrant(state, params);
    case 'client_credentials':
      return clientCredentialsGrant(state, params);
    case 'refresh_token':
      return refreshTokenGrant(state, params);
    case DEVICE_CODE_GRANT:
      return deviceCodeGrant(state, params);
    default:
      throw badRequest('unsupported grant type');
  }
}

function authorizationCodeGrant(state: EmulatorState, params: RequestParams): TokenResponse {
  const client = authenticateClient(state, params, 'required');
  const code = params.required('code');
  const redirectUri = params.required('redirect_uri');
  const now = state.clock.now();
  const record = state.authorizationCodes.find(code, now);
  if (!record || record.clientId !== client.clientId) throw badRequest('Invalid authorization code');
  if (record.redirectUri !== redirectUri) throw badRequest('Parameter redirect_uri does not match registered URI');
  if (!state.users.get(record.userId)) throw badRequest('Invalid authorization code');
  state.authorizationCodes.spend(code);
  const { access, refresh } = state.tokens.issueUserToken({
    clientId: client.clientId,
    userId: record.userId,
    scopes: record.scopes,
    now,
    refreshLifetimeSeconds: refreshLifetimeFor(client),
  });
  return tokenResponse(access, refresh, now);
}

function clientCredentialsGrant(state: EmulatorState, params: RequestParams): TokenResponse {
  const client = authenticateClient(state, params, 'required');
  const scopes = requestedScopes(params.one('scope'));
  const now = state.clock.now();
  const access = state.tokens.issueAppToken({ clientId: client.clientId, scopes, now });
  return tokenResponse(access, null, now);
}

function refreshTokenGrant(state: EmulatorState, params: RequestParams): TokenResponse {
  const client = authenticateClient(state, params, 'if-confidential');
  const token = params.required('refresh_token');
  const now = state.clock.now();
  const record = state.tokens.findRefresh(token, now);
  if (!record || record.clientId !== client.clientId) throw badRequest('Invalid refresh token');
  if (!state.users.get(record.userId)) throw badRequest('Invalid refresh token');
  const { access, refresh } = state.tokens.rotate(record, now, refreshLifetimeFor(client));
  return tokenResponse(access, refresh, now);
}

function deviceCodeGrant(state: EmulatorState, params: RequestParams): TokenResponse {
  const client = authenticateClient(state, params, 'optional');
  const deviceCode = params.required('device_code');
  const now = state.clock.now();
  const record = state.deviceCodes.findByDeviceCode(deviceCode, now);
  if (!record || record.clientId !== client.clientId) throw badRequest('invalid device code');
  if (record.status === 'pending') throw badRequest('authorization_pending');
  state.deviceCodes.spend(record);
  if (record.status === 'denied' || record.userId === null || !state.users.get(record.userId)) throw badRequest('access_denied');
  const { access, refresh } = state.tokens.issueUserToken({
    clientId: client.clientId,
    userId: record.userId,
    scopes: record.scopes,
    now,
    refreshLifetimeSeconds: refreshLifetimeFor(client),
  });
  return tokenResponse(access, refresh, now);
}

/** Twitch CLI's mock grant: `POST /auth/authorize?grant_type=user_token&client_id&client_secret&user_id&scope=`. */
export function userTokenGrant(state: EmulatorState, params: RequestParams): TokenResponse {
  const client = authenticateClient(state, params, 'required');
  const userId = params.required('user_id');
  if (!state.users.get(userId)) throw badRequest('invalid user id');
  const scopes = requestedScopes(params.one('scope'));
  const now = state.clock.now();
  const { access, refresh } = state.tokens.issueUserToken({
    clientId: client.clientId,
    userId,
    scopes,
    now,
    refreshLifetimeSeconds: refreshLifetimeFor(client),
  });
  return tokenResponse(access, refresh, now);
}

function validate(state: EmulatorState, request: FastifyRequest) {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') throw unauthorized('missing authorization token');
  const match = /^(?:OAuth|Bearer)\s+(\S+)\s*$/i.exec(header);
  const now = state.clock.now();
  const token = match?.[1] === undefined ? undefined : state.tokens.findActive(match[1], now);
  if (!token) throw new ApiError(401, 'invalid access token');
  const expiresIn = Math.max(0, Math.floor((token.expiresAt - now) / 1000));
  if (token.userId === null) return { client_id: token.clientId, scopes: [...token.scopes], expires_in: expiresIn };
  const user = state.users.get(token.userId);
  if (!user) throw new ApiError(401, 'invalid access token');
  return { client_id: token.clientId, login: user.login, scopes: [...token.scopes], user_id: user.id, expires_in: expiresIn };
}
