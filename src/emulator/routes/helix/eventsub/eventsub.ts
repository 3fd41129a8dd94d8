/**
 * EventSub (spec part 6; shapes from platform facts, "EventSub over WebSocket"): the subscription
 * endpoints (also at Twitch CLI's `/eventsub/subscriptions` and under `/mock`), the WebSocket
 * transport at `/ws`, and the EventSub part of the simulation API under `/_emulator/eventsub/`.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { subscriptionView } from '../../../eventsub/messages';
import { attachEventSubHub, CLOSE_CODES, type EventSubHub } from '../../../eventsub/session-hub';
import { SUBSCRIPTION_STATUSES, type EventSubSettings, type EventSubStore, type SubscriptionStatus } from '../../../eventsub/subscription-store';
import { subscriptionTypeSpec, type SubscriptionTypeSpec } from '../../../eventsub/subscription-types';
import { ApiError, badRequest, conflict, errorBody, forbidden, invalidParameter, missingParameter, notFound } from '../../../http/api-error';
import { registerHelixRoute, type HelixContext } from '../../../http/helix-route';
import { jsonObjectBody, RequestParams } from '../../../http/request-params';
import { parseSimulationBody } from '../../../http/simulation-body';
import { isNumericId } from '../../../ids';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/users';
import '../../../http/app-state';

export const MAX_SUBSCRIPTIONS_PER_SESSION = 300;
export const MAX_SESSIONS_PER_USER = 3;
/** The WebSocket transport's cost limit per client+user. */
export const MAX_TOTAL_COST = 10;
export const PAGE_SIZE = 100;
/** Largest inbound frame read before the socket is closed anyway (any inbound data closes it with 4001). */
const MAX_INBOUND_PAYLOAD = 64 * 1024;

const SUBSCRIPTIONS_PATH = '/eventsub/subscriptions';
const LIST_FILTERS = ['status', 'type', 'user_id', 'subscription_id'] as const;

export function registerEventSubRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const hub = attachEventSubHub(state);
  app.addHook('preClose', async () => hub.close());

  void app.register(fastifyWebsocket, { options: { maxPayload: MAX_INBOUND_PAYLOAD } });
  void app.register(async (scope) => {
    scope.route({
      method: 'GET',
      url: '/ws',
      handler: (request, reply) =>
        reply.code(426).header('Upgrade', 'websocket').send(errorBody(request.url, 426, 'This endpoint takes WebSocket connections only')),
      wsHandler: (socket, request) => {
        const query = new RequestParams(request.query);
        const origin = state.baseUrl || `http://${request.headers.host ?? '127.0.0.1'}`;
        try {
          hub.accept(socket, { keepalive: query.one('keepalive_timeout_seconds'), reconnect: query.one('reconnect') }, origin, request.raw.socket);
        } catch (error) {
          request.log.error(error);
          socket.close(CLOSE_CODES.internalError.code, CLOSE_CODES.internalError.reason);
        }
      },
    });
  });

  const route = { path: SUBSCRIPTIONS_PATH, auth: 'any', aliases: [SUBSCRIPTIONS_PATH] } as const;
  registerHelixRoute(app, { ...route, method: 'POST' }, (ctx) => createSubscription(ctx, hub));
  registerHelixRoute(app, { ...route, method: 'GET' }, (ctx) => listSubscriptions(ctx));
  registerHelixRoute(app, { ...route, method: 'DELETE' }, (ctx) => {
    const id = ctx.query.required('id');
    const subscription = ctx.state.eventSub.get(id);
    if (!subscription || subscription.clientId !== ctx.client.clientId || subscription.userId !== ctx.user?.id) {
      throw notFound('subscription not found');
    }
    ctx.state.eventSub.remove(id);
    return undefined;
  });

  registerEventSubSimulationRoutes(app, hub);
}

