/**
 * Generated placeholder images behind the URLs the emulator hands out (profile images, stream
 * previews, box art), so an app that shows them loads them from the emulator instead of the network.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../http/html-page';
import '../../http/app-state';

export function registerStaticImageRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.get<{ Params: { file: string } }>('/static/profile-images/:file', (request, reply) => {
    const id = /^(\d+)-/.exec(request.params.file)?.[1] ?? '';
    const user = state.users.get(id);
    const label = (user?.displayName ?? '?').slice(0, 2).toUpperCase();
    return sendSvg(reply, 300, 300, label, user?.login ?? id);
  });

  app.get<{ Params: { file: string } }>('/static/previews/:file', (request, reply) => {
    const { width, height } = sizeFrom(request.params.file, 440, 248);
    const login = /^live_user_(.+?)-/.exec(request.params.file)?.[1] ?? '';
    return sendSvg(reply, width, height, `LIVE ${login}`, login);
  });

  app.get<{ Params: { file: string } }>('/static/box-art/:file', (request, reply) => {
    const { width, height } = sizeFrom(request.params.file, 285, 380);
    const id = /^(\d+)-/.exec(request.params.file)?.[1] ?? '';
    return sendSvg(reply, width, height, state.game(id)?.name ?? 'Category', id);
  });
}

function sizeFrom(file: string, width: number, height: number): { width: number; height: number } {
  const match = /-(\d{1,4})x(\d{1,4})\.\w+$/.exec(file);
  if (!match) return { width, height };
  return { width: Math.max(1, Number(match[1])), height: Math.max(1, Number(match[2])) };
}

export function sendSvg(reply: import('fastify').FastifyReply, width: number, height: number, label: string, colorSeed: string) {
  const hue = createHash('sha1').update(colorSeed).digest()[0]! * (360 / 256);
  const fontSize = Math.max(8, Math.round(Math.min(width, height) / (label.length > 3 ? 8 : 3)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="100%" height="100%" fill="hsl(${hue.toFixed(0)} 55% 40%)"/>`
    + `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="sans-serif" font-size="${fontSize}" fill="#fff">${escapeHtml(label)}</text></svg>`;
  return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(svg);
}
