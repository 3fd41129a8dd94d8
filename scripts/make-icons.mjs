// Draws Sidestage's icons as PNG (and ICO) files in resources/, with no image library: raw RGBA
// rows, zlib, CRC, each pixel averaged over 4x4 samples so that small sizes stay smooth.
// - resources/icon.png: the app (256 px): a purple rounded square with a "stage" bar.
// - resources/tray/: the tray, live (a filled dot) or offline (a ring), as each system wants it
//   (src/main/adapters/tray.ts picks them): 16 px with a 32 px `@2x` for Linux; black-and-clear
//   "Template" images for macOS's menu bar (16 pt, @2x for Retina), which the system tints; ICO
//   files with 16 to 48 px for Windows' DPI scales (Electron's nativeImage docs list them).
// Run `node scripts/make-icons.mjs` after changing the drawing; the files are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
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

const samples = 4;

/** A size x size RGBA PNG; `pixel(x, y)` answers [r, g, b, a] for a point of the unit square. */
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const [r, g, b, a] = pixel((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          // Colour weighted by coverage, so that edges do not darken.
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const alpha = sum[3] / (samples * samples);
      const colour = sum[3] === 0 ? [0, 0, 0] : sum.slice(0, 3).map((c) => Math.round(c / sum[3]));
      row.set([...colour, Math.round(alpha)], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** An ICO holding one PNG per size (Windows Vista and later read PNG entries). */
function ico(sizes, pixel) {
  const images = sizes.map((size) => png(size, pixel));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((image, i) => {
    const entry = Buffer.alloc(16);
    entry[0] = sizes[i] >= 256 ? 0 : sizes[i];
    entry[1] = sizes[i] >= 256 ? 0 : sizes[i];
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const purple = [145, 71, 255, 255];
const white = [255, 255, 255, 255];
const black = [0, 0, 0, 255];
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
const distance = (x, y) => Math.sqrt((x - 0.5) ** 2 + (y - 0.5) ** 2);
/** Live: a filled dot. */
const dot = (colour) => (x, y) => (distance(x, y) < 0.36 ? colour : clear);
/** Offline: a ring, so that the two differ without colour too. */
const ring = (colour) => (x, y) => {
  const d = distance(x, y);
  return d < 0.36 && d > 0.22 ? colour : clear;
};

const red = [235, 4, 0, 255];
const grey = [160, 160, 170, 255];
const written = [];
const write = (path, data) => {
  writeFileSync(path, data);
  written.push(path);
};

mkdirSync('resources/tray', { recursive: true });
write('resources/icon.png', png(256, appIcon));
for (const [state, colour, shape] of [['live', red, dot], ['offline', grey, ring]]) {
  write(`resources/tray/tray-${state}.png`, png(16, shape(colour)));
  write(`resources/tray/tray-${state}@2x.png`, png(32, shape(colour)));
  write(`resources/tray/tray-${state}Template.png`, png(16, shape(black)));
  write(`resources/tray/tray-${state}Template@2x.png`, png(32, shape(black)));
  write(`resources/tray/tray-${state}.ico`, ico([16, 20, 24, 32, 40, 48], shape(colour)));
}
console.log(`wrote ${written.join(', ')}`);
