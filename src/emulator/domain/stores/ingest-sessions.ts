/**
 * What the emulator's RTMP ingest has seen: one record per publish attempt, and the ingest's
 * settings. Lives on the emulator state beside the event bus and, like it, survives a reset (a
 * reset must not forget an encoder that is still connected).
 */

export type IngestSessionState = 'publishing' | 'ended' | 'refused';

export interface IngestSession {
  id: string;
  /** The ingest directory entry the encoder connected to. */
  serverId: number;
  serverName: string;
  /** The stream key's owner; null when the key matched nobody. */
  userId: string | null;
  /** The live stream this publish feeds; null for a bandwidth test or a refused publish. */
  streamId: string | null;
  bandwidthTest: boolean;
  state: IngestSessionState;
  /** Why a publish was refused or ended by the platform (not by the encoder), else null. */
  reason: string | null;
  bytes: number;
  /** Average since the publish began. */
  bitrateKbps: number;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  /** The frame rate the encoder declared (metadata), else the one measured from frame timestamps. */
  fps: number | null;
  /** Between the last two key frames received, in seconds. */
  keyframeIntervalS: number | null;
  /** Real (wall-clock) milliseconds; the views show RFC 3339. */
  startedAt: number;
  endedAt: number | null;
}

/** Which publishes a simulated drop cuts; both empty: every publishing session. */
export interface IngestDropFilter {
  userId?: string;
  sessionId?: string;
}

export interface IngestSettings {
  /** How long a live stream outlives a dropped publish; a re-publish within it continues the same stream. */
  reconnectGraceMs: number;
}

/**
 * Not a documented platform figure: long enough for OBS's automatic reconnect (its first retry comes
 * after a couple of seconds) to continue the same stream, short enough that a stream someone ended
 * goes offline promptly.
 */
export const DEFAULT_RECONNECT_GRACE_MS = 30_000;

/** Ended and refused records kept for the simulation API; older ones are dropped. */
const KEEP_FINISHED = 200;

export class IngestSessionStore {
  settings: IngestSettings = { reconnectGraceMs: DEFAULT_RECONNECT_GRACE_MS };
  private readonly records = new Map<string, IngestSession>();
  /** Set by the running RTMP ingest: disconnects a user's publishes (stream key reset). */
  private keyResetHandler: ((userId: string) => void) | null = null;
  /** Set by the running RTMP ingest: cuts publishing connections as a network drop would. */
  private dropHandler: ((filter: IngestDropFilter) => IngestSession[]) | null = null;

  add(session: IngestSession): void {
    this.records.set(session.id, session);
    this.prune();
  }

  get(id: string): IngestSession | undefined {
    return this.records.get(id);
  }

  list(): IngestSession[] {
    return [...this.records.values()];
  }

  onKeyReset(handler: ((userId: string) => void) | null): void {
    this.keyResetHandler = handler;
  }

  onDrop(handler: ((filter: IngestDropFilter) => IngestSession[]) | null): void {
    this.dropHandler = handler;
  }

  /**
   * Cuts the connections of the publishes `filter` names (all when empty), as a network drop would:
   * the encoder sees its connection reset, and the stream stays live for the reconnect grace.
   * Answers the sessions cut (none when no ingest runs).
   */
  drop(filter: IngestDropFilter): IngestSession[] {
    return this.dropHandler?.(filter) ?? [];
  }

  /** The user's stream key changed: their publishes on the old key end now. */
  keyReset(userId: string): void {
    this.keyResetHandler?.(userId);
  }

  private prune(): void {
    const finished = [...this.records.values()].filter((r) => r.state !== 'publishing');
    for (const record of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.records.delete(record.id);
  }
}
