// Draws Sidestage's icons (a purple rounded square with a "stage" bar; tray: a dot that is red
// when live) as PNG files in resources/, with no image library: raw RGBA rows, zlib, CRC.
// Run `node scripts/make-icons.mjs` after changing the drawing; the PNGs are committed.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) row.set(pixel(x / size, y / size), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const purple = [145, 71, 255, 255];
const white = [255, 255, 255, 255];
const clear = [0, 0, 0, 0];
const inRoundedSquare = (x, y, r) => {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
};
const appIcon = (x, y) => {
  if (!inRoundedSquare(x, y, 0.2)) return clear;
  const stage = y > 0.62 && y < 0.72 && x > 0.2 && x < 0.8;
  const spot = (x - 0.5) ** 2 + (y - 0.4) ** 2 < 0.02;
  return stage || spot ? white : purple;
};
const dot = (color) => (x, y) => ((x - 0.5) ** 2 + (y - 0.5) ** 2 < 0.16 ? color : clear);

mkdirSync('resources', { recursive: true });
writeFileSync('resources/icon.png', png(256, appIcon));
writeFileSync('resources/tray-offline.png', png(32, dot([160, 160, 170, 255])));
writeFileSync('resources/tray-live.png', png(32, dot([235, 4, 0, 255])));
console.log('wrote resources/icon.png, resources/tray-offline.png, resources/tray-live.png');
