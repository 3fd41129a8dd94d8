/**
 * Dock mode: the same IPC contract over loopback HTTP + WebSocket, so the real renderer runs in
 * any browser (an OBS Custom Browser Dock, or Chromium in the end-to-end tests).
 *
 * Bound to 127.0.0.1. Every request needs the per-install secret (as an Authorization header), or
 * a session cookie given in exchange for it when the printed URL is opened, a Host of this server
 * (DNS rebinding) and, for calls and the event socket, an Origin of this server. The cookie holds a
 * random session token, never the secret: cookies ignore ports, so every other server on 127.0.0.1
 * that the browser visits receives it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { DOCK_EVENTS_PATH, DOCK_IPC_PATH, type DockEventFrame } from '../../shared/ipc/transport';
import type { IpcRouter } from '../ipc/ipc-router';
import type { Logger } from '../services/logger';
import { contentSecurityPolicy } from '../security';

export interface DockServerOptions {
  router: IpcRouter;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  secret: string;
  port?: number;
  logger: Logger;
}

export interface RunningDock {
  /** The URL to open: it carries the secret once, then the cookie does. */
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export async function startDockServer(options: DockServerOptions): Promise<RunningDock> {
  const { router, rendererDir, secret, logger } = options;
  const secretBytes = Buffer.from(secret);
  /** Session tokens handed out as cookies; they die with the server. */
  const sessions = new Set<string>();
  let port = 0;
  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = () => allowedHosts().map((h) => `http://${h}`);
  const cookieName = () => `sidestage_dock_${port}`; // cookies ignore ports: one name per server

  const isSecret = (presented: string): boolean => {
    const bytes = Buffer.from(presented);
    return bytes.length === secretBytes.length && timingSafeEqual(bytes, secretBytes);
  };
  const isAuthorised = (req: IncomingMessage): boolean => {
    const header = bearer(req.headers.authorization);
    if (header !== null) return isSecret(header);
    const session = cookie(req.headers.cookie, cookieName());
    return session !== null && sessions.has(session);
  };

  /** Host, Origin and secret; returns the refusal or null. */
  const refusal = (req: IncomingMessage, needsOrigin: boolean): [number, string] | null => {
    if (!allowedHosts().includes(req.headers.host ?? '')) return [421, 'This server answers only on its loopback address.'];
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin)) return [403, 'Requests from other sites are refused.'];
    if (needsOrigin && origin === undefined) return [403, 'An Origin header is required.'];
    if (!isAuthorised(req)) return [401, 'Open the dock URL that Sidestage printed (it carries the secret).'];
    return null;
  };

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      logger.error('dock request failed', { error });
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.end();
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${allowedHosts()[0]}`);
    const presentedSecret = url.searchParams.get('secret');
    if (req.method === 'GET' && presentedSecret !== null) {
      if (!allowedHosts().includes(req.headers.host ?? '')) return sendText(res, 421, 'This server answers only on its loopback address.');
      if (!isSecret(presentedSecret)) return sendText(res, 401, 'That dock secret is not right.');
      url.searchParams.delete('secret');
      const session = randomBytes(32).toString('base64url');
      sessions.add(session);
      res.writeHead(303, {
        'set-cookie': `${cookieName()}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        location: url.pathname + url.search,
        'cache-control': 'no-store',
      });
      return void res.end();
    }

    const isCall = url.pathname.startsWith(DOCK_IPC_PATH);
    const refused = refusal(req, isCall);
    if (refused) return sendText(res, refused[0], refused[1]);

    if (isCall) {
      if (req.method !== 'POST') return sendText(res, 405, 'Use POST.');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendText(res, 415, 'Send JSON.');
      const body = await readJson(req);
      if (!body.ok) return sendText(res, 400, body.message);
      const channel = safeDecode(url.pathname.slice(DOCK_IPC_PATH.length));
      if (channel === null) return sendText(res, 400, 'The channel name is not valid.');
      const arg = body.value && typeof body.value === 'object' ? (body.value as { arg?: unknown }).arg : undefined;
      const result = await router.dispatch(channel, arg, { trusted: true, description: `dock ${req.socket.remoteAddress ?? ''}` });
      return sendJson(res, 200, result);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.');
    return serveStatic(url.pathname, res);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const decoded = safeDecode(pathname);
    if (decoded === null) return sendText(res, 404, 'Not found');
    const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
    const file = normalize(join(rendererDir, relative));
    if (!file.startsWith(normalize(rendererDir) + sep)) return sendText(res, 404, 'Not found');
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      return sendText(res, 404, 'Not found');
    }
    res.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': `${contentSecurityPolicy.replace("connect-src 'self'", `connect-src 'self' ${allowedOrigins().map((o) => o.replace('http', 'ws')).join(' ')}`)}`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    res.end(content);
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refused = url.pathname === DOCK_EVENTS_PATH ? refusal(req, true) : ([404, 'Not found'] as [number, string]);
    if (refused) {
      socket.end(`HTTP/1.1 ${refused[0]} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  sockets.on('connection', (ws: WebSocket) => {
    // The event socket is one-way: main -> renderer.
    ws.on('message', () => ws.close(1003, 'This socket only sends'));
  });
  const offEvents = router.onEvent((event, payload) => {
    const frame = JSON.stringify({ event, payload } satisfies DockEventFrame);
    for (const client of sockets.clients) if (client.readyState === client.OPEN) client.send(frame);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?secret=${encodeURIComponent(secret)}`,
    origin,
    port,
    async close() {
      sessions.clear();
      offEvents();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}

function cookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, message: 'The request body is too large.' };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
