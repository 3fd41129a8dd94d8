/** Readers of the identity service's parameters (spec part 5). */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../domain/api-error';
import { firstUnknownScope, parseScopeList } from '../scopes';
import { RequestParams } from './request-params';

/** The identity service lives under /oauth2; Twitch CLI's mock layout serves it under /auth too. */
export const IDENTITY_PREFIXES = ['/oauth2', '/auth'] as const;

export const identityPaths = (path: string): string[] => IDENTITY_PREFIXES.map((prefix) => `${prefix}${path}`);

/** Identity endpoints take their parameters from the query string, a form body or a JSON body. */
export function identityParams(request: FastifyRequest): RequestParams {
  return new RequestParams(request.query, request.body);
}

/** `client_id` and `client_secret`, for `authenticateClient`. */
export function clientCredentials(params: RequestParams): { clientId: string | undefined; secret: string | undefined } {
  return { clientId: params.one('client_id'), secret: params.one('client_secret') };
}

/** Parses a space-separated scope parameter and rejects scopes the service does not know. */
export function requestedScopes(raw: string | undefined): string[] {
  const scopes = parseScopeList(raw);
  const unknown = firstUnknownScope(scopes);
  if (unknown !== undefined) throw badRequest(`invalid scope requested: '${unknown}'`);
  return scopes;
}
