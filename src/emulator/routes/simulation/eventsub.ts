/**
 * The EventSub part of the simulation API (design.md, "The emulator's contract"): the transport's
 * timings, the live sessions, every subscription, and revoking one. Loopback only (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, notFound } from '../../domain/api-error';
import { eventSubOf } from '../../eventsub/eventsub-state';
import { subscriptionView } from '../../eventsub/messages';
import { eventSubHubOf } from '../../eventsub/session-hub';
import type { EventSubSettings, SubscriptionStatus } from '../../eventsub/subscription-store';
import { parseSimulationBody } from '../../http/simulation-body';
import type { EventSubSettingsView, EventSubSubscriptionRecord, RevocationRequest } from '../../http/views/wire/eventsub';
import '../../http/app-state';

const settingsBody = z.lazy(() =>
  z
    .object({
      unused_timeout_ms: z.number().int().min(10).max(600_000).optional(),
      reconnect_grace_ms: z.number().int().min(10).max(600_000).optional(),
      keepalive_interval_ms: z.number().int().min(10).max(600_000).nullable().optional(),
      ping_interval_ms: z.number().int().min(50).max(3_600_000).optional(),
    })
    .strict() satisfies z.ZodType<Partial<EventSubSettingsView>>,
);

const revocationBody = z.lazy(() =>
  z
    .object({
      subscription_id: z.string().min(1),
      status: z.enum(['authorization_revoked', 'user_removed', 'version_removed']).optional(),
    })
    .strict() satisfies z.ZodType<RevocationRequest>,
);

function settingsView(settings: EventSubSettings): EventSubSettingsView {
  return {
    unused_timeout_ms: settings.unusedTimeoutMs,
    reconnect_grace_ms: settings.reconnectGraceMs,
    keepalive_interval_ms: settings.keepaliveIntervalMs,
    ping_interval_ms: settings.pingIntervalMs,
  };
}

export function registerEventSubSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  const subscriptions = () => eventSubOf(state).subscriptions;

  app.get('/_emulator/eventsub/settings', () => settingsView(subscriptions().settings));

  app.post('/_emulator/eventsub/settings', (request) => {
    const body = parseSimulationBody(settingsBody, request.body);
    const settings = subscriptions().settings;
    if (body.unused_timeout_ms !== undefined) settings.unusedTimeoutMs = body.unused_timeout_ms;
    if (body.reconnect_grace_ms !== undefined) settings.reconnectGraceMs = body.reconnect_grace_ms;
    if (body.keepalive_interval_ms !== undefined) settings.keepaliveIntervalMs = body.keepalive_interval_ms;
    if (body.ping_interval_ms !== undefined) settings.pingIntervalMs = body.ping_interval_ms;
    return settingsView(settings);
  });

  app.get('/_emulator/eventsub/sessions', () => ({ sessions: eventSubHubOf(state)?.list() ?? [] }));

  app.get('/_emulator/eventsub/subscriptions', () => ({
    subscriptions: subscriptions()
      .list()
      .map((s): EventSubSubscriptionRecord => ({ ...subscriptionView(s), client_id: s.clientId, user_id: s.userId })),
  }));

  app.post('/_emulator/eventsub/revocations', (request) => {
    const body = parseSimulationBody(revocationBody, request.body);
    const subscription = subscriptions().get(body.subscription_id);
    if (!subscription) throw notFound(`Unknown subscription "${body.subscription_id}"`);
    if (subscription.status !== 'enabled') throw conflict(`Subscription "${subscription.id}" is ${subscription.status}`);
    const status: SubscriptionStatus = body.status ?? 'user_removed';
    const hub = eventSubHubOf(state);
    if (hub) hub.revoke([subscription], status);
    else subscriptions().remove(subscription.id);
    return { ...subscriptionView(subscription), status };
  });
}
