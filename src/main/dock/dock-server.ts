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
import { timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { DOCK_EVENTS_PATH, DOCK_IPC_PATH, type DockEventFrame } from '../../shared/ipc/transport';
import type { IpcResult } from '../../shared/ipc/contract';
import { boundText, type IpcRouter } from '../ipc/ipc-router';
import { systemClock, type Clock } from '../../shared/primitives/clock';
import type { Logger } from '../services/logger';
import { contentSecurityPolicyWith } from '../security';
import {
  answerClientErrors,
  loopbackHosts,
  loopbackOrigins,
  parseRequestTarget,
  readStaticFile,
  refuseForeignRequest,
  refuseUpgrade,
  safeDecode,
  sendText,
} from '../services/loopback-http';
import { DockSessions, defaultDockSessionLimits, type DockSessionLimits } from './dock-sessions';

export interface DockServerOptions {
  router: IpcRouter;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  secret: string;
  port?: number;
  logger: Logger;
  /** Session expiry reads it; tests move it. */
  clock?: Pick<Clock, 'now'>;
  sessionLimits?: Partial<DockSessionLimits>;
  /** The one origin the renderer may frame: the overlay server's (the Overlays panel's preview). */
  frameOrigins?: () => string[];
}

export interface RunningDock {
  /** The URL to open: it carries the secret once, then the cookie does. */
  url: string;
  origin: string;
  port: number;
  /** Live sessions (cookies handed out and not expired). */
  sessionCount(): number;
  close(): Promise<void>;
}

/** A media file for alerts (5 MB, in base64) is the largest call; only a caller with the secret gets this far. */
const MAX_BODY_BYTES = 8_000_000;
/** The largest message an event-socket client may send; it should send none. */
const MAX_SOCKET_PAYLOAD = 4096;

export async function startDockServer(options: DockServerOptions): Promise<RunningDock> {
  const { router, rendererDir, secret, logger } = options;
  const secretBytes = Buffer.from(secret);
  /** Session tokens handed out as cookies; they expire, and die with the server. */
  const sessions = new DockSessions(options.clock ?? systemClock, { ...defaultDockSessionLimits, ...options.sessionLimits });
  /** Event sockets and the session that opened each (null: the secret itself, in a header). */
  const clients = new Map<WebSocket, string | null>();
  let port = 0;
  const allowedHosts = () => loopbackHosts(port);
  const allowedOrigins = () => loopbackOrigins(port);
  const cookieName = () => `sidestage_dock_${port}`; // cookies ignore ports: one name per server

  const isSecret = (presented: string): boolean => {
    const bytes = Buffer.from(presented);
    return bytes.length === secretBytes.length && timingSafeEqual(bytes, secretBytes);
  };
  /** The session the request came with (null: the secret in a header), or false when it has neither. */
  const authorise = (req: IncomingMessage): string | null | false => {
    const header = bearer(req.headers.authorization);
    if (header !== null) return isSecret(header) ? null : false;
    const session = cookie(req.headers.cookie, cookieName());
    return session !== null && sessions.use(session) ? session : false;
  };

  /** Host, Origin and secret: the refusal, or who was let in. */
  const check = (req: IncomingMessage, needsOrigin: boolean): { refused: [number, string] } | { session: string | null } => {
    const refused = refuseForeignRequest(req, port, { needsOrigin });
    if (refused) return { refused };
    const session = authorise(req);
    if (session === false) return { refused: [401, 'Open the dock URL that Sidestage printed (it carries the secret).'] };
    return { session };
  };

  /** Event sockets of sessions that expired or were evicted are closed: the page reloads through the dock URL. */
  const closeExpiredSockets = (): void => {
    for (const [ws, session] of clients) if (session !== null && !sessions.isLive(session)) ws.close(4401, 'The dock session ended; reload the dock.');
  };

  // A missing Host is refused below with a sentence (421) rather than by Node with an empty 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      logger.error('dock request failed', { error });
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.end();
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = parseRequestTarget(req.url);
    if (url === null) return sendText(res, 400, 'The request target is not a valid path.');
    const presentedSecret = url.searchParams.get('secret');
    if (req.method === 'GET' && presentedSecret !== null) {
      if (!allowedHosts().includes(req.headers.host ?? '')) return sendText(res, 421, 'This server answers only on its loopback address.');
      if (!isSecret(presentedSecret)) return sendText(res, 401, 'That dock secret is not right.');
      url.searchParams.delete('secret');
      const session = sessions.create();
      closeExpiredSockets();
      res.writeHead(303, {
        'set-cookie': `${cookieName()}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        // Always the renderer's root: a path taken from the request could be `//another.site/`.
        location: `/${url.search}`,
        'cache-control': 'no-store',
      });
      return void res.end();
    }

    const isCall = url.pathname.startsWith(DOCK_IPC_PATH);
    const checked = check(req, isCall);
    if ('refused' in checked) return sendText(res, checked.refused[0], checked.refused[1]);

    if (isCall) {
      if (req.method !== 'POST') return sendText(res, 405, 'Use POST.');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendText(res, 415, 'Send JSON.');
      const channel = safeDecode(url.pathname.slice(DOCK_IPC_PATH.length));
      if (channel === null) return sendText(res, 400, 'The channel name is not valid.');
      const body = await readJson(req);
      if (!body.ok) {
        if (body.status === 413) res.setHeader('connection', 'close'); // the rest of the body is not read
        return sendText(res, body.status, body.message);
      }
      const call = callArgument(body.value);
      if (!call.ok) return sendText(res, 400, call.message);
      const result = await router.dispatch(channel, call.arg, { trusted: true, description: `dock ${req.socket.remoteAddress ?? ''}` });
      return sendJson(res, statusOf(result), result);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.');
    return serveStatic(url.pathname, res);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const found = await readStaticFile(rendererDir, pathname === '/' ? '/index.html' : pathname);
    if (!found) return sendText(res, 404, 'Not found');
    res.writeHead(200, {
      'content-type': found.contentType,
      'content-security-policy': contentSecurityPolicyWith({ connectSrc: allowedOrigins().map((o) => o.replace('http', 'ws')), frameSrc: options.frameOrigins?.() ?? [] }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    res.end(found.content);
  }

  answerClientErrors(server, logger, 'dock');
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_PAYLOAD });
  sockets.on('error', (error) => logger.warn('dock event socket server error', { reason: error.message }));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands the raw socket over without an error listener: a reset mid-handshake would end the process.
    socket.on('error', (error) => logger.debug('dock upgrade socket error', { reason: error.message }));
    try {
      const url = parseRequestTarget(req.url);
      if (url === null) return refuseUpgrade(socket, 400, 'The request target is not a valid path.');
      if (url.pathname !== DOCK_EVENTS_PATH) return refuseUpgrade(socket, 404, 'Not found');
      const checked = check(req, true);
      if ('refused' in checked) return refuseUpgrade(socket, checked.refused[0], checked.refused[1]);
      sockets.handleUpgrade(req, socket, head, (ws) => accept(ws, checked.session));
    } catch (error) {
      logger.error('dock upgrade failed', { error });
      socket.destroy();
    }
  });
  function accept(ws: WebSocket, session: string | null): void {
    clients.set(ws, session);
    if (session !== null) sessions.socketOpened(session);
    // ws reports a bad frame (too large, invalid UTF-8, unmasked, reserved bits or opcodes) here, then closes.
    ws.on('error', (error) => logger.debug('dock event socket closed on a bad frame', { reason: error.message }));
    ws.on('close', () => {
      clients.delete(ws);
      if (session !== null) sessions.socketClosed(session);
    });
    // The event socket is one-way: main -> renderer.
    ws.on('message', () => ws.close(1003, 'This socket only sends'));
  }
  const offEvents = router.onEvent((event, payload) => {
    closeExpiredSockets();
    const frame = JSON.stringify({ event, payload } satisfies DockEventFrame);
    for (const client of clients.keys()) if (client.readyState === client.OPEN) client.send(frame);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger.error('dock server error', { error }));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?secret=${encodeURIComponent(secret)}`,
    origin,
    port,
    sessionCount: () => sessions.size,
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

/** Refusals of the router's own checks are client errors; a handler's outcome is a 200 either way. */
function statusOf(result: IpcResult<unknown>): number {
  if (result.ok) return 200;
  switch (result.error.code) {
    case 'invalid_argument':
      return 400;
    case 'untrusted_sender':
      return 403;
    case 'unknown_channel':
      return 404;
    default:
      return 200;
  }
}

/** A call's body is `{}` or `{"arg": ...}`; anything else is refused before the router sees it. */
function callArgument(body: unknown): { ok: true; arg: unknown } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The request body must be a JSON object: {} or {"arg": ...}.' };
  }
  const extra = Object.keys(body).filter((key) => key !== 'arg');
  if (extra.length > 0) return { ok: false, message: `The request body has fields other than "arg": ${boundText(extra.map((k) => JSON.stringify(k)).join(', '), 120)}.` };
  return { ok: true, arg: (body as { arg?: unknown }).arg };
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

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: 'The request body is too large.' };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON.' };
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
