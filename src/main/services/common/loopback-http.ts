/**
 * What Sidestage's loopback HTTP listeners (the dock, the overlay server, the control API, the OAuth
 * callback) share: bad requests answered in words, the Host and Origin guard, the bearer token, and
 * built files served without traversal. The server they are built on is `loopback-server.ts`.
 */
import { readFile } from 'node:fs/promises';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger';

/**
 * The path and query of an origin-form request target (`/path?query`), parsed under a fixed
 * origin so `//host/` stays a path; null for anything else (`http://[`, `*`, an absolute URL),
 * which `new URL(target, base)` would throw on or resolve to another host.
 */
export function parseRequestTarget(target: string | undefined): URL | null {
  if (target === undefined || !target.startsWith('/')) return null;
  try {
    const url = new URL(`http://request.invalid${target}`);
    return url.host === 'request.invalid' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Requests Node's parser refuses (a malformed request line, oversized headers) get a status and
 * a sentence instead of an empty 400, and a reset peer is only logged.
 */
export function answerClientErrors(server: Server, logger: Logger | undefined, name: string): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    logger?.debug(`${name}: malformed request refused`, { reason: error.code ?? error.message });
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = clientErrorAnswers[error.code ?? ''] ?? [400, 'Bad Request', 'The request is malformed.'];
    endRaw(socket, status, reason, message);
  });
}

const clientErrorAnswers: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

/** Answers on a raw socket (a refused upgrade, a request the parser refused) and closes it. */
export function endRaw(socket: Duplex, status: number, reason: string, message: string): void {
  const body = Buffer.from(message, 'utf8');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\nContent-Length: ${body.length}\r\n\r\n${message}`,
  );
}

/**
 * The Host values a listener on `port` answers to (anything else may be DNS rebinding): on
 * 127.0.0.1 its two loopback names; on another address (the phone deck's, on the local network)
 * that address only.
 */
export function loopbackHosts(port: number, address = '127.0.0.1'): string[] {
  return address === '127.0.0.1' ? [`127.0.0.1:${port}`, `localhost:${port}`] : [`${address}:${port}`];
}

/** The pages a listener on `port` serves, as their Origin header names them. */
export function loopbackOrigins(port: number, address = '127.0.0.1'): string[] {
  return loopbackHosts(port, address).map((host) => `http://${host}`);
}

/**
 * The DNS-rebinding and cross-site guard every loopback listener applies to every request and
 * upgrade: a Host of this server, and an Origin of this server when one is sent (or required).
 * Answers the refusal as [status, sentence], or null when the request may go on.
 */
export function refuseForeignRequest(req: IncomingMessage, port: number, options: { needsOrigin: boolean; address?: string }): [number, string] | null {
  if (!loopbackHosts(port, options.address).includes(req.headers.host ?? '')) return [421, 'This server answers only on its own address.'];
  const origin = req.headers.origin;
  if (origin !== undefined && !loopbackOrigins(port, options.address).includes(origin)) return [403, 'Requests from other sites are refused.'];
  if (options.needsOrigin && origin === undefined) return [403, 'An Origin header is required.'];
  return null;
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** A refused WebSocket upgrade: a status and a sentence on the raw socket, then closed. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  endRaw(socket, status, STATUS_CODES[status] ?? 'Refused', message);
}

export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const staticContentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

/**
 * A built file under `rootDir` named by a request's path (percent-decoded here), or null when the
 * path leaves `rootDir` (`..`, an encoded `/`), cannot be decoded or names no readable file.
 */
export async function readStaticFile(rootDir: string, pathname: string): Promise<{ file: string; content: Buffer; contentType: string } | null> {
  const decoded = safeDecode(pathname);
  if (decoded === null || decoded.includes('\0')) return null;
  const file = normalize(join(rootDir, decoded.replace(/^\/+/, '')));
  if (!file.startsWith(normalize(rootDir) + sep)) return null;
  try {
    return { file, content: await readFile(file), contentType: staticContentTypes[extname(file)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}
