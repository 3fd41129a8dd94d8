/**
 * The simulation API of the RTMP ingest (docs/emulator/ingest.md): its sessions, its settings, a
 * simulated network drop, and the stream key reset the platform offers only on its dashboard
 * (`domain/streams.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { notFound } from '../../domain/api-error';
import { resetStreamKey } from '../../domain/streams';
import { parseSimulationBody } from '../../http/simulation-body';
import { ingestSessionView, ingestSettingsView } from '../../http/views/ingest';
import type { IngestDropRequest, IngestSettingsView, StreamKeyReset } from '../../http/views/wire/ingest';
import '../../http/app-state';

const settingsBody = z.lazy(() =>
  z.object({ reconnect_grace_ms: z.number().int().min(0).max(600_000).optional() }).strict() satisfies z.ZodType<Partial<IngestSettingsView>>,
);
const dropBody = z.lazy(() =>
  z.object({ user_id: z.string().min(1).optional(), session_id: z.string().min(1).optional() }).strict() satisfies z.ZodType<IngestDropRequest>,
);

export function registerIngestSimulationRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.get('/_emulator/ingest/sessions', () => ({ sessions: state.ingest.list().map(ingestSessionView) }));

  // Cuts publishing connections as a network drop would; the stream stays live for the reconnect grace.
  app.post('/_emulator/ingest/sessions/drop', (request) => {
    const body = parseSimulationBody(dropBody, request.body);
    if (body.user_id !== undefined && !state.channels.get(body.user_id)) throw notFound(`Unknown user "${body.user_id}"`);
    if (body.session_id !== undefined && !state.ingest.get(body.session_id)) throw notFound(`Unknown ingest session "${body.session_id}"`);
    const dropped = state.ingest.drop({ userId: body.user_id, sessionId: body.session_id });
    return { sessions: dropped.map(ingestSessionView) };
  });

  app.get('/_emulator/ingest/settings', () => ingestSettingsView(state.ingest.settings));

  app.post('/_emulator/ingest/settings', (request) => {
    const body = parseSimulationBody(settingsBody, request.body);
    if (body.reconnect_grace_ms !== undefined) state.ingest.settings.reconnectGraceMs = body.reconnect_grace_ms;
    return ingestSettingsView(state.ingest.settings);
  });

  app.post<{ Params: { user_id: string } }>('/_emulator/streams/:user_id/key/reset', (request) => {
    parseSimulationBody(z.object({}).strict(), request.body);
    const reset = resetStreamKey(state, request.params.user_id);
    const answer: StreamKeyReset = { user_id: reset.userId, stream_key: reset.streamKey, reset_at: toRfc3339(reset.resetAt) };
    return answer;
  });
}
