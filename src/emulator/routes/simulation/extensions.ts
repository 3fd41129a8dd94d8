/**
 * The extension part of the simulation API (design.md, "The emulator's contract"): an extension's
 * whole record, its owner and analytics start, channels' activations, and a secret made in the
 * developer console. The rules: `domain/extensions.ts`. Loopback only (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addConsoleSecret, setActivation, setExtensionSettings } from '../../domain/extensions';
import { extensionFor } from '../../http/extension-gate';
import { MAX_ACTIVATION_DELAY_S, VERSION_PATTERN } from '../../http/extension-params';
import { parseSimulationBody } from '../../http/simulation-body';
import { activationView, extensionView, legacySecretSet } from '../../http/views/extensions';
import type { ActivationRequest, ConsoleSecretRequest, ExtensionSettingsRequest } from '../../http/views/wire/extensions';
import '../../http/app-state';

type ClientParams = { Params: { client_id: string } };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

const extensionSettingsBody = z.lazy(() =>
  z
    .object({
      owner_id: z.string().min(1).nullable().optional(),
      analytics_since: z
        .string()
        .regex(dayPattern, 'must be a date YYYY-MM-DD')
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'must be a real date')
        .optional(),
    })
    .strict() satisfies z.ZodType<ExtensionSettingsRequest>,
);

const activationBody = z.lazy(() =>
  z
    .object({
      channel_id: z.string().min(1),
      activated: z.boolean().optional(),
      version: z.string().regex(VERSION_PATTERN, 'must be 1-64 letters, digits, ".", "_" or "-"').optional(),
    })
    .strict() satisfies z.ZodType<ActivationRequest>,
);

const base64 = z.string().regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'must be base64').min(4);

const consoleSecretBody = z.lazy(() =>
  z
    .object({
      content: base64.optional(),
      activation_delay_secs: z.number().int().min(0).max(MAX_ACTIVATION_DELAY_S).optional(),
    })
    .strict() satisfies z.ZodType<ConsoleSecretRequest>,
);

export function registerExtensionSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.get<ClientParams>('/_emulator/extensions/:client_id', (request) => extensionView(state, extensionFor(state, request.params.client_id).record));

  app.post<ClientParams>('/_emulator/extensions/:client_id', (request) => {
    const body = parseSimulationBody(extensionSettingsBody, request.body);
    const { record } = extensionFor(state, request.params.client_id);
    setExtensionSettings(state, record, {
      ownerId: body.owner_id,
      analyticsSince: body.analytics_since === undefined ? undefined : Date.parse(`${body.analytics_since}T00:00:00Z`),
    });
    return extensionView(state, record);
  });

  app.post<ClientParams>('/_emulator/extensions/:client_id/activations', (request) => {
    const body = parseSimulationBody(activationBody, request.body);
    const { record } = extensionFor(state, request.params.client_id);
    return activationView(state, setActivation(state, record, body.channel_id, body.activated ?? true, body.version));
  });

  app.post<ClientParams>('/_emulator/extensions/:client_id/secrets', (request) => {
    const body = parseSimulationBody(consoleSecretBody, request.body);
    const { record } = extensionFor(state, request.params.client_id);
    return legacySecretSet(addConsoleSecret(state, record, body.activation_delay_secs ?? 0, body.content));
  });
}
