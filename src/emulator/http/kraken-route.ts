/**
 * The retired v5 API's gate (spec part 5 and 9): every /kraken request sends the version 5 media
 * type in Accept (without it the request is for version 3, which is shut down: 410), a Client-Id,
 * and, where the endpoint needs it, `Authorization: OAuth <token>` with a legacy scope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ApiError, badRequest, unauthorized } from '../domain/api-error';
import { sendResult } from './helix-route';
import { RequestParams } from './request-params';
import { routedPath } from './request-path';
import type { Client } from '../domain/stores/clients';
import type { EmulatorState } from '../domain/emulator-state';
import type { AccessToken } from '../domain/stores/tokens';
import type { User } from '../domain/stores/users';
import './app-state';

export const V5_MEDIA_TYPE = 'application/vnd.twitchtv.v5+json';
export const V3_GONE_MESSAGE =
  'API v3 was shut down permanently on September 12, 2019. Send "Accept: application/vnd.twitchtv.v5+json" for version 5, or use the current API under /helix.';

/** none: no token read; optional: a token adds the caller; user: a user token with one of `scopes`. */
export type KrakenAuth = 'none' | 'optional' | 'user';

export interface KrakenRouteOptions<A extends KrakenAuth> {
  method: HTTPMethods | HTTPMethods[];
  /** Full path, e.g. `/kraken/communities/:community_id`. */
  path: string | readonly string[];
  auth: A;
  /** Any one of these legacy scopes is enough (auth `user`). */
  scopes?: readonly string[];
  /** The version lives in the path (`/v5/...`): the Accept header is not needed. */
  versionInPath?: boolean;
}

export interface KrakenContext<A extends KrakenAuth = KrakenAuth> {
  request: FastifyRequest;
  reply: FastifyReply;
  state: EmulatorState;
  now: number;
  client: Client;
  token: A extends 'user' ? AccessToken : AccessToken | null;
  user: A extends 'user' ? User : User | null;
  query: RequestParams;
  params: Record<string, string>;
  body: unknown;
}

/** What the handler returns is sent as JSON (200 unless set); `undefined` sends 204. */
export type KrakenHandler<A extends KrakenAuth> = (ctx: KrakenContext<A>) => unknown;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

export function acceptsV5(request: FastifyRequest): boolean {
  const accept = header(request, 'accept');
  if (!accept) return false;
  return accept.split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === V5_MEDIA_TYPE);
}

export function registerKrakenRoute<A extends KrakenAuth>(app: FastifyInstance, options: KrakenRouteOptions<A>, handler: KrakenHandler<A>): void {
  const state = app.emulatorState;
  const paths = typeof options.path === 'string' ? [options.path] : options.path;
  for (const path of paths) {
    app.route({
      method: options.method,
      url: path,
      handler: async (request, reply) => {
        if (!options.versionInPath && !acceptsV5(request)) throw new ApiError(410, V3_GONE_MESSAGE);
        const now = state.clock.now();
        const query = new RequestParams(request.query);
        const client = clientOf(request, query, state);
        const { token, user } = authenticate(request, state, client, now, options.auth, options.scopes);
        const ctx = {
          request,
          reply,
          state,
          now,
          client,
          token,
          user,
          query,
          params: (request.params ?? {}) as Record<string, string>,
          body: request.body,
        } as KrakenContext<A>;
        return sendResult(reply, await handler(ctx));
      },
    });
  }
}

/** v5 took the client ID from the Client-ID header or the `client_id` query parameter. */
function clientOf(request: FastifyRequest, query: RequestParams, state: EmulatorState): Client {
  const clientId = (request.headers['client-id'] === undefined ? query.one('client_id') : header(request, 'client-id'))?.trim();
  if (!clientId) throw badRequest('No client id specified');
  const client = state.clients.get(clientId);
  if (!client) throw badRequest('Invalid client id specified');
  return client;
}

function authenticate(
  request: FastifyRequest,
  state: EmulatorState,
  client: Client,
  now: number,
  auth: KrakenAuth,
  scopes: readonly string[] | undefined,
): { token: AccessToken | null; user: User | null } {
  if (auth === 'none') return { token: null, user: null };
  const authorization = header(request, 'authorization');
  if (authorization === undefined || authorization.trim() === '') {
    if (auth === 'optional') return { token: null, user: null };
    throw unauthorized('Authorization is missing: send "Authorization: OAuth <access token>"');
  }
  const match = /^OAuth\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw unauthorized('Authorization must be "OAuth <access token>"');
  const token = state.tokens.findActive(match[1], now);
  if (!token) throw unauthorized('invalid oauth token');
  if (token.clientId !== client.clientId) throw unauthorized('Client ID and OAuth token do not match');
  const user = token.userId === null ? null : (state.users.get(token.userId) ?? null);
  if (token.userId !== null && !user) throw unauthorized('invalid oauth token');
  if (auth === 'user') {
    if (!user) throw unauthorized('A user OAuth token is required');
    if (scopes && scopes.length > 0 && !scopes.some((s) => token.scopes.includes(s))) {
      throw unauthorized(`Missing required scope: ${scopes.join(' or ')}`);
    }
  }
  return { token, user };
}

/**
 * Unknown /kraken paths, any method: still version 3 (gone, 410) without the Accept header; with
 * it, the not-found handler's 404. Called by that handler, so that no catch-all route per method
 * is registered; the path is read as the router reads it (`routedPath`).
 */
export function answerUnknownKrakenPath(request: FastifyRequest): void {
  const path = routedPath(request.url);
  if ((path === '/kraken' || path.startsWith('/kraken/')) && !acceptsV5(request)) throw new ApiError(410, V3_GONE_MESSAGE);
}
