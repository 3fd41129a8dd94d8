/**
 * EventSub's subscription endpoints (spec part 6; shapes from platform facts, "EventSub over
 * WebSocket"), also at Twitch CLI's `/eventsub/subscriptions` and under `/mock`. The rules (scopes,
 * sessions, limits, cost): `eventsub/subscribe.ts`; the WebSocket transport: `websocket.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter, missingParameter } from '../../../domain/api-error';
import type { EmulatorState } from '../../../domain/emulator-state';
import type { User } from '../../../domain/stores/users';
import { eventSubOf } from '../../../eventsub/eventsub-state';
import { subscriptionView } from '../../../eventsub/messages';
import { eventSubHubOf } from '../../../eventsub/session-hub';
import { MAX_TOTAL_COST, subscribe, subscriptionTotals, unsubscribe } from '../../../eventsub/subscribe';
import { SUBSCRIPTION_STATUSES } from '../../../eventsub/subscription-store';
import { subscriptionTypeSpec, type SubscriptionTypeSpec } from '../../../eventsub/subscription-types';
import { registerHelixRoute, type HelixContext } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { isNumericId } from '../../../ids';

export const PAGE_SIZE = 100;

const SUBSCRIPTIONS_PATH = '/eventsub/subscriptions';
const LIST_FILTERS = ['status', 'type', 'user_id', 'subscription_id'] as const;

export function registerEventSubRoutes(app: FastifyInstance): void {
  const route = { path: SUBSCRIPTIONS_PATH, auth: 'any', aliases: [SUBSCRIPTIONS_PATH] } as const;
  registerHelixRoute(app, { ...route, method: 'POST' }, (ctx) => createSubscription(ctx));
  registerHelixRoute(app, { ...route, method: 'GET' }, (ctx) => listSubscriptions(ctx));
  registerHelixRoute(app, { ...route, method: 'DELETE' }, (ctx) => {
    unsubscribe(ctx.state, ctx.query.required('id'), ctx.client.clientId, ctx.user?.id);
    return undefined;
  });
}

function createSubscription(ctx: HelixContext) {
  const { state, client, token } = ctx;
  const body = jsonObjectBody(ctx.body);
  const spec = readType(body);
  const condition = readCondition(state, spec, body.condition);
  const { sessionId, user } = readWebsocketTransport(body.transport, ctx.user);
  const hub = eventSubHubOf(state);
  if (!hub) throw badRequest('websocket transport session does not exist or has already disconnected');
  const subscription = subscribe(state, hub, { spec, condition, clientId: client.clientId, user, scopes: token.scopes, sessionId, now: ctx.now });
  ctx.reply.code(202);
  return { data: [subscriptionView(subscription)], ...subscriptionTotals(eventSubOf(state).subscriptions, client.clientId, user.id) };
}

function listSubscriptions(ctx: HelixContext) {
  const { query, state } = ctx;
  const given = LIST_FILTERS.filter((name) => (query.one(name) ?? '') !== '');
  if (given.length > 1) throw badRequest(`Use only one of the filters "${LIST_FILTERS.join('", "')}"`);
  const status = query.one('status');
  if (status && !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) throw invalidParameter('status', `unknown status "${status}"`);

  // Subscriptions of the WebSocket transport are listed to a user token of their client+user only.
  const store = eventSubOf(state).subscriptions;
  const owned = ctx.user ? store.ownedBy(ctx.client.clientId, ctx.user.id) : [];
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
    total_cost: ctx.user ? store.totalCost(ctx.client.clientId, ctx.user.id) : 0,
    max_total_cost: MAX_TOTAL_COST,
    pagination: items.length > page.length && last ? { cursor: encodeCursor(last.seq) } : {},
  };
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
