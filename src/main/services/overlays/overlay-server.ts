/**
 * The overlay server: its own loopback listener (HTTP + WebSocket) serving the overlay pages that
 * OBS adds as browser sources, on a port kept across restarts so that their URLs keep working.
 *
 *   GET /overlay/<key>?token=T        the page (key: alerts, redemption, chat, goal/<id>)
 *   GET /assets/<file>                its script and style (the same for every page, no secret in them)
 *   GET /media/<id>?token=T           an alert's image or sound (the alerts overlay's token)
 *   WS  /overlay-socket/<key>?token=T what the page shows, as JSON frames (server -> page only)
 *
 * Every request needs a Host of this server, and an Origin of it when it sends one (the socket must):
 * the dock's guard (`loopback-http.ts`). A page needs its overlay's token, compared in constant time.
 * Pages can call nothing: the only way in is a GET, and the socket closes on anything a page sends.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { OVERLAY_PAGE_PREFIX, OVERLAY_SOCKET_PREFIX, overlayKeySchema, type OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import { answerClientErrors, loopbackOrigins, parseRequestTarget, readStaticFile, refuseForeignRequest, refuseUpgrade, sendText } from '../loopback-http';

export interface OverlayServerOptions {
  /** The built pages (out/overlays): index.html and assets/; null: none in this build. */
  pagesDir: string | null;
  logger: Logger;
  /** True when `token` is the overlay `key`'s current token (and the overlay exists). */
  isToken(key: string, token: string): boolean;
  /** What a page of `key` is sent when it connects. */
  initialFrames(key: string): OverlayFrame[];
  /** An alert's image or sound by id; null when there is none. */
  readMedia(id: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Pages open at once, all overlays together. */
  maxPages?: number;
  /** How often a page's socket must answer a ping (a page that vanished without closing is dropped). */
  heartbeatMs?: number;
}

/** The largest frame a page may send: it should send none. */
const MAX_PAGE_PAYLOAD = 1024;
const DEFAULT_MAX_PAGES = 64;

const refusedToken = 'This overlay link is not valid any more (it was reset, or copied incompletely). Copy it again from Sidestage’s Overlays panel.';

export class OverlayServer {
  private server: Server | null = null;
  private sockets: WebSocketServer | null = null;
  private readonly pages = new Map<WebSocket, string>();
  private readonly alive = new WeakSet<WebSocket>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private readonly pageChanges = new Emitter<void>();
  private listeningPort: number | null = null;

  constructor(private readonly options: OverlayServerOptions) {}

  get port(): number | null {
    return this.listeningPort;
  }

  get origin(): string | null {
    return this.listeningPort === null ? null : `http://127.0.0.1:${this.listeningPort}`;
  }

