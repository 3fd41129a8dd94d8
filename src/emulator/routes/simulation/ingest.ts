/**
 * The simulation API of the RTMP ingest (docs/emulator/ingest.md): its sessions, its settings, and
 * the stream key reset the platform offers only on its dashboard.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toRfc3339 } from '../../clock';
import { notFound } from '../../http/api-error';
import { parseSimulationBody } from '../../http/simulation-body';
import * as ids from '../../ids';
import type { IngestSession, IngestSettings } from '../../domain/ingest-sessions';
import '../../http/app-state';

const settingsBody = z.object({ reconnect_grace_ms: z.number().int().min(0).max(600_000).optional() }).strict();

export function ingestSessionView(session: IngestSession) {
  return {
    id: session.id,
    server_id: session.serverId,
    server_name: session.serverName,
    user_id: session.userId,
    stream_id: session.streamId,
    bandwidth_test: session.bandwidthTest,
    state: session.state,
    reason: session.reason,
    bytes: session.bytes,
    bitrate_kbps: session.bitrateKbps,
    video_codec: session.videoCodec,
    audio_codec: session.audioCodec,
    width: session.width,
    height: session.height,
    fps: session.fps,
    keyframe_interval_s: session.keyframeIntervalS,
    started_at: new Date(session.startedAt).toISOString(),
    ended_at: session.endedAt === null ? null : new Date(session.endedAt).toISOString(),
  };
}

const dropBody = z.object({ user_id: z.string().min(1).optional(), session_id: z.string().min(1).optional() }).strict();

const settingsView = (settings: IngestSettings) => ({ reconnect_grace_ms: settings.reconnectGraceMs });

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

  app.get('/_emulator/ingest/settings', () => settingsView(state.ingest.settings));

  app.post('/_emulator/ingest/settings', (request) => {
    const body = parseSimulationBody(settingsBody, request.body);
    if (body.reconnect_grace_ms !== undefined) state.ingest.settings.reconnectGraceMs = body.reconnect_grace_ms;
    return settingsView(state.ingest.settings);
  });

  app.post<{ Params: { user_id: string } }>('/_emulator/streams/:user_id/key/reset', (request) => {
    parseSimulationBody(z.object({}).strict(), request.body);
    const channel = state.channels.get(request.params.user_id);
    if (!channel) throw notFound(`Unknown user "${request.params.user_id}"`);
    channel.streamKey = ids.streamKey(channel.broadcasterId);
    state.ingest.keyReset(channel.broadcasterId);
    return { user_id: channel.broadcasterId, stream_key: channel.streamKey, reset_at: toRfc3339(state.clock.now()) };
  });
}
