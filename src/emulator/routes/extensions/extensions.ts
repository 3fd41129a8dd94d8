/**
 * Spec 4.14, the extension back end: secrets, live activated channels, required configuration and
 * configuration segments, at the spec's `{base_url}/extensions/<client_id>/...` paths and at the
 * current API's `/helix/extensions/...` paths (same state, the current API's shapes). The rules:
 * `domain/extensions.ts`; the simulation endpoints: `routes/simulation/extensions.ts`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, invalidParameter, missingParameter, unauthorized } from '../../domain/api-error';
import type { EmulatorState } from '../../domain/emulator-state';
import { liveActivatedChannels, readConfigurations, setConfigurationSegment, setRequiredConfiguration } from '../../domain/extensions';
import { authenticateExtension, extensionFor, headerValue, type ExtensionCaller } from '../../http/extension-gate';
import { channelParameter, parseActivationDelay, readConfigurationInput, segmentParameter, VERSION_PATTERN } from '../../http/extension-params';
import { HELIX_PREFIXES, registerHelixRoute } from '../../http/helix-route';
import { decodeOffsetCursor, encodeOffsetCursor, pageFrom } from '../../http/offset-cursor';
import { jsonObjectBody, RequestParams } from '../../http/request-params';
import { helixConfigurationView, helixSecretSet, legacyConfigurationMap, legacySecretSet } from '../../http/views/extensions';
import '../../http/app-state';

/** Channels per page of Get Live Channels with Extension Activated (the spec names no size). */
export const LEGACY_LIVE_CHANNELS_PAGE_SIZE = 100;

/** An optional JSON body: none counts as `{}`. */
function optionalJsonBody(body: unknown): Record<string, unknown> {
  return body === undefined ? {} : jsonObjectBody(body);
}

function extensionVersion(raw: unknown, name: string): string {
  if (raw === undefined || raw === null || raw === '') throw missingParameter(name);
  if (typeof raw !== 'string' || !VERSION_PATTERN.test(raw)) throw invalidParameter(name, 'must be 1-64 letters, digits, ".", "_" or "-"');
  return raw;
}

function requiredConfigurationValue(raw: unknown): string {
  if (raw === undefined || raw === null) throw missingParameter('required_configuration');
  if (typeof raw !== 'string') throw invalidParameter('required_configuration', 'must be a string');
  return raw;
}

export function registerExtensionRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  registerLegacyExtensionRoutes(app, state);
  registerHelixExtensionRoutes(app, state);
}

type ClientParams = { Params: { client_id: string } };

function registerLegacyExtensionRoutes(app: FastifyInstance, state: EmulatorState): void {
  const gate = async (request: FastifyRequest<ClientParams>): Promise<ExtensionCaller & { now: number }> => {
    const now = state.clock.now();
    return { ...(await authenticateExtension(request, state, request.params.client_id, now)), now };
  };

  app.post<ClientParams>('/extensions/:client_id/auth/secret', async (request) => {
    const { record, now } = await gate(request);
    const delay = parseActivationDelay(optionalJsonBody(request.body).activation_delay_secs, 'activation_delay_secs');
    return legacySecretSet(state.extensions.rotate(record, now, delay));
  });

  app.get<ClientParams>('/extensions/:client_id/auth/secret', async (request) => {
    const { record, now } = await gate(request);
    return legacySecretSet(state.extensions.currentSecrets(record, now));
  });

  app.delete<ClientParams>('/extensions/:client_id/auth/secret', async (request, reply) => {
    const { record } = await gate(request);
    state.extensions.revokeSecrets(record);
    return reply.code(204).send();
  });

  app.get<ClientParams>('/extensions/:client_id/live_activated_channels', (request) => {
    const { record } = extensionFor(state, request.params.client_id);
    const query = new RequestParams(request.query);
    const offset = decodeOffsetCursor(query.one('cursor'), 'cursor');
    const { page, next } = pageFrom(liveActivatedChannels(state, record), offset, LEGACY_LIVE_CHANNELS_PAGE_SIZE);
    return {
      channels: page.map(({ user, stream }) => ({
        game: state.game(stream.gameId)?.name ?? '',
        id: user.id,
        title: stream.title,
        username: user.login,
        view_count: String(stream.viewerCount),
      })),
      cursor: next === undefined ? '' : encodeOffsetCursor(next),
    };
  });

  app.put<{ Params: { client_id: string; extension_version: string } }>(
    '/extensions/:client_id/:extension_version/required_configuration',
    async (request, reply) => {
      const { record } = await gate(request);
      const version = extensionVersion(request.params.extension_version, 'extension_version');
      const channel = channelParameter(state, new RequestParams(request.query).one('channel_id'), 'channel_id');
      const value = requiredConfigurationValue(jsonObjectBody(request.body).required_configuration);
      setRequiredConfiguration(state, record, channel, version, value);
      return reply.code(204).send();
    },
  );

  app.put<ClientParams>('/extensions/:client_id/configurations', async (request, reply) => {
    const { record, now } = await gate(request);
    const body = jsonObjectBody(request.body);
    const input = readConfigurationInput(state, { segment: body.segment, channel: body.channel_id, content: body.content, version: body.version }, 'channel_id');
    setConfigurationSegment(state, record, input, now);
    return reply.code(204).send();
  });

  app.get<{ Params: { client_id: string; channel_id: string } }>('/extensions/:client_id/configurations/channels/:channel_id', async (request) => {
    const { record, now } = await gate(request);
    const channel = channelParameter(state, request.params.channel_id, 'channel_id');
    return legacyConfigurationMap(readConfigurations(state, record, ['broadcaster', 'developer'], channel.id, now));
  });

  app.get<{ Params: { client_id: string; segment: string } }>('/extensions/:client_id/configurations/segments/:segment', async (request) => {
    const { record, now } = await gate(request);
    const segment = segmentParameter(request.params.segment);
    const channelRaw = new RequestParams(request.query).one('channel_id');
    let channelId: string | null = null;
    if (segment === 'global') {
      if (channelRaw !== undefined && channelRaw !== '') throw badRequest('Parameter "channel_id" must not be given for the global segment');
    } else {
      channelId = channelParameter(state, channelRaw, 'channel_id').id;
    }
    return legacyConfigurationMap(readConfigurations(state, record, [segment], channelId, now));
  });
}

