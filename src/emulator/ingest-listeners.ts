/**
 * Real TCP listeners for the ingest directory, so a client's connect-latency probe gets real answers.
 * Each accepts a connection and closes it at once; nothing speaks RTMP.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { INGEST_SERVER_DEFINITIONS, type IngestServerDefinition } from './catalogue/ingest-servers';

export interface IngestServer extends IngestServerDefinition {
  host: string;
  port: number;
}

export interface IngestListeners {
  servers: IngestServer[];
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startIngestListeners(
  definitions: readonly IngestServerDefinition[] = INGEST_SERVER_DEFINITIONS,
): Promise<IngestListeners> {
  const listeners: Server[] = [];
  const sockets = new Set<Socket>();
  const servers: IngestServer[] = [];
  try {
    for (const definition of definitions) {
      if (definition.reachable) {
        const server = createServer((socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
          socket.end();
        });
        const port = await listen(server);
        listeners.push(server);
        servers.push({ ...definition, host: HOST, port });
      } else {
        servers.push({ ...definition, host: HOST, port: await closedPort() });
      }
    }
  } catch (error) {
    await Promise.all(listeners.map(closeServer));
    throw error;
  }
  return {
    servers,
    async close() {
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
  return new Promise((resolve) => server.close(() => resolve()));
}
