/**
 * EventSub's subscription rules (spec part 6, platform facts "EventSub over WebSocket"): a type
 * that needs authorization needs one of its scopes and its condition naming the token user; the
 * session must be live and, once bound, belong to the same client and user; no duplicates; at most
 * 3 sessions per client and user, 300 subscriptions per session and a total cost of 10.
 */
import { ApiError, badRequest, conflict, forbidden, notFound } from '../domain/api-error';
import type { EmulatorState } from '../domain/emulator-state';
import type { User } from '../domain/stores/users';
import { eventSubOf } from './eventsub-state';
import type { EventSubHub } from './session-hub';
import type { EventSubStore, EventSubSubscription } from './subscription-store';
import type { SubscriptionTypeSpec } from './subscription-types';

export const MAX_SUBSCRIPTIONS_PER_SESSION = 300;
export const MAX_SESSIONS_PER_USER = 3;
/** The WebSocket transport's cost limit per client+user. */
export const MAX_TOTAL_COST = 10;

export interface NewSubscription {
  spec: SubscriptionTypeSpec;
  condition: Record<string, string>;
  clientId: string;
  user: User;
  /** The token's scopes. */
  scopes: readonly string[];
  sessionId: string;
  now: number;
}

/** Create EventSub Subscription on a WebSocket session; binds the session to the client and user. */
export function subscribe(state: EmulatorState, hub: EventSubHub, input: NewSubscription): EventSubSubscription {
  const { spec, condition, clientId, user, sessionId } = input;
  const store = eventSubOf(state).subscriptions;
  if (spec.scopes.length > 0) {
    const denied = () => forbidden('subscription missing proper authorization');
    const groups = spec.everyGroup ?? [spec.scopes];
    if (!groups.every((group) => group.some((scope) => input.scopes.includes(scope)))) throw denied();
    if (spec.authorizedBy && condition[spec.authorizedBy] !== user.id) throw denied();
    if (spec.authorizedBy === 'moderator_user_id' && !state.moderators.canModerate(condition.broadcaster_user_id ?? '', user.id)) throw denied();
  }

  if (!hub.hasSession(sessionId)) throw badRequest('websocket transport session does not exist or has already disconnected');
  const owner = hub.sessionOwner(sessionId);
  if (owner && (owner.clientId !== clientId || owner.userId !== user.id)) {
    throw badRequest('websocket transport session belongs to another client ID or user');
  }
  if (store.findDuplicate({ type: spec.type, version: spec.version, condition, sessionId })) throw conflict('subscription already exists');

  if (!owner && hub.boundSessionCount(clientId, user.id) >= MAX_SESSIONS_PER_USER) {
    throw new ApiError(429, 'websocket transport limit exceeded');
  }
  if (store.enabledOnSession(sessionId).length >= MAX_SUBSCRIPTIONS_PER_SESSION) {
    throw new ApiError(429, 'websocket transport session subscription limit exceeded');
  }
  // The platform's rule: free when the type needs the user's authorization or the condition names the token user.
  const cost = spec.scopes.length > 0 || condition.broadcaster_user_id === user.id ? 0 : 1;
  if (store.totalCost(clientId, user.id) + cost > MAX_TOTAL_COST) throw new ApiError(429, 'subscription total cost exceeded');

  const subscription = store.add({
    type: spec.type,
    version: spec.version,
    condition,
    clientId,
    userId: user.id,
    sessionId,
    cost,
    createdAt: input.now,
    connectedAt: hub.sessionConnectedAt(sessionId) ?? input.now,
  });
  hub.bind(sessionId, clientId, user.id);
  return subscription;
}

/** Delete EventSub Subscription: only the client and user that made it may. */
export function unsubscribe(state: EmulatorState, id: string, clientId: string, userId: string | undefined): void {
  const store = eventSubOf(state).subscriptions;
  const subscription = store.get(id);
  if (!subscription || subscription.clientId !== clientId || subscription.userId !== userId) throw notFound('subscription not found');
  store.remove(id);
}

/** The counts every list and create answer carries. */
export function subscriptionTotals(store: EventSubStore, clientId: string, userId: string) {
  return { total: store.ownedBy(clientId, userId).length, total_cost: store.totalCost(clientId, userId), max_total_cost: MAX_TOTAL_COST };
}
