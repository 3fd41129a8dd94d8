/**
 * The one loopback server every Sidestage listener (the dock, the overlay pages, the control API)
 * is built on: HTTP and WebSocket on 127.0.0.1 (or, for the phone deck, the one local network
 * address the broadcaster chose: never every interface), with the guards they all need, so that
 * each of them writes only its routes.
 *
 * - Every request and upgrade needs a Host of this server (DNS rebinding) and, when it sends one,
 *   an Origin of it; an upgrade must send one. Refusals are a status and a sentence.
 * - Upgrades are taken by `ws` (the protocol is not written here), frames bounded by `maxSocketPayload`,
 *   and a socket that stops answering pings is dropped (a page that vanished without closing).
 * - Moving to another port binds the new one first and only then stops the old: a port that cannot
 *   be had (in use, refused) leaves the old one serving, with its sockets.
 * - Nothing a client does ends the process: every server and socket has an 'error' listener, a
 *   handler that throws answers a 500 and is logged.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../logger';
import { answerClientErrors, parseRequestTarget, refuseForeignRequest, refuseUpgrade, sendText } from './loopback-http';

/** A refusal: the HTTP status and the sentence that says why. */
export type Refusal = [status: number, sentence: string];

export interface LoopbackRequest {
  /** The request target, already parsed (`parseRequestTarget`). */
  url: URL;
  /** The port this request arrived on (during a move, the old one's requests still see the old one). */
  port: number;
}

export interface LoopbackServerOptions {
  /** Names the server in logs: "dock", "overlays". */
  name: string;
  logger: Logger;
  /** A request past the Host and Origin guard. */
  onRequest(req: IncomingMessage, res: ServerResponse, request: LoopbackRequest): Promise<void>;
  /**
   * An upgrade past the guard (with an Origin of this server): the refusal, or what takes the socket
   * once open. Without it every upgrade is refused.
   */
  onUpgrade?(req: IncomingMessage, request: LoopbackRequest): Refusal | ((ws: WebSocket) => void);
  /**
   * Whether an upgrade must send an Origin (default true: the dock's and overlays' pages are in a
   * browser). A server whose sockets need a token in a header, which no web page can set on a
   * WebSocket, may take clients that send none (a Stream Deck plugin); a foreign Origin is refused either way.
   */
  upgradesNeedOrigin?: boolean;
  /** The largest frame a client may send (ws closes the socket on a larger one). */
  maxSocketPayload?: number;
  /** How often every socket must answer a ping. */
  heartbeatMs?: number;
}

interface Listener {
  server: Server;
  port: number;
  address: string;
  sockets: Set<WebSocket>;
}

const DEFAULT_HEARTBEAT_MS = 20_000;
const DEFAULT_MAX_SOCKET_PAYLOAD = 4096;