function createSubscription(ctx: HelixContext, hub: EventSubHub) {
  const { state, client, token } = ctx;
  const body = jsonObjectBody(ctx.body);
  const spec = readType(body);
  const condition = readCondition(state, spec, body.condition);
  const { sessionId, user } = readWebsocketTransport(body.transport, ctx.user);

  if (spec.scopes.length > 0) {
    const denied = () => forbidden('subscription missing proper authorization');
    if (!spec.scopes.some((scope) => token.scopes.includes(scope))) throw denied();
    if (spec.authorizedBy && condition[spec.authorizedBy] !== user.id) throw denied();
    if (spec.authorizedBy === 'moderator_user_id' && !state.moderators.canModerate(condition.broadcaster_user_id ?? '', user.id)) throw denied();
  }

  if (!hub.hasSession(sessionId)) throw badRequest('websocket transport session does not exist or has already disconnected');
  const owner = hub.sessionOwner(sessionId);
  if (owner && (owner.clientId !== client.clientId || owner.userId !== user.id)) {
    throw badRequest('websocket transport session belongs to another client ID or user');
  }
  if (state.eventSub.findDuplicate({ type: spec.type, version: spec.version, condition, sessionId })) throw conflict('subscription already exists');

  if (!owner && hub.boundSessionCount(client.clientId, user.id) >= MAX_SESSIONS_PER_USER) {
    throw new ApiError(429, 'websocket transport limit exceeded');
  }
  if (state.eventSub.enabledOnSession(sessionId).length >= MAX_SUBSCRIPTIONS_PER_SESSION) {
    throw new ApiError(429, 'websocket transport session subscription limit exceeded');
  }
  // The platform's rule: free when the type needs the user's authorization or the condition names the token user.
  const cost = spec.scopes.length > 0 || condition.broadcaster_user_id === user.id ? 0 : 1;
  if (state.eventSub.totalCost(client.clientId, user.id) + cost > MAX_TOTAL_COST) throw new ApiError(429, 'subscription total cost exceeded');

  const subscription = state.eventSub.add({
    type: spec.type,
    version: spec.version,
    condition,
    clientId: client.clientId,
    userId: user.id,
    sessionId,
    cost,
    createdAt: ctx.now,
    connectedAt: hub.sessionConnectedAt(sessionId) ?? ctx.now,
  });
  hub.bind(sessionId, client.clientId, user.id);
  ctx.reply.code(202);
  return { data: [subscriptionView(subscription)], ...totals(state.eventSub, client.clientId, user.id) };
}

function listSubscriptions(ctx: HelixContext) {
  const { query, state } = ctx;
  const given = LIST_FILTERS.filter((name) => (query.one(name) ?? '') !== '');
  if (given.length > 1) throw badRequest(`Use only one of the filters "${LIST_FILTERS.join('", "')}"`);
  const status = query.one('status');
  if (status && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) throw invalidParameter('status', `unknown status "${status}"`);

  // Subscriptions of the WebSocket transport are listed to a user token of their client+user only.
  const owned = ctx.user ? state.eventSub.ownedBy(ctx.client.clientId, ctx.user.id) : [];
  const type = query.one('type');
  const userId = query.one('user_id');
  const subscriptionId = query.one('subscription_id');
  let items = owned
    .filter(
      (s) =>
        (!status || s.status === status) &&
        (!type || s.type === type) &&
        (!userId || Object.entries(s.condition).some(([name, value]) => name.endsWith('_user_id') && value === userId)) &&
        (!subscriptionId || s.id === subscriptionId),
    )
    .sort((a, b) => b.seq - a.seq);

  const after = query.one('after');
  if (after) {
    const seq = decodeCursor(after);
    if (seq === null) throw invalidParameter('after', 'not a valid cursor');
    items = items.filter((s) => s.seq < seq);
  }
  const page = items.slice(0, PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: page.map(subscriptionView),
    total: owned.length,
    total_cost: ctx.user ? state.eventSub.totalCost(ctx.client.clientId, ctx.user.id) : 0,
    max_total_cost: MAX_TOTAL_COST,
    pagination: items.length > page.length && last ? { cursor: encodeCursor(last.seq) } : {},
  };
}

function totals(store: EventSubStore, clientId: string, userId: string) {
  return { total: store.ownedBy(clientId, userId).length, total_cost: store.totalCost(clientId, userId), max_total_cost: MAX_TOTAL_COST };
}

function readString(value: unknown, name: string): string {
  if (value === undefined || value === null || value === '') throw missingParameter(name);
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  return value;
}

function readType(body: Record<string, unknown>): SubscriptionTypeSpec {
  const type = readString(body.type, 'type');
  const version = readString(body.version, 'version');
  const spec = subscriptionTypeSpec(type);
  if (!spec) throw invalidParameter('type', `unsupported subscription type "${type}"`);
  if (spec.version !== version) throw invalidParameter('version', `unsupported version "${version}" of ${type}`);
  return spec;
}

