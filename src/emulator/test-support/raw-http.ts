/**
 * Test support: talk to a loopback HTTP server byte by byte, as a hostile local process would, for
 * what a well-behaved client library normalises or refuses to send (`/./_emulator`, `/%5Femulator`,
 * absolute-form `http://evil.example/...`, broken escapes, spaces, bad WebSocket frames). The one
 * raw-HTTP helper of the emulator's tests and main's (dock, loopback listener, EventSub session).
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** The status of the first response, or null when the server sent none. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (or reset it) before the time limit. */
  closed: boolean;
  /** The connection was reset rather than answered. */
  reset: boolean;
  /** How many bytes the server sent in all. */
  bytes: number;
}

/** Sends the bytes on a new connection and reads until the server closes it or `timeoutMs` passes. */
export function rawExchange(port: number, bytes: string | Buffer, timeoutMs = 5_000, host = '127.0.0.1'): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    const chunks: Buffer[] = [];
    let reset = false;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      const { complete: _complete, ...answer } = parseResponse(raw);
      resolve({ ...answer, closed, reset, bytes: raw.length });
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // An accepted upgrade or a kept-alive answer stays open: stop once the answer is complete.
      const raw = Buffer.concat(chunks);
      const answer = parseResponse(raw);
      const length = Number(answer.headers['content-length'] ?? Number.NaN);
      if (answer.status === 101 || answer.complete || (Number.isInteger(length) && Buffer.byteLength(answer.body) >= length)) done(false);
    });
    socket.on('error', () => (reset = true));
    socket.on('close', () => done(true));
  });
}

export function parseResponse(raw: Buffer): Omit<RawAnswer, 'closed' | 'reset' | 'bytes'> & { complete: boolean } {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
  if (!match || end < 0) return { status: null, headers: {}, body: '', complete: false };
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(end + 4);
  if (headers['transfer-encoding'] !== 'chunked') return { status: Number(match[1]), headers, body: rest.toString('utf8'), complete: false };
  // Chunked: size line, data, CRLF, ... until the zero-size chunk.
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', at);
    if (lineEnd < 0) return { status: Number(match[1]), headers, body: Buffer.concat(parts).toString('utf8'), complete: false };
    const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return { status: Number(match[1]), headers, body: Buffer.concat(parts).toString('utf8'), complete: false };
    if (size === 0) return { status: Number(match[1]), headers, body: Buffer.concat(parts).toString('utf8'), complete: true };
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A raw HTTP/1.1 request with `Connection: close`, so the answer ends with the connection. */
export function rawRequest(method: string, target: string, headers: Record<string, string>, body = ''): string {
  const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close'];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  json: any;
}

export interface RawRequest {
  method?: string;
  /** Written as is on the request line. */
  target: string;
  /** Host is `127.0.0.1:<port>` unless given; Connection is always `close`. */
  headers?: Record<string, string>;
  body?: string;
  /** Rejects after this many milliseconds; 5,000 by default. */
  timeoutMs?: number;
}

/**
 * One request written as is to `baseUrl`'s port; answers the status, headers, body and its JSON.
 * Rejects when no status line came back (a dropped connection, or none within the time limit).
 */
export async function rawCall(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string> = { host: `${hostname}:${port}`, ...request.headers, connection: 'close' };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const head = [`${request.method ?? 'GET'} ${request.target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  const answer = await rawExchange(Number(port), `${head}\r\n\r\n${request.body ?? ''}`, request.timeoutMs ?? 5000, hostname);
  if (answer.status === null) {
    throw new Error(answer.closed ? `connection closed without an answer (${answer.bytes} bytes)` : `no answer to ${request.target.slice(0, 80)}`);
  }
  let json: unknown;
  try {
    json = answer.body === '' ? undefined : JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  return { status: answer.status, headers: answer.headers, text: answer.body, json };
}

export function upgradeHeaders(host: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Host: host,
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    ...extra,
  };
}

/** An open WebSocket on a raw socket: the handshake is done by hand, frames are written as given. */
export interface RawWebSocket {
  socket: Socket;
  /** Resolves with the close code the server sent (null: it closed without a close frame). */
  closed: Promise<{ code: number | null }>;
}

export function rawWebSocket(port: number, path: string, headers: Record<string, string>): Promise<RawWebSocket> {
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    let open = false;
    let closeCode: number | null = null;
    let settleClosed!: (value: { code: number | null }) => void;
    const closed = new Promise<{ code: number | null }>((r) => (settleClosed = r));
    socket.on('error', (error) => {
      if (!open) reject(error);
    });
    socket.on('close', () => {
      if (!open) reject(new Error(`the handshake failed: ${buffer.toString('latin1').split('\r\n')[0]}`));
      settleClosed({ code: closeCode });
    });
    socket.on('connect', () =>
      socket.write(rawRequest('GET', path, { ...headers, Upgrade: 'websocket', Connection: 'Upgrade', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key }).replace('Connection: close\r\n', '')),
    );
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!open) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(accept)) {
          socket.destroy();
          return;
        }
        open = true;
        buffer = buffer.subarray(end + 4);
        resolve({ socket, closed });
      }
      // The server's close frame comes last: opcode 8, unmasked, the code in its first two payload bytes.
      const at = buffer.lastIndexOf(0x88);
      if (at >= 0 && at + 4 <= buffer.length && (buffer[at + 1]! & 0x7f) >= 2 && (buffer[at + 1]! & 0x7f) < 126) {
        closeCode = buffer.readUInt16BE(at + 2);
        // A polite close waits for ours; the server's close frame is the answer we wanted.
        settleClosed({ code: closeCode });
      }
    });
  });
}

export interface FrameSpec {
  fin?: boolean;
  rsv?: number;
  opcode: number;
  masked?: boolean;
  payload?: Buffer;
  /** Declares this payload length in the header whatever the payload is (a lie, or a huge frame). */
  declaredLength?: number;
}

export function frame(spec: FrameSpec): Buffer {
  const payload = spec.payload ?? Buffer.alloc(0);
  const length = spec.declaredLength ?? payload.length;
  const masked = spec.masked ?? true;
  const first = ((spec.fin ?? true) ? 0x80 : 0) | (((spec.rsv ?? 0) & 7) << 4) | (spec.opcode & 0x0f);
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, (masked ? 0x80 : 0) | length]);
  else if (length < 65_536) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (masked ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([header, mask, body]);
}
