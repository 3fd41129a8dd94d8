/**
 * One HTTP/1.1 request written byte for byte on a TCP socket, for targets that HTTP clients
 * normalise or refuse before sending (`/./_emulator`, `/%5Femulator`, absolute-form
 * `http://evil.example/...`, broken escapes, spaces). Answers the status, headers and body; rejects
 * when the connection ends without a status line (a dropped connection).
 */
import net from 'node:net';

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

export function rawCall(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string> = { host: `${hostname}:${port}`, ...request.headers, connection: 'close' };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const head = [`${request.method ?? 'GET'} ${request.target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${request.body ?? ''}`));
    socket.setTimeout(request.timeoutMs ?? 5000, () => socket.destroy(new Error(`no answer to ${request.target.slice(0, 80)}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, split === -1 ? raw.length : split).toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})[^\r\n]*/.exec(head);
      if (!match || split === -1) {
        reject(new Error(`connection closed without an answer (${raw.length} bytes)`));
        return;
      }
      const responseHeaders: Record<string, string> = {};
      for (const line of head.slice(match[0].length).split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) responseHeaders[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body: Buffer = raw.subarray(split + 4);
      if (responseHeaders['transfer-encoding'] === 'chunked') body = unchunk(body);
      const text = body.toString('utf8');
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      resolve({ status: Number(match[1]), headers: responseHeaders, text, json });
    });
  });
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) break;
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
  return Buffer.concat(parts);
}
