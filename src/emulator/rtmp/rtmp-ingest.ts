/**
 * What an RTMP publish means to the platform (docs/emulator/ingest.md): `app/<stream key>` with a
 * broadcaster's current key goes live (`stream.online`); the encoder going away ends the stream
 * after the reconnect grace unless it publishes again; an unknown key is refused; `?bandwidthtest=true`
 * is received and measured but never goes live; a key reset ends the publish at once.
 *
 * The protocol is node-media-server's session code. Its own 30-second publish grace is turned off:
 * this module's grace replaces it.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type RtmpSession from 'node-media-server/src/session/rtmp_session.js';
import type { IngestServerDefinition } from '../catalogue/ingest-servers';
import type { EmulatorState } from '../domain/emulator-state';
import { startChannelStream } from '../domain/streams';
import type { IngestDropFilter, IngestSession } from '../domain/stores/ingest-sessions';

type Packet = Parameters<RtmpSession['onPacket']>[0];
type RtmpSessionClass = typeof RtmpSession;

const owners = new Map<string, RtmpIngest>();
let library: Promise<RtmpSessionClass> | null = null;

/**
 * The library is loaded on the first connection, not at start: the in-process demo emulator starts
 * on the dock's cold-start path, and loading the protocol code costs tens of milliseconds there.
 */
function loadLibrary(): Promise<RtmpSessionClass> {
  library ??= (async () => {
    const [session, context, logger] = await Promise.all([
      import('node-media-server/src/session/rtmp_session.js'),
      import('node-media-server/src/core/context.js'),
      import('node-media-server/src/core/logger.js'),
    ]);
    // Embedded use: the library would otherwise print every connection to the app's stdout.
    logger.default.log = () => {};
    // The library keeps its sessions' events on one process-wide emitter: one listener per process
    // hands each event to the ingest that owns the session, whatever the number of emulators.
    const events = context.default.eventEmitter;
    events.on('prePublish', (s: RtmpSession) => owners.get(s.id)?.prePublish(s));
    // The platform's ingest takes publishes only; nobody watches a stream from it.
    events.on('prePlay', (s: RtmpSession) => {
      if (owners.has(s.id)) s.close();
    });
    return session.default;
  })();
  return library;
}

interface Connection {
  session: RtmpSession;
  server: IngestServerDefinition;
  record: IngestSession | null;
  lastKeyframeDts: number | null;
  firstVideoDts: number | null;
  videoFrames: number;
}

