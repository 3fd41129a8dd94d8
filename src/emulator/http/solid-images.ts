/**
 * Solid-colour PNG and GIF images of a given size, served behind the cheermote image URLs so they
 * are real images of the sizes their scale promises.
 */
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return [0x80, 0x80, 0x80];
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function solidPng(width: number, height: number, color: Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(color, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF of one colour. Its LZW data is "uncompressed": a clear code before every two pixel codes
 * keeps the code width at 3 bits, which every decoder reads.
 */
export function solidGif(width: number, height: number, color: Rgb): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // global colour table of 2 entries
  const palette = Buffer.from([...color, 0, 0, 0]);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);

  const CLEAR = 4;
  const END = 5;
  const codes: number[] = [];
  const pixels = width * height;
  for (let i = 0; i < pixels; i++) {
    if (i % 2 === 0) codes.push(CLEAR);
    codes.push(0);
  }
  codes.push(END);
  const packed: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      packed.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) packed.push(buffer & 0xff);
  const blocks: number[] = [2]; // LZW minimum code size
  for (let i = 0; i < packed.length; i += 255) {
    const block = packed.slice(i, i + 255);
    blocks.push(block.length, ...block);
  }
  blocks.push(0);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, palette, descriptor, Buffer.from(blocks), Buffer.from([0x3b])]);
}
