/**
 * Types for the parts of node-media-server 4.4.3 (plain JavaScript, no typings) that the ingest
 * uses: one RTMP session per socket, the process-wide context its sessions report to, and its logger.
 */
declare module 'node-media-server/src/session/rtmp_session.js' {
  import type { Socket } from 'node:net';

  interface AVPacket {
    codec_id: number;
    /** 8 audio, 9 video, 18 script data. */
    codec_type: number;
    /** 0 audio header, 1 audio frame, 2 video header, 3 key frame, 4 other frame, 5 metadata. */
    flags: number;
    dts: number;
    pts: number;
    size: number;
  }

  interface Broadcast {
    publishGraceMs: number;
    publisher: RtmpSession | null;
    getPublishStatus(): 'publishing' | 'reconnecting' | 'idle';
  }

  class RtmpSession {
    constructor(socket: Socket);
    readonly id: string;
    readonly socket: Socket;
    streamApp: string;
    streamName: string;
    streamPath: string;
    streamQuery: Record<string, string | string[] | undefined>;
    inBytes: number;
    videoWidth: number;
    videoHeight: number;
    videoFramerate: number;
    broadcast: Broadcast;
    rtmp: { onPacketCallback: (packet: AVPacket) => void };
    onPacket: (packet: AVPacket) => void;
    run(): void;
    close(): void;
  }
  export = RtmpSession;
}

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';

  const Context: { eventEmitter: EventEmitter; config: Record<string, unknown> };
  export = Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string; log(message: string, level?: string): void };
  export = logger;
}
