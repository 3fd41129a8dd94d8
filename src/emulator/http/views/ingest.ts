/** The RTMP ingest's publish sessions and settings as the simulation API shows them. */
import type { IngestSession, IngestSettings } from '../../domain/stores/ingest-sessions';
import type { IngestSessionView, IngestSettingsView } from './wire/ingest';

export function ingestSessionView(session: IngestSession): IngestSessionView {
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

export const ingestSettingsView = (settings: IngestSettings): IngestSettingsView => ({ reconnect_grace_ms: settings.reconnectGraceMs });
