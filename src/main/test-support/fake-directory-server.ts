/**
 * Test support: a real loopback HTTP server standing in for the ingest directory, and real TCP
 * listeners standing in for ingest servers. Used by the ingest tests only.
 */
import http from 'node:http';
import net from 'node:net';

export type DirectoryHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FakeDirectoryServer {
  url: string;
  /** Requests seen so far. */
  readonly requests: number;
  /** What the next requests get. */
  respond(handler: DirectoryHandler): void;
  respondJson(body: unknown, status?: number): void;
  close(): Promise<void>;
}

export async function startFakeDirectory(initial?: DirectoryHandler): Promise<FakeDirectoryServer> {
  let handler: DirectoryHandler = initial ?? ((_req, res) => res.writeHead(404).end());
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    respond(next) {
      handler = next;
    },
    respondJson(body, status = 200) {
      handler = (_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    },
    close() {
      // Drops kept-alive and hanging connections too, so close never waits on a client.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TcpListener {
  port: number;
  close(): Promise<void>;
}

/** Accepts connections and closes them at once: enough for a connect-time probe. */
export async function startTcpListener(): Promise<TcpListener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on (bound, then released), so connecting is refused. */
export async function closedTcpPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A directory entry in the platform's shape. */
export function rawIngest(id: number, name: string, host: string, port?: number): Record<string, unknown> {
  const authority = port === undefined ? host : `${host}:${port}`;
  return {
    _id: id,
    name,
    url_template: `rtmp://${authority}/app/{stream_key}`,
    url_template_secure: `rtmps://${authority}/app/{stream_key}`,
    availability: 1,
    default: false,
    priority: id,
  };
}
