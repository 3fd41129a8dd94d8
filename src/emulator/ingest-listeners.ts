/**
 * The ingest directory's servers: one real RTMP server on 127.0.0.1 per reachable entry, so an
 * encoder (OBS, ffmpeg) can publish to `rtmp://127.0.0.1:<port>/app/<stream key>` and a latency
 * probe gets real answers. The RTMP protocol (handshake, chunks, AMF, FLV tags) is
 * node-media-server's session code; what a publish means for the platform is `rtmp/rtmp-ingest.ts`.
 * The listeners start before the emulator's state exists (the directory lists their ports), so the
 * publish rules are attached afterwards; a publish that arrives before is refused.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { INGEST_SERVER_DEFINITIONS, type IngestServer, type IngestServerDefinition } from './catalogue/ingest-servers';
import { RtmpIngest } from './rtmp/rtmp-ingest';
import type { EmulatorState } from './domain/emulator-state';

export interface IngestListeners {
  servers: IngestServer[];
  /** From now on publishes are judged against this state (stream keys, channels, streams). */
  attach(state: EmulatorState): void;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export interface IngestListenerOptions {
  /** Close a connection silent this long; 30 s by default. */
  idleTimeoutMs?: number;
}

export async function startIngestListeners(
  definitions: readonly IngestServerDefinition[] = INGEST_SERVER_DEFINITIONS,
  options: IngestListenerOptions = {},
): Promise<IngestListeners> {
  const ingest = new RtmpIngest(options.idleTimeoutMs);
  const sockets = new Set<Socket>();
  const listeners: Server[] = [];
  // Concurrently: the in-process demo emulator starts these on the dock's cold-start path.
  const started = await Promise.allSettled(
    definitions.map(async (definition): Promise<IngestServer> => {
      if (!definition.reachable) return { ...definition, host: HOST, port: await closedPort() };
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        // Until the RTMP session takes the socket over (it logs and closes on errors itself).
        socket.on('error', () => socket.destroy());
        ingest.accept(socket, definition);
      });
      // A listener error after listen() (rare: EMFILE on accept) must not crash the app's process.
      server.on('error', () => {});
      listeners.push(server);
      return { ...definition, host: HOST, port: await listen(server) };
    }),
  );
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(listeners.map(closeServer));
    throw failed.reason;
  }
  return {
    servers: started.map((r) => (r as PromiseFulfilledResult<IngestServer>).value),
    attach(state) {
      ingest.attach(state);
    },
    async close() {
      ingest.close();
      for (const socket of sockets) socket.destroy();
      await Promise.all(listeners.map(closeServer));
    },
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('ingest listener has no port'));
      else resolve(address.port);
    });
  });
}

/** A port that was free a moment ago and is closed now: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) resolve();
    else server.close(() => resolve());
  });
}
