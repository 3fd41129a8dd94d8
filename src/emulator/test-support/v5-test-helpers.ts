/** Helpers for the v5 tests: request headers and hand-built image headers. */
import { V5_MEDIA_TYPE } from '../http/kraken-route';

/** The headers of a v5 request: the v5 Accept type, the Client-Id and, with a token, `OAuth <token>`. */
export function v5Headers(clientId: string, token?: string): Record<string, string> {
  return { accept: V5_MEDIA_TYPE, 'client-id': clientId, ...(token === undefined ? {} : { authorization: `OAuth ${token}` }) };
}

/** PNG signature and an IHDR chunk (CRC not checked): all the dimension parser reads. */
export function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes[24] = 8;
  bytes[25] = 6;
  return bytes;
}

/** A GIF header with its logical screen size. */
export function gifHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}
