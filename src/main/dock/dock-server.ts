/**
 * Dock mode: the same IPC contract over loopback HTTP + WebSocket, so the real renderer runs in
 * any browser (an OBS Custom Browser Dock, or Chromium in the end-to-end tests).
 *
 * Built on the loopback server (`services/common/loopback-server.ts`): 127.0.0.1 only, its Host and
 * Origin guard, sockets and heartbeat. Every request needs the per-install secret (as an
 * Authorization header), or a session cookie given in exchange for it when the printed URL is
 * opened, a Host of this server (DNS rebinding) and, for calls and the event socket, an Origin of
 * this server. The cookie holds a
 * random session token, never the secret: cookies ignore ports, so every other server on 127.0.0.1
 * that the browser visits receives it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { DOCK_EVENTS_PATH, DOCK_IPC_PATH, type DockEventFrame } from '../../shared/ipc/transport';
import { MAX_MEDIA_BASE64_CHARS, type IpcResult } from '../../shared/ipc/contract';
import { boundText, type IpcRouter } from '../ipc/ipc-router';
import { systemClock, type Clock } from '../../shared/primitives/clock';
import type { Logger } from '../services/logger';
import { contentSecurityPolicyWith } from '../security';
import { sameSecret } from '../services/common/constant-time';
import { bearerToken, loopbackOrigins, readStaticFile, refuseForeignRequest, safeDecode, sendText } from '../services/common/loopback-http';
import { LoopbackServer, type LoopbackRequest, type Refusal } from '../services/common/loopback-server';
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

/**
 * The largest call is a media file for alerts (a 20 MB video, in base64) with its name; only a
 * caller with the secret gets this far.
 */
export const MAX_BODY_BYTES = MAX_MEDIA_BASE64_CHARS + 64 * 1024;
/** The largest message an event-socket client may send; it should send none. */
const MAX_SOCKET_PAYLOAD = 4096;

export async function startDockServer(options: DockServerOptions): Promise<RunningDock> {
  const { router, rendererDir, secret, logger } = options;
  /** Session tokens handed out as cookies; they expire, and die with the server. */
  const sessions = new DockSessions(options.clock ?? systemClock, { ...defaultDockSessionLimits, ...options.sessionLimits });
  /** Event sockets and the session that opened each (null: the secret itself, in a header). */
  const clients = new Map<WebSocket, string | null>();
  const cookieName = (port: number) => `sidestage_dock_${port}`; // cookies ignore ports: one name per server

  /** The session the request came with (null: the secret in a header), or false when it has neither. */
  const authorise = (req: IncomingMessage, port: number): string | null | false => {
    const header = bearerToken(req);
    if (header !== null) return sameSecret(header, secret) ? null : false;
    const session = cookie(req.headers.cookie, cookieName(port));
    return session !== null && sessions.use(session) ? session : false;
  };
  const refusedSecret: Refusal = [401, 'Open the dock URL that Sidestage printed (it carries the secret).'];

  /** Event sockets of sessions that expired or were evicted are closed: the page reloads through the dock URL. */
  const closeExpiredSockets = (): void => {
    for (const [ws, session] of clients) if (session !== null && !sessions.isLive(session)) ws.close(4401, 'The dock session ended; reload the dock.');
  };

  async function handleRequest(req: IncomingMessage, res: ServerResponse, { url, port }: LoopbackRequest): Promise<void> {
    const presentedSecret = url.searchParams.get('secret');
    if (req.method === 'GET' && presentedSecret !== null) {
      if (!sameSecret(presentedSecret, secret)) return sendText(res, 401, 'That dock secret is not right.');
      url.searchParams.delete('secret');
      const session = sessions.create();
      closeExpiredSockets();
      res.writeHead(303, {
        'set-cookie': `${cookieName(port)}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        // Always the renderer's root: a path taken from the request could be `//another.site/`.
        location: `/${url.search}`,
        'cache-control': 'no-store',
      });
      return void res.end();
    }

    const isCall = url.pathname.startsWith(DOCK_IPC_PATH);
    // A call must say where it comes from: a page of this server.
    const refused = isCall ? refuseForeignRequest(req, port, { needsOrigin: true }) : null;
    if (refused) return sendText(res, refused[0], refused[1]);
    if (authorise(req, port) === false) return sendText(res, ...refusedSecret);

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
    return serveStatic(url.pathname, port, res);
  }

  async function serveStatic(pathname: string, port: number, res: ServerResponse): Promise<void> {
    const found = await readStaticFile(rendererDir, pathname === '/' ? '/index.html' : pathname);
    if (!found) return sendText(res, 404, 'Not found');
    res.writeHead(200, {
      'content-type': found.contentType,
      'content-security-policy': contentSecurityPolicyWith({ connectSrc: loopbackOrigins(port).map((o) => o.replace('http', 'ws')), frameSrc: options.frameOrigins?.() ?? [] }),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    res.end(found.content);
  }

  function admitSocket(req: IncomingMessage, { url, port }: LoopbackRequest): Refusal | ((ws: WebSocket) => void) {
    if (url.pathname !== DOCK_EVENTS_PATH) return [404, 'Not found'];
    const session = authorise(req, port);
    if (session === false) return refusedSecret;
    return (ws) => {
      clients.set(ws, session);
      if (session !== null) sessions.socketOpened(session);
      ws.on('close', () => {
        clients.delete(ws);
        if (session !== null) sessions.socketClosed(session);
      });
      // The event socket is one-way: main -> renderer.
      ws.on('message', () => ws.close(1003, 'This socket only sends'));
    };
  }

  const server = new LoopbackServer({ name: 'dock', logger, maxSocketPayload: MAX_SOCKET_PAYLOAD, onRequest: handleRequest, onUpgrade: admitSocket });
  const offEvents = router.onEvent((event, payload) => {
    closeExpiredSockets();
    const frame = JSON.stringify({ event, payload } satisfies DockEventFrame);
    for (const client of clients.keys()) if (client.readyState === client.OPEN) client.send(frame);
  });

  let port: number;
  try {
    port = await server.listen(options.port ?? 0);
  } catch (error) {
    offEvents();
    throw error;
  }
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?secret=${encodeURIComponent(secret)}`,
    origin,
    port,
    sessionCount: () => sessions.size,
    async close() {
      sessions.clear();
      offEvents();
      await server.stop();
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
