/** Pieces shared by the identity service's routes (token endpoints and consent pages). */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../http/api-error';
import { RequestParams } from '../../http/request-params';
import { firstUnknownScope, parseScopeList } from '../../scopes';
import type { Client } from '../../domain/clients';
import type { EmulatorState } from '../../domain/emulator-state';
import { PUBLIC_REFRESH_LIFETIME_S, type AccessToken, type RefreshToken } from '../../domain/tokens';

/** The identity service lives under /oauth2; Twitch CLI's mock layout serves it under /auth too. */
export const IDENTITY_PREFIXES = ['/oauth2', '/auth'] as const;

export const identityPaths = (path: string): string[] => IDENTITY_PREFIXES.map((prefix) => `${prefix}${path}`);

/** Identity endpoints take their parameters from the query string, a form body or a JSON body. */
export function identityParams(request: FastifyRequest): RequestParams {
  return new RequestParams(request.query, request.body);
}

export type SecretRule = 'required' | 'if-confidential' | 'optional';

/** Finds the client named by `client_id` and checks its secret as the grant demands. */
export function authenticateClient(state: EmulatorState, params: RequestParams, rule: SecretRule): Client {
  const clientId = params.one('client_id');
  if (!clientId) throw badRequest('missing client id');
  const client = state.clients.get(clientId);
  if (!client) throw badRequest('invalid client');
  const secret = params.one('client_secret');
  const needed = rule === 'required' || (rule === 'if-confidential' && client.type === 'confidential');
  if (needed && !secret) throw badRequest('missing client secret');
  if (secret && (rule !== 'if-confidential' || client.type === 'confidential') && !secretMatches(client, secret)) {
    throw new ApiError(403, 'invalid client secret');
  }
  return client;
}

function secretMatches(client: Client, given: string): boolean {
  if (client.clientSecret === null) return false;
  const a = Buffer.from(client.clientSecret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Parses a space-separated scope parameter and rejects scopes the service does not know. */
export function requestedScopes(raw: string | undefined): string[] {
  const scopes = parseScopeList(raw);
  const unknown = firstUnknownScope(scopes);
  if (unknown !== undefined) throw badRequest(`invalid scope requested: '${unknown}'`);
  return scopes;
}

/** Public clients' refresh tokens expire when unused; confidential clients' do not. */
export function refreshLifetimeFor(client: Client): number | null {
  return client.type === 'public' ? PUBLIC_REFRESH_LIFETIME_S : null;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string[];
  token_type: 'bearer';
}

export function tokenResponse(access: AccessToken, refresh: RefreshToken | null, now: number): TokenResponse {
  return {
    access_token: access.token,
    refresh_token: refresh?.token ?? '',
    expires_in: Math.max(0, Math.floor((access.expiresAt - now) / 1000)),
    scope: [...access.scopes],
    token_type: 'bearer',
  };
}
