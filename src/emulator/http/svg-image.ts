/** A placeholder image: a coloured square (hue from `colorSeed`) with a label, as SVG. */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html-page';

export function sendSvg(reply: FastifyReply, width: number, height: number, label: string, colorSeed: string) {
  const hue = createHash('sha1').update(colorSeed).digest()[0]! * (360 / 256);
  const fontSize = Math.max(8, Math.round(Math.min(width, height) / (label.length > 3 ? 8 : 3)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="100%" height="100%" fill="hsl(${hue.toFixed(0)} 55% 40%)"/>`
    + `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-size="${fontSize}" fill="#fff">${escapeHtml(label)}</text></svg>`;
  return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(svg);
}