/** A connection silent this long (no handshake, or an encoder that stopped sending) is closed. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export class RtmpIngest {
  private state: EmulatorState | null = null;
  private readonly connections = new Map<string, Connection>();
  /** Per user: the stream that outlives a dropped publish until the grace ends. */
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS) {}

  attach(state: EmulatorState): void {
    this.state = state;
    state.ingest.onKeyReset((userId) => this.keyReset(userId));
    state.ingest.onDrop((filter) => this.drop(filter));
  }

  accept(socket: Socket, server: IngestServerDefinition): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    // A client that connects and never speaks would otherwise hold the socket for the emulator's life.
    socket.setTimeout(this.idleTimeoutMs, () => socket.destroy());
    // Bytes that arrive while the library loads wait in the socket's buffer.
    socket.pause();
    void loadLibrary().then(
      (Session) => {
        if (this.closed || socket.destroyed) return void socket.destroy();
        // A session that cannot start ends its own connection, never the process.
        try {
          this.startSession(new Session(socket), server);
        } catch {
          socket.destroy();
        }
      },
      () => socket.destroy(),
    );
  }

  private startSession(session: RtmpSession, server: IngestServerDefinition): void {
    const connection: Connection = { session, server, record: null, lastKeyframeDts: null, firstVideoDts: null, videoFrames: 0 };
    this.connections.set(session.id, connection);
    owners.set(session.id, this);
    session.run();
    session.rtmp.onPacketCallback = (packet) => {
      // Nobody plays from the ingest, so audio and video frames are only measured: repackaging each
      // one for players (the library's broadcast) would double the ingest's CPU. Metadata and codec
      // headers still go through, as the library reads the encoder's declared metadata there.
      if (packet.flags === 0 || packet.flags === 2 || packet.flags === 5) session.onPacket(packet);
      this.measure(connection, packet);
    };
    session.socket.on('close', () => this.socketClosed(connection));
    session.socket.resume();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    this.state?.ingest.onKeyReset(null);
    this.state?.ingest.onDrop(null);
    for (const { session } of this.connections.values()) {
      owners.delete(session.id);
      session.socket.destroy();
    }
  }

  prePublish(session: RtmpSession): void {
    const connection = this.connections.get(session.id);
    if (!connection) return;
    session.broadcast.publishGraceMs = 0;
    const state = this.state;
    const bandwidthTest = session.streamQuery.bandwidthtest === 'true';
    const channel = state?.channels.list().find((c) => c.streamKey === session.streamName);
    const record: IngestSession = {
      id: randomUUID(),
      serverId: connection.server.id,
      serverName: connection.server.name,
      userId: channel?.broadcasterId ?? null,
      streamId: null,
      bandwidthTest,
      state: 'publishing',
      reason: null,
      bytes: session.inBytes,
      bitrateKbps: 0,
      videoCodec: null,
      audioCodec: null,
      width: null,
      height: null,
      fps: null,
      keyframeIntervalS: null,
      startedAt: Date.now(),
      endedAt: null,
    };
    connection.record = record;
    const refusal =
      state === null
        ? 'the ingest is not ready'
        : session.streamApp !== 'app'
          ? `unknown application "${session.streamApp}"`
          : !channel
            ? 'unknown stream key'
            : session.broadcast.publisher !== null
              ? 'the stream key is already publishing'
              : null;
    if (state) state.ingest.add(record);
    if (refusal !== null || !state || !channel) {
      record.state = 'refused';
      record.reason = refusal;
      record.endedAt = record.startedAt;
      session.close();
      return;
    }
    if (bandwidthTest) return;
    const userId = channel.broadcasterId;
    const pending = this.graceTimers.get(userId);
    if (pending) {
      clearTimeout(pending);
      this.graceTimers.delete(userId);
    }
    // A re-publish within the grace (or onto a stream the simulation API started) continues it.
    const stream = state.streams.get(userId) ?? startChannelStream(state, userId);
    record.streamId = stream.id;
  }

  private measure(connection: Connection, packet: Packet): void {
    const record = connection.record;
    if (!record) return;
    const { session } = connection;
    record.bytes = session.inBytes;
    const seconds = (Date.now() - record.startedAt) / 1000;
    if (seconds > 0) record.bitrateKbps = Math.round((record.bytes * 8) / 1000 / seconds);
    if (packet.codec_type === 8 && packet.flags <= 1) record.audioCodec ??= audioCodecName(packet.codec_id);
    if (packet.codec_type === 9 && packet.flags >= 2 && packet.flags <= 4) {
      record.videoCodec ??= videoCodecName(packet.codec_id);
      if (packet.flags === 3) {
        if (connection.lastKeyframeDts !== null && packet.dts > connection.lastKeyframeDts) {
          record.keyframeIntervalS = (packet.dts - connection.lastKeyframeDts) / 1000;
        }
        connection.lastKeyframeDts = packet.dts;
      }
      if (packet.flags !== 2) {
        connection.firstVideoDts ??= packet.dts;
        connection.videoFrames += 1;
        const span = packet.dts - connection.firstVideoDts;
        if (!(session.videoFramerate > 0) && span > 0) {
          record.fps = Math.round(((connection.videoFrames - 1) * 1000 * 100) / span) / 100;
        }
      }
    }
    if (packet.flags === 5) {
      // The metadata the encoder declared, as node-media-server read it for its publisher.
      if (session.videoWidth > 0) record.width = session.videoWidth;
      if (session.videoHeight > 0) record.height = session.videoHeight;
      if (session.videoFramerate > 0) record.fps = session.videoFramerate;
    }
  }

  private socketClosed(connection: Connection): void {
    const { session, record } = connection;
    this.connections.delete(session.id);
    owners.delete(session.id);
    if (!record || record.state !== 'publishing') return;
    record.state = 'ended';
    record.endedAt = Date.now();
    record.bytes = session.inBytes;
    if (this.closed || record.userId === null || record.streamId === null) return;
    const { userId, streamId } = record;
    const stillPublishing = [...this.connections.values()].some((c) => c.record?.state === 'publishing' && c.record.userId === userId && !c.record.bandwidthTest);
    if (stillPublishing || !this.state) return;
    const grace = this.state.ingest.settings.reconnectGraceMs;
    const timer = setTimeout(() => {
      this.graceTimers.delete(userId);
      this.endStream(userId, streamId);
    }, grace);
    this.graceTimers.set(userId, timer);
  }

  /** Ends the stream this ingest fed, unless something else replaced it meanwhile. */
  private endStream(userId: string, streamId: string): void {
    const state = this.state;
    if (state && state.streams.get(userId)?.id === streamId) state.streams.end(userId);
  }

  /**
   * A simulated network drop: the publishing sockets are destroyed (the encoder sees a reset
   * connection). Unlike a key reset, the platform keeps the stream for the reconnect grace, so an
   * encoder that reconnects in time continues the same stream.
   */
  private drop(filter: IngestDropFilter): IngestSession[] {
    const cut: IngestSession[] = [];
    for (const { session, record } of this.connections.values()) {
      if (record?.state !== 'publishing') continue;
      if (filter.userId !== undefined && record.userId !== filter.userId) continue;
      if (filter.sessionId !== undefined && record.id !== filter.sessionId) continue;
      record.reason = 'connection dropped (simulation API)';
      cut.push(record);
      // The close handler ends the record and starts the grace, as for any encoder that goes away.
      session.socket.destroy();
    }
    return cut;
  }

  private keyReset(userId: string): void {
    const pending = this.graceTimers.get(userId);
    if (pending) clearTimeout(pending);
    this.graceTimers.delete(userId);
    const streamIds = new Set<string>();
    for (const { session, record } of this.connections.values()) {
      if (record?.state !== 'publishing' || record.userId !== userId) continue;
      record.state = 'ended';
      record.reason = 'stream key reset';
      record.endedAt = Date.now();
      if (record.streamId !== null) streamIds.add(record.streamId);
      session.socket.destroy();
    }
    // The old key cannot reconnect, so no grace: the stream ends with the publish.
    for (const streamId of streamIds) this.endStream(userId, streamId);
  }
}

function videoCodecName(id: number): string {
  if (id === 7) return 'h264';
  if (id === 12) return 'hevc';
  const fourCC = id > 0xffffff ? Buffer.from([id >>> 24, (id >>> 16) & 255, (id >>> 8) & 255, id & 255]).toString('latin1') : '';
  if (fourCC === 'hvc1') return 'hevc';
  if (fourCC === 'av01') return 'av1';
  if (fourCC === 'vp09') return 'vp9';
  return fourCC || `flv-video-${id}`;
}

function audioCodecName(id: number): string {
  if (id === 10) return 'aac';
  if (id === 2) return 'mp3';
  return `flv-audio-${id}`;
}
