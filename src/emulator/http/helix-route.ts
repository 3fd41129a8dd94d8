/**
 * The current API's gate. Every /helix route (and its Twitch CLI alias under /mock) is registered
 * through `registerHelixRoute`, which checks the token, the Client-Id, the rate limit, the token
 * type and the scopes before the handler runs, in the platform's order and with its errors.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Client } from '../domain/stores/clients';
import type { EmulatorState } from '../domain/emulator-state';
import { RateLimiter } from '../domain/stores/rate-limiter';
import type { AccessToken } from '../domain/stores/tokens';
import type { User } from '../domain/stores/users';
import { ApiError, unauthorized } from '../domain/api-error';
import { RequestParams } from './request-params';
import './app-state';

export type HelixAuth = 'user' | 'app' | 'any';

export interface HelixRouteOptions<A extends HelixAuth> {
  method: HTTPMethods | HTTPMethods[];
  /** Path below /helix, e.g. `/streams/key`; Fastify path syntax (`:param`) allowed. */
  path: string;
  /** Which token type the endpoint takes: user token, app token, or either. */
  auth: A;
  /** Any one of these scopes is enough. */
  scopes?: readonly string[];
  /** Rate-limit points the call costs; 1 by default. */
  cost?: number;
  /** Full paths served as well, e.g. Twitch CLI's `/eventsub/subscriptions`. */
  aliases?: readonly string[];
}

export interface HelixContext<A extends HelixAuth = HelixAuth> {
  request: FastifyRequest;
  reply: FastifyReply;
  state: EmulatorState;
  /** Milliseconds since the epoch on the emulator clock, read once for the request. */
  now: number;
  token: AccessToken;
  client: Client;
  user: A extends 'user' ? User : A extends 'app' ? null : User | null;
  query: RequestParams;
  /** Path parameters. */
  params: Record<string, string>;
  /** The parsed body (JSON object, form fields...) as sent; see `jsonObjectBody`. */
  body: unknown;
}

/**
 * What the handler returns is sent as JSON with status 200 (or the status set with
 * `ctx.reply.code(...)`); returning `undefined` sends 204 without a body.
 */
export type HelixHandler<A extends HelixAuth> = (ctx: HelixContext<A>) => unknown;

/**
 * Every helix route is registered once, under /helix: Twitch CLI's `/mock/*` reaches it through
 * `rewriteMockUrl` before routing (registering each route twice cost a tenth of a second at start).
 */
export const HELIX_PREFIXES = ['/helix'] as const;

const MOCK_PREFIX = '/mock';

/** Fastify's `rewriteUrl`: `/mock`, `/mock/...` and `/mock?...` become the same under `/helix`; anything else is left alone. */
export function rewriteMockUrl(url: string): string {
  if (!url.startsWith(MOCK_PREFIX)) return url;
  const next = url.charCodeAt(MOCK_PREFIX.length);
  // NaN (the end), '/' or '?': `/mockery` is not the alias.
  if (Number.isNaN(next) || next === 0x2f || next === 0x3f) return `/helix${url.slice(MOCK_PREFIX.length)}`;
  return url;
}

export function registerHelixRoute<A extends HelixAuth>(
  app: FastifyInstance,
  options: HelixRouteOptions<A>,
  handler: HelixHandler<A>,
): void {
  const cost = options.cost ?? 1;
  const state = app.emulatorState;
  for (const url of [...HELIX_PREFIXES.map((prefix) => `${prefix}${options.path}`), ...(options.aliases ?? [])]) {
    app.route({
      method: options.method,
      url,
      handler: async (request, reply) => {
        const now = state.clock.now();
        const { token, client, user } = authenticate(request, state, now);

        const bucket = state.rateLimiter.take(RateLimiter.keyFor(client.clientId, token.userId), cost, now);
        reply.header('Ratelimit-Limit', String(bucket.limit));
        reply.header('Ratelimit-Remaining', String(bucket.remaining));
        reply.header('Ratelimit-Reset', String(bucket.resetAt));
        if (!bucket.allowed) throw new ApiError(429, 'Too Many Requests');

        checkTokenType(options.auth, token);
        checkScopes(options.scopes, token);

        const ctx = {
          request,
          reply,
          state,
          now,
          token,
          client,
          user,
          query: new RequestParams(request.query),
          params: (request.params ?? {}) as Record<string, string>,
          body: request.body,
        } as HelixContext<A>;
        return sendResult(reply, await handler(ctx));
      },
    });
  }
}

/** Sends a route handler's result as JSON (200 unless the handler set a status); `undefined` sends 204 without a body. */
export function sendResult(reply: FastifyReply, result: unknown): FastifyReply {
  if (result === undefined) {
    if (reply.statusCode === 200) reply.code(204);
    return reply.send();
  }
  return reply.send(result);
}

function authenticate(request: FastifyRequest, state: EmulatorState, now: number): { token: AccessToken; client: Client; user: User | null } {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') throw unauthorized('OAuth token is missing');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid OAuth token');
  const token = state.tokens.findActive(match[1], now);
  if (!token) throw unauthorized('Invalid OAuth token');
  const client = state.clients.get(token.clientId);
  if (!client) throw unauthorized('Invalid OAuth token');

  const clientIdHeader = request.headers['client-id'];
  const clientId = Array.isArray(clientIdHeader) ? clientIdHeader[0] : clientIdHeader;
  if (clientId === undefined || clientId.trim() !== client.clientId) throw unauthorized('Client ID and OAuth token do not match');

  let user: User | null = null;
  if (token.userId !== null) {
    user = state.users.get(token.userId) ?? null;
    if (!user) throw unauthorized('Invalid OAuth token');
  }
  return { token, client, user };
}

function checkTokenType(auth: HelixAuth, token: AccessToken): void {
  if (auth === 'user' && token.userId === null) throw unauthorized('Missing User OAUTH Token');
  if (auth === 'app' && token.userId !== null) throw unauthorized('App access token required');
}

function checkScopes(scopes: readonly string[] | undefined, token: AccessToken): void {
  if (!scopes || scopes.length === 0) return;
  if (scopes.some((s) => token.scopes.includes(s))) return;
  throw unauthorized(`Missing scope: ${scopes.join(' or ')}`);
}
