/** The RTMP ingest as the simulation API shows it (see `common.ts`). */

/** One publish attempt on the emulator's RTMP ingest (`GET /_emulator/ingest/sessions`). */
export interface IngestSessionView {
  id: string;
  /** The ingest directory entry (`_id`) the encoder connected to. */
  server_id: number;
  server_name: string;
  /** The stream key's owner; null when the key matched nobody. */
  user_id: string | null;
  /** The live stream the publish feeds; null for a bandwidth test or a refused publish. */
  stream_id: string | null;
  bandwidth_test: boolean;
  state: 'publishing' | 'ended' | 'refused';
  /** Why the platform refused or ended the publish (unknown key, key reset), else null. */
  reason: string | null;
  bytes: number;
  /** Average since the publish began. */
  bitrate_kbps: number;
  video_codec: string | null;
  audio_codec: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** Between the last two key frames received. */
  keyframe_interval_s: number | null;
  started_at: string;
  ended_at: string | null;
}

export interface IngestSettingsView {
  /** How long a dropped publish keeps the stream live; a re-publish within it continues the stream. */
  reconnect_grace_ms: number;
}

export interface IngestDropRequest {
  user_id?: string;
  session_id?: string;
}

export interface StreamKeyReset {
  user_id: string;
  stream_key: string;
  reset_at: string;
}
