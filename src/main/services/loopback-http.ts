/** What Sidestage's loopback HTTP listeners (the dock, the OAuth callback) share about bad requests. */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from './logger';

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