  /** Listens on 127.0.0.1:`port` (0: a free one); rejects with Node's error (EADDRINUSE...) when it cannot. */
  async start(port: number): Promise<number> {
    if (this.server) await this.stop();
    const server = createServer({ requireHostHeader: false }, (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.options.logger.error('overlay request failed', { error });
        if (!res.headersSent) sendText(res, 500, 'Internal error');
        else res.end();
      });
    });
    answerClientErrors(server, this.options.logger, 'overlays');
    const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_PAGE_PAYLOAD });
    sockets.on('error', (error) => this.options.logger.warn('overlay socket server error', { reason: error.message }));
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.options.logger.error('overlay server error', { error }));
    const address = server.address();
    this.listeningPort = typeof address === 'object' && address ? address.port : null;
    this.server = server;
    this.sockets = sockets;
    this.heartbeat = setInterval(() => this.checkHeartbeats(), this.options.heartbeatMs ?? 20_000);
    this.heartbeat.unref();
    return this.listeningPort ?? port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.listeningPort = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const ws of this.pages.keys()) ws.terminate();
    this.pages.clear();
    this.sockets?.close();
    this.sockets = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.pageChanges.fire();
  }

  /** Sends a frame to every page of the overlays `keys` matches. */
  send(keys: (key: string) => boolean, frame: OverlayFrame): void {
    let text: string | null = null;
    for (const [ws, key] of this.pages) {
      if (!keys(key) || ws.readyState !== ws.OPEN) continue;
      text ??= JSON.stringify(frame);
      ws.send(text);
    }
  }

  /** Pages of the overlay `key` open now. */
  pagesOpen(key: string): number {
    let count = 0;
    for (const open of this.pages.values()) if (open === key) count++;
    return count;
  }

  onPagesChange(listener: () => void): Disposer {
    return this.pageChanges.on(listener);
  }

  /** Closes the pages of `key` (its link was reset: they cannot come back with the old token). */
  closePages(key: string): void {
    for (const [ws, open] of this.pages) if (open === key) ws.close(4401, 'This overlay link was reset.');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const port = this.listeningPort ?? 0;
    const url = parseRequestTarget(req.url);
    if (url === null) return sendText(res, 400, 'The request target is not a valid path.');
    const refused = refuseForeignRequest(req, port, { needsOrigin: false });
    if (refused) return sendText(res, refused[0], refused[1]);
    // Overlays are read-only: nothing a page sends is read (a body is not waited for).
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Overlays are read-only: only GET.', { allow: 'GET, HEAD', connection: 'close' });
    const token = url.searchParams.get('token') ?? '';

    if (url.pathname.startsWith(OVERLAY_PAGE_PREFIX)) {
      const key = url.pathname.slice(OVERLAY_PAGE_PREFIX.length);
      if (!overlayKeySchema.safeParse(key).success) return sendText(res, 404, 'There is no such overlay.');
      if (!this.options.isToken(key, token)) return sendText(res, 401, refusedToken);
      const page = this.options.pagesDir === null ? null : await readStaticFile(this.options.pagesDir, '/index.html');
      if (!page) return sendText(res, 503, 'This build of Sidestage has no overlay pages: run `npm run build`.');
      res.writeHead(200, { ...this.pageHeaders(port), 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(req.method === 'HEAD' ? undefined : page.content);
    }
    if (url.pathname.startsWith('/assets/')) {
      const asset = this.options.pagesDir === null ? null : await readStaticFile(join(this.options.pagesDir, 'assets'), url.pathname.slice('/assets/'.length));
      if (!asset) return sendText(res, 404, 'Not found');
      // Built names carry a hash: a new build is a new name, so these can be kept.
      res.writeHead(200, { ...this.pageHeaders(port), 'content-type': asset.contentType, 'cache-control': 'public, max-age=31536000, immutable' });
      return void res.end(req.method === 'HEAD' ? undefined : asset.content);
    }
    if (url.pathname.startsWith('/media/')) {
      const id = url.pathname.slice('/media/'.length);
      if (!/^[0-9a-f]{32}$/.test(id)) return sendText(res, 404, 'Not found');
      if (!this.options.isToken('alerts', token)) return sendText(res, 401, refusedToken);
      const media = await this.options.readMedia(id);
      if (!media) return sendText(res, 404, 'Not found');
      res.writeHead(200, {
        ...this.pageHeaders(port),
        'content-type': media.contentType,
        'content-length': String(media.data.length),
        // An id always names the same bytes.
        'cache-control': 'private, max-age=86400',
      });
      return void res.end(req.method === 'HEAD' ? undefined : media.data);
    }
    return sendText(res, 404, 'Not found');
  }

  /** Loads nothing from anywhere but this server; may be framed only by Sidestage's own windows. */
  private pageHeaders(port: number): Record<string, string> {
    const sockets = loopbackOrigins(port).map((o) => o.replace('http', 'ws'));
    return {
      'content-security-policy': [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "media-src 'self'",
        "font-src 'self'",
        `connect-src ${sockets.join(' ')}`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self' http://127.0.0.1:* http://localhost:* file:",
      ].join('; '),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    };
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Node hands the raw socket over without an error listener: a reset mid-handshake would end the process.
    socket.on('error', (error) => this.options.logger.debug('overlay upgrade socket error', { reason: error.message }));
    try {
      const sockets = this.sockets;
      if (!sockets) return void socket.destroy();
      const url = parseRequestTarget(req.url);
      if (url === null) return refuseUpgrade(socket, 400, 'The request target is not a valid path.');
      if (!url.pathname.startsWith(OVERLAY_SOCKET_PREFIX)) return refuseUpgrade(socket, 404, 'Not found');
      const refused = refuseForeignRequest(req, this.listeningPort ?? 0, { needsOrigin: true });
      if (refused) return refuseUpgrade(socket, refused[0], refused[1]);
      const key = url.pathname.slice(OVERLAY_SOCKET_PREFIX.length);
      if (!overlayKeySchema.safeParse(key).success) return refuseUpgrade(socket, 404, 'There is no such overlay.');
      if (!this.options.isToken(key, url.searchParams.get('token') ?? '')) return refuseUpgrade(socket, 401, refusedToken);
      if (this.pages.size >= (this.options.maxPages ?? DEFAULT_MAX_PAGES)) return refuseUpgrade(socket, 503, 'Too many overlay pages are open at once.');
      sockets.handleUpgrade(req, socket, head, (ws) => this.accept(ws, key));
    } catch (error) {
      this.options.logger.error('overlay upgrade failed', { error });
      socket.destroy();
    }
  }

  private accept(ws: WebSocket, key: string): void {
    this.pages.set(ws, key);
    this.alive.add(ws);
    // ws reports a bad frame (too large, invalid UTF-8, unmasked, reserved bits or opcodes) here, then closes.
    ws.on('error', (error) => this.options.logger.debug('overlay page socket closed on a bad frame', { reason: error.message }));
    ws.on('close', () => {
      if (this.pages.delete(ws)) this.pageChanges.fire();
    });
    ws.on('pong', () => this.alive.add(ws));
    // A page only listens.
    ws.on('message', () => ws.close(1003, 'Overlay pages cannot send anything.'));
    for (const frame of this.options.initialFrames(key)) ws.send(JSON.stringify(frame));
    this.pageChanges.fire();
  }

  private checkHeartbeats(): void {
    for (const ws of this.pages.keys()) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}
