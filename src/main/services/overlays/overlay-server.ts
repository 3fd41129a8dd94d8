/**
 * The overlay server: its own loopback listener (HTTP + WebSocket) serving the overlay pages that
 * OBS adds as browser sources, on a port kept across restarts so that their URLs keep working.
 *
 *   GET /overlay/<key>?token=T        the page (key: alerts, redemption, chat, goal/<id>)
 *   GET /assets/<file>                its script and style (the same for every page, no secret in them)
 *   GET /media/<id>?token=T           an alert's image or sound (the alerts overlay's token)
 *   GET /speech/<id>?token=T          an alert's spoken words, a short-lived WAV (the alerts overlay's token)
 *   GET /chat-image/<key>?token=T     an emote or badge of the chat overlay (its token; `chat-images.ts`)
 *   GET /overlay-style/<key>?token=T  the overlay's custom CSS (checked when kept: `custom-css.ts`)
 *   WS  /overlay-socket/<key>?token=T what the page shows, as JSON frames (server -> page only);
 *                                     `&preview=1`: the editor's preview frame, sent the same frames
 *                                     but not counted as an open page (alerts do not play for it alone)
 *
 * Built on the loopback server (`common/loopback-server.ts`): its Host and Origin guard, its sockets
 * and heartbeat, and a port change that binds the new port before the old one stops. A page needs
 * its overlay's token (the overlay settings compare it in constant time).
 * Pages can call nothing: the only way in is a GET, and the socket closes on anything a page sends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { WebSocket } from 'ws';
import { CHAT_IMAGE_PREFIX, chatImageKeySchema, OVERLAY_PAGE_PREFIX, OVERLAY_SOCKET_PREFIX, OVERLAY_STYLE_PREFIX, overlayKeySchema, type OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { Logger } from '../logger';
import { loopbackOrigins, readStaticFile, sendText } from '../common/loopback-http';
import { LoopbackServer, type LoopbackRequest, type Refusal } from '../common/loopback-server';

export interface OverlayServerOptions {
  /** The built pages (out/overlays): index.html and assets/; null: none in this build. */
  pagesDir: string | null;
  logger: Logger;
  /** True when `token` is the overlay `key`'s current token (and the overlay exists). */
  isToken(key: string, token: string): boolean;
  /** What a page of `key` is sent when it connects. */
  initialFrames(key: string): OverlayFrame[];
  /** The overlay `key`'s custom CSS (checked when kept); null: none. */
  customCss?(key: string): string | null;
  /** An alert's image or sound by id; null when there is none. */
  readMedia(id: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** An alert's spoken words (a WAV) by its clip's id, while it lives; null otherwise. */
  readSpeech?(id: string): Buffer | null;
  /** A chat overlay image by the key main minted for it; null when there is none. */
  readChatImage?(key: string): Promise<{ data: Buffer; contentType: string } | null>;
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
  private readonly server: LoopbackServer;
  private readonly pages = new Map<WebSocket, string>();
  /** The editor's preview frames among `pages`. */
  private readonly previews = new Set<WebSocket>();
  private readonly pageChanges = new Emitter<void>();

  constructor(private readonly options: OverlayServerOptions) {
    this.server = new LoopbackServer({
      name: 'overlays',
      logger: options.logger,
      maxSocketPayload: MAX_PAGE_PAYLOAD,
      heartbeatMs: options.heartbeatMs,
      onRequest: (req, res, request) => this.handle(req, res, request),
      onUpgrade: (_req, request) => this.upgrade(request),
    });
  }

  get port(): number | null {
    return this.server.port;
  }

  get origin(): string | null {
    return this.server.origin;
  }

  /**
   * Listens on 127.0.0.1:`port` (0: a free one). When it serves already, the new port is bound before
   * the old one stops; rejects with Node's error (EADDRINUSE...) when it cannot, and the old one serves on.
   */
  async start(port: number): Promise<number> {
    const before = this.server.port;
    const listening = await this.server.listen(port);
    if (before !== null && before !== listening) this.pageChanges.fire(); // the old port's pages were closed
    return listening;
  }

  async stop(): Promise<void> {
    const wasListening = this.server.port !== null;
    await this.server.stop();
    if (wasListening) this.pageChanges.fire();
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

  /** Pages of the overlay `key` open now (OBS, a browser), the editor's previews not counted. */
  pagesOpen(key: string): number {
    let count = 0;
    for (const [ws, open] of this.pages) if (open === key && !this.previews.has(ws) && this.server.sockets.has(ws)) count++;
    return count;
  }

  onPagesChange(listener: () => void): Disposer {
    return this.pageChanges.on(listener);
  }

  /** Closes the pages of `key` (its link was reset: they cannot come back with the old token). */
  closePages(key: string): void {
    for (const [ws, open] of this.pages) if (open === key) ws.close(4401, 'This overlay link was reset.');
  }

  private async handle(req: IncomingMessage, res: ServerResponse, { url, port }: LoopbackRequest): Promise<void> {
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
    if (url.pathname.startsWith(OVERLAY_STYLE_PREFIX)) {
      const key = url.pathname.slice(OVERLAY_STYLE_PREFIX.length);
      if (!overlayKeySchema.safeParse(key).success) return sendText(res, 404, 'There is no such overlay.');
      if (!this.options.isToken(key, token)) return sendText(res, 401, refusedToken);
      const css = this.options.customCss?.(key) ?? '';
      res.writeHead(200, { ...this.pageHeaders(port), 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(req.method === 'HEAD' ? undefined : css);
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
    if (url.pathname.startsWith('/speech/')) {
      const id = url.pathname.slice('/speech/'.length);
      if (!/^[0-9a-f]{32}$/.test(id)) return sendText(res, 404, 'Not found');
      if (!this.options.isToken('alerts', token)) return sendText(res, 401, refusedToken);
      const wav = this.options.readSpeech?.(id) ?? null;
      if (!wav) return sendText(res, 404, 'Not found');
      res.writeHead(200, { ...this.pageHeaders(port), 'content-type': 'audio/wav', 'content-length': String(wav.length), 'cache-control': 'no-store' });
      return void res.end(req.method === 'HEAD' ? undefined : wav);
    }
    if (url.pathname.startsWith(CHAT_IMAGE_PREFIX)) {
      const key = url.pathname.slice(CHAT_IMAGE_PREFIX.length);
      if (!chatImageKeySchema.safeParse(key).success || !this.options.readChatImage) return sendText(res, 404, 'Not found');
      if (!this.options.isToken('chat', token)) return sendText(res, 401, refusedToken);
      const image = await this.options.readChatImage(key);
      if (!image) return sendText(res, 404, 'Not found');
      res.writeHead(200, {
        ...this.pageHeaders(port),
        'content-type': image.contentType,
        'content-length': String(image.data.length),
        // A key always names the same image URL.
        'cache-control': 'private, max-age=86400',
      });
      return void res.end(req.method === 'HEAD' ? undefined : image.data);
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

  private upgrade({ url }: LoopbackRequest): Refusal | ((ws: WebSocket) => void) {
    if (!url.pathname.startsWith(OVERLAY_SOCKET_PREFIX)) return [404, 'Not found'];
    const key = url.pathname.slice(OVERLAY_SOCKET_PREFIX.length);
    if (!overlayKeySchema.safeParse(key).success) return [404, 'There is no such overlay.'];
    if (!this.options.isToken(key, url.searchParams.get('token') ?? '')) return [401, refusedToken];
    if (this.server.sockets.size >= (this.options.maxPages ?? DEFAULT_MAX_PAGES)) return [503, 'Too many overlay pages are open at once.'];
    const preview = url.searchParams.get('preview') === '1';
    return (ws) => this.accept(ws, key, preview);
  }

  private accept(ws: WebSocket, key: string, preview: boolean): void {
    this.pages.set(ws, key);
    if (preview) this.previews.add(ws);
    ws.on('close', () => {
      this.previews.delete(ws);
      if (this.pages.delete(ws)) this.pageChanges.fire();
    });
    // A page only listens.
    ws.on('message', () => ws.close(1003, 'Overlay pages cannot send anything.'));
    for (const frame of this.options.initialFrames(key)) ws.send(JSON.stringify(frame));
    this.pageChanges.fire();
  }
}