function registerHelixExtensionRoutes(app: FastifyInstance, state: EmulatorState): void {
  /** JWT endpoints of the current API: the extension is named by `extension_id` (query or body). */
  const helixGate = async (request: FastifyRequest, extensionId: unknown): Promise<ExtensionCaller & { now: number }> => {
    if (extensionId === undefined || extensionId === null || extensionId === '') {
      if (headerValue(request, 'client-id') === undefined) throw unauthorized('Client-Id header is missing');
      throw missingParameter('extension_id');
    }
    if (typeof extensionId !== 'string') throw invalidParameter('extension_id', 'must be a string');
    const now = state.clock.now();
    return { ...(await authenticateExtension(request, state, extensionId, now)), now };
  };

  for (const prefix of HELIX_PREFIXES) {
    app.get(`${prefix}/extensions/jwt/secrets`, async (request) => {
      const { record, now } = await helixGate(request, new RequestParams(request.query).one('extension_id'));
      return helixSecretSet(state.extensions.currentSecrets(record, now));
    });

    app.post(`${prefix}/extensions/jwt/secrets`, async (request) => {
      const query = new RequestParams(request.query);
      const { record, now } = await helixGate(request, query.one('extension_id'));
      const delay = parseActivationDelay(query.one('delay'), 'delay');
      return helixSecretSet(state.extensions.rotate(record, now, delay));
    });

    app.put(`${prefix}/extensions/required_configuration`, async (request, reply) => {
      const body = jsonObjectBody(request.body);
      const { record } = await helixGate(request, body.extension_id);
      const channel = channelParameter(state, new RequestParams(request.query).one('broadcaster_id'), 'broadcaster_id');
      const version = extensionVersion(body.extension_version, 'extension_version');
      const value = requiredConfigurationValue(body.required_configuration);
      setRequiredConfiguration(state, record, channel, version, value);
      return reply.code(204).send();
    });

    app.put(`${prefix}/extensions/configurations`, async (request, reply) => {
      const body = jsonObjectBody(request.body);
      const { record, now } = await helixGate(request, body.extension_id);
      const input = readConfigurationInput(state, { segment: body.segment, channel: body.broadcaster_id, content: body.content, version: body.version }, 'broadcaster_id');
      setConfigurationSegment(state, record, input, now);
      return reply.code(204).send();
    });

    app.get(`${prefix}/extensions/configurations`, async (request) => {
      const query = new RequestParams(request.query);
      const { record, now } = await helixGate(request, query.one('extension_id'));
      const segments = [...new Set(query.all('segment'))];
      if (segments.length === 0) throw missingParameter('segment');
      if (segments.length > 3) throw invalidParameter('segment', 'may be given at most 3 times');
      const types = segments.map((s) => segmentParameter(s));
      const channelRaw = query.one('broadcaster_id');
      let channelId: string | null = null;
      if (types.some((t) => t !== 'global')) channelId = channelParameter(state, channelRaw, 'broadcaster_id').id;
      return { data: readConfigurations(state, record, types, channelId, now).map(helixConfigurationView) };
    });
  }

  registerHelixRoute(app, { method: 'GET', path: '/extensions/live', auth: 'any' }, ({ query }) => {
    const { record } = extensionFor(state, query.required('extension_id'));
    const first = query.integer('first', { min: 1, max: 100, default: 20 });
    const offset = decodeOffsetCursor(query.one('after'), 'after');
    const { page, next } = pageFrom(liveActivatedChannels(state, record), offset, first);
    return {
      data: page.map(({ user, stream }) => ({
        broadcaster_id: user.id,
        broadcaster_name: user.displayName,
        game_name: state.game(stream.gameId)?.name ?? '',
        game_id: stream.gameId,
        title: stream.title,
      })),
      pagination: next === undefined ? '' : encodeOffsetCursor(next),
    };
  });
}
