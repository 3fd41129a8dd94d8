/**
 * The identity service's token endpoints (spec part 5, platform facts): token (every grant), validate,
 * revoke and the device flow's start. The rules of each grant: `domain/identity.ts`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest, unauthorized } from '../../domain/api-error';
import type { EmulatorState } from '../../domain/emulator-state';
import {
  authenticateClient,
  exchangeAuthorizationCode,
  exchangeDeviceCode,
  grantClientCredentials,
  refreshAccess,
  revokeToken,
  startDeviceAuthorization,
  type IssuedTokens,
} from '../../domain/identity';
import { eventSubGrantOf, revokeEventSubAuthorization } from '../../eventsub/authorization-revocation';
import { clientCredentials, identityParams, identityPaths, requestedScopes } from '../../http/identity-params';
import type { RequestParams } from '../../http/request-params';
import { deviceAuthorizationView, tokenResponse } from '../../http/views/identity';
import type { TokenResponse } from '../../http/views/wire/identity';
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
      const client = authenticateClient(state, clientCredentials(params), 'optional');
      const token = params.one('token');
      if (!token) throw badRequest('missing oauth token');
      // Revoking a user token revokes the authorization behind it: EventSub's subscriptions go too.
      const eventSubGrant = eventSubGrantOf(state, token, client.clientId);
      revokeToken(state, token, client);
      if (eventSubGrant) revokeEventSubAuthorization(state, eventSubGrant);
      return reply.code(200).send();
    });
  }

  for (const path of identityPaths('/device')) {
    app.post(path, (request) => {
      const params = identityParams(request);
      const client = authenticateClient(state, clientCredentials(params), 'optional');
      const scopes = requestedScopes(params.one('scopes') ?? params.one('scope'));
      return deviceAuthorizationView(state, startDeviceAuthorization(state, client, scopes));
    });
  }
}

function issueToken(state: EmulatorState, params: RequestParams): TokenResponse {
  const grantType = params.one('grant_type');
  if (!grantType) throw badRequest('missing grant_type');
  const answer = (issue: (now: number) => IssuedTokens): TokenResponse => {
    const now = state.clock.now();
    return tokenResponse(issue(now), now);
  };
  switch (grantType) {
    case 'authorization_code': {
      const client = authenticateClient(state, clientCredentials(params), 'required');
      const code = params.required('code');
      const redirectUri = params.required('redirect_uri');
      return answer((now) => exchangeAuthorizationCode(state, client, code, redirectUri, now));
    }
    case 'client_credentials': {
      const client = authenticateClient(state, clientCredentials(params), 'required');
      const scopes = requestedScopes(params.one('scope'));
      return answer((now) => grantClientCredentials(state, client, scopes, now));
    }
    case 'refresh_token': {
      const client = authenticateClient(state, clientCredentials(params), 'if-confidential');
      const token = params.required('refresh_token');
      return answer((now) => refreshAccess(state, client, token, now));
    }
    case DEVICE_CODE_GRANT: {
      const client = authenticateClient(state, clientCredentials(params), 'optional');
      const deviceCode = params.required('device_code');
      return answer((now) => exchangeDeviceCode(state, client, deviceCode, now));
    }
    default:
      throw badRequest('unsupported grant type');
  }
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
