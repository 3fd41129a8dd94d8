/**
 * The default custom-reward image (a white gift box on transparent ground, drawn over the reward's
 * background colour by clients) at the platform's three sizes, as real PNG files, so `default_image`
 * URLs load from the emulator instead of the network.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/api-error';
import '../../http/app-state';

/** `default-1.png` is 28x28 px, `-2` 56x56, `-4` 112x112. */
const SCALES: Record<string, number> = { '1': 1, '2': 2, '4': 4 };
const BASE_SIZE = 28;

export function registerCustomRewardImageRoutes(app: FastifyInstance): void {
  const cache = new Map<number, Buffer>();
  app.get<{ Params: { file: string } }>('/static/custom-reward-images/:file', (request, reply) => {
    const scale = SCALES[/^default-(\d)\.png$/.exec(request.params.file)?.[1] ?? ''];
    if (scale === undefined) throw notFound(`Unknown image "${request.params.file}"`);
    let png = cache.get(scale);
    if (!png) {
      png = giftBoxPng(BASE_SIZE * scale);
      cache.set(scale, png);
    }
    return reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(png);
  });
}

function insideGiftBox(x: number, y: number): boolean {
  const inRect = (x0: number, y0: number, x1: number, y1: number) => x >= x0 && x < x1 && y >= y0 && y < y1;
  if (inRect(0.46, 0.3, 0.54, 0.9)) return false; // the ribbon, left transparent
  if (inRect(0.14, 0.32, 0.86, 0.46) || inRect(0.2, 0.5, 0.8, 0.86)) return true;
  const ring = (cx: number, cy: number) => Math.abs(Math.hypot(x - cx, y - cy) - 0.085) < 0.035;
  return ring(0.38, 0.21) || ring(0.62, 0.21);
}

export function giftBoxPng(size: number): Buffer {
  const row = 1 + size * 4;
  const raw = Buffer.alloc(row * size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      if (!insideGiftBox((px + 0.5) / size, (py + 0.5) / size)) continue;
      raw.fill(0xff, py * row + 1 + px * 4, py * row + 1 + px * 4 + 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0, 0);
  return Buffer.concat([length, typed, crc]);
}