function readCondition(state: EmulatorState, spec: SubscriptionTypeSpec, raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) throw missingParameter('condition');
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidParameter('condition', 'must be an object');
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!spec.condition.some((field) => field.name === key)) throw invalidParameter(`condition.${key}`, `not a condition of ${spec.type}`);
  }
  const condition: Record<string, string> = {};
  for (const field of spec.condition) {
    const name = `condition.${field.name}`;
    const value = given[field.name];
    if (!field.required && (value === undefined || value === null || value === '')) {
      condition[field.name] = '';
      continue;
    }
    condition[field.name] = readString(value, name);
    if (field.name.endsWith('_user_id') && (!isNumericId(condition[field.name]!) || !state.users.get(condition[field.name]!))) {
      throw invalidParameter(name, 'unknown user');
    }
  }
  if (spec.oneOf && spec.oneOf.filter((name) => condition[name] !== '').length !== 1) {
    throw invalidParameter('condition', `give exactly one of "${spec.oneOf.join('", "')}"`);
  }
  return condition;
}

/** The session ID of a WebSocket transport; the transport needs a user token. */
function readWebsocketTransport(raw: unknown, user: User | null): { sessionId: string; user: User } {
  if (raw === undefined || raw === null) throw missingParameter('transport');
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidParameter('transport', 'must be an object');
  const transport = raw as Record<string, unknown>;
  const method = readString(transport.method, 'transport.method');
  if (method === 'webhook' || method === 'conduit') {
    if (user) throw badRequest('invalid transport and auth combination');
    throw invalidParameter('transport.method', 'the emulator implements the websocket transport only');
  }
  if (method !== 'websocket') throw invalidParameter('transport.method', 'must be websocket, webhook or conduit');
  if (!user) throw badRequest('invalid transport and auth combination');
  return { sessionId: readString(transport.session_id, 'transport.session_id'), user };
}

function encodeCursor(seq: number): string {
  return Buffer.from(JSON.stringify({ s: seq }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const seq: unknown = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown } | null)?.s;
    return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 ? seq : null;
  } catch {
    return null;
  }
}

const settingsBody = z
  .object({
    unused_timeout_ms: z.number().int().min(10).max(600_000).optional(),
    reconnect_grace_ms: z.number().int().min(10).max(600_000).optional(),
    keepalive_interval_ms: z.number().int().min(10).max(600_000).nullable().optional(),
    ping_interval_ms: z.number().int().min(50).max(3_600_000).optional(),
  })
  .strict();

const revocationBody = z
  .object({
    subscription_id: z.string().min(1),
    status: z.enum(['authorization_revoked', 'user_removed', 'version_removed']).optional(),
  })
  .strict();

function settingsView(settings: EventSubSettings) {
  return {
    unused_timeout_ms: settings.unusedTimeoutMs,
    reconnect_grace_ms: settings.reconnectGraceMs,
    keepalive_interval_ms: settings.keepaliveIntervalMs,
    ping_interval_ms: settings.pingIntervalMs,
  };
}

function registerEventSubSimulationRoutes(app: FastifyInstance, hub: EventSubHub): void {
  const state = app.emulatorState;

  app.get('/_emulator/eventsub/settings', () => settingsView(state.eventSub.settings));

  app.post('/_emulator/eventsub/settings', (request) => {
    const body = parseSimulationBody(settingsBody, request.body);
    const settings = state.eventSub.settings;
    if (body.unused_timeout_ms !== undefined) settings.unusedTimeoutMs = body.unused_timeout_ms;
    if (body.reconnect_grace_ms !== undefined) settings.reconnectGraceMs = body.reconnect_grace_ms;
    if (body.keepalive_interval_ms !== undefined) settings.keepaliveIntervalMs = body.keepalive_interval_ms;
    if (body.ping_interval_ms !== undefined) settings.pingIntervalMs = body.ping_interval_ms;
    return settingsView(settings);
  });

  app.get('/_emulator/eventsub/sessions', () => ({ sessions: hub.list() }));

  app.get('/_emulator/eventsub/subscriptions', () => ({
    subscriptions: state.eventSub.list().map((s) => ({ ...subscriptionView(s), client_id: s.clientId, user_id: s.userId })),
  }));

  app.post('/_emulator/eventsub/revocations', (request) => {
    const body = parseSimulationBody(revocationBody, request.body);
    const subscription = state.eventSub.get(body.subscription_id);
    if (!subscription) throw notFound(`Unknown subscription "${body.subscription_id}"`);
    if (subscription.status !== 'enabled') throw conflict(`Subscription "${subscription.id}" is ${subscription.status}`);
    const status: SubscriptionStatus = body.status ?? 'user_removed';
    hub.revoke([subscription], status);
    return { ...subscriptionView(subscription), status };
  });
}