export class LoopbackServer {
  private current: Listener | null = null;
  /** One move or stop at a time: a second waits for the first. */
  private moving: Promise<unknown> = Promise.resolve();
  private readonly webSockets: WebSocketServer;
  private readonly alive = new WeakSet<WebSocket>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: LoopbackServerOptions) {
    this.webSockets = new WebSocketServer({ noServer: true, maxPayload: options.maxSocketPayload ?? DEFAULT_MAX_SOCKET_PAYLOAD });
    this.webSockets.on('error', (error) => options.logger.warn(`${options.name}: socket server error`, { reason: error.message }));
  }

  get port(): number | null {
    return this.current?.port ?? null;
  }

  get origin(): string | null {
    return this.current === null ? null : `http://${this.current.address}:${this.current.port}`;
  }

  /** The address it listens on (127.0.0.1 unless told another), or null while stopped. */
  get address(): string | null {
    return this.current?.address ?? null;
  }

  /** The sockets open now. */
  get sockets(): ReadonlySet<WebSocket> {
    return this.current?.sockets ?? new Set();
  }

  /**
   * Listens on `address`:`port` (127.0.0.1 unless told another IPv4 address; 0: a free port) and
   * answers the port. When already listening, binds the new one first, then stops the old (its
   * sockets are closed); the address and port it is on already are kept as they are. Rejects with
   * Node's error (EADDRINUSE, EACCES, EADDRNOTAVAIL) when they cannot be had; the old one serves on.
   */
  listen(port: number, address = '127.0.0.1'): Promise<number> {
    // Every interface at once is never what a listener here means.
    if (address === '0.0.0.0' || address === '::' || address === '') return Promise.reject(new Error('A Sidestage server listens on one address, never on every interface.'));
    const moved = this.moving.then(() => this.move(port, address));
    this.moving = moved.catch(() => undefined);
    return moved;
  }

  /** Stops listening; every socket is closed. */
  stop(): Promise<void> {
    const stopped = this.moving.then(async () => {
      const old = this.current;
      this.current = null;
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      if (old) await this.close(old);
    });
    this.moving = stopped.catch(() => undefined);
    return stopped;
  }

  private async move(port: number, address: string): Promise<number> {
    const old = this.current;
    if (old && port !== 0 && old.port === port && old.address === address) return port;
    const next = await this.bind(port, address);
    this.current = next;
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.checkHeartbeats(), this.options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
      this.heartbeat.unref();
    }
    if (old) await this.close(old);
    return next.port;
  }

  private async bind(port: number, address: string): Promise<Listener> {
    const { logger, name } = this.options;
    // A missing Host is refused by the guard with a sentence (421) rather than by Node with an empty 400.
    const server = createServer({ requireHostHeader: false });
    const listener: Listener = { server, port, address, sockets: new Set() };
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.request(listener, req, res).catch((error: unknown) => {
        logger.error(`${name}: request failed`, { error });
        if (!res.headersSent) sendText(res, 500, 'Internal error');
        else res.end();
      });
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(listener, req, socket, head));
    answerClientErrors(server, logger, name);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, address, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => logger.error(`${name}: server error`, { error }));
    const bound = server.address();
    listener.port = typeof bound === 'object' && bound ? bound.port : port;
    return listener;
  }

  private async close(listener: Listener): Promise<void> {
    for (const ws of listener.sockets) ws.terminate();
    listener.sockets.clear();
    listener.server.closeAllConnections();
    await new Promise<void>((resolve) => listener.server.close(() => resolve()));
  }

  private async request(listener: Listener, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = parseRequestTarget(req.url);
    if (url === null) return sendText(res, 400, 'The request target is not a valid path.');
    const refused = refuseForeignRequest(req, listener.port, { needsOrigin: false, address: listener.address });
    if (refused) return sendText(res, refused[0], refused[1]);
    await this.options.onRequest(req, res, { url, port: listener.port });
  }

  private upgrade(listener: Listener, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const { logger, name } = this.options;
    // Node hands the raw socket over without an error listener: a reset mid-handshake would end the process.
    socket.on('error', (error) => logger.debug(`${name}: upgrade socket error`, { reason: error.message }));
    try {
      const url = parseRequestTarget(req.url);
      if (url === null) return refuseUpgrade(socket, 400, 'The request target is not a valid path.');
      const refused = refuseForeignRequest(req, listener.port, { needsOrigin: this.options.upgradesNeedOrigin ?? true, address: listener.address });
      if (refused) return refuseUpgrade(socket, refused[0], refused[1]);
      if (!this.options.onUpgrade) return refuseUpgrade(socket, 404, 'Not found');
      const admitted = this.options.onUpgrade(req, { url, port: listener.port });
      if (Array.isArray(admitted)) return refuseUpgrade(socket, admitted[0], admitted[1]);
      this.webSockets.handleUpgrade(req, socket, head, (ws) => this.accept(listener, ws, admitted));
    } catch (error) {
      logger.error(`${name}: upgrade failed`, { error });
      socket.destroy();
    }
  }

  private accept(listener: Listener, ws: WebSocket, take: (ws: WebSocket) => void): void {
    if (this.current !== listener) return void ws.terminate(); // it moved while this one was handshaking
    listener.sockets.add(ws);
    this.alive.add(ws);
    // ws reports a bad frame (too large, invalid UTF-8, unmasked, reserved bits or opcodes) here, then closes.
    ws.on('error', (error) => this.options.logger.debug(`${this.options.name}: socket closed on a bad frame`, { reason: error.message }));
    ws.on('close', () => listener.sockets.delete(ws));
    ws.on('pong', () => this.alive.add(ws));
    take(ws);
  }

  private checkHeartbeats(): void {
    for (const ws of this.current?.sockets ?? []) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}
