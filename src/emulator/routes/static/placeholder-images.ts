/**
 * Generated placeholder images behind the URLs the emulator hands out (profile images, stream
 * previews, box art, video thumbnails, emotes, badges, charity logos), so an app that shows them
 * loads them from the emulator instead of the network.
 */
import type { FastifyInstance } from 'fastify';
import { BADGE_PIXELS, GLOBAL_BADGES } from '../../catalogue/badges';
import { EMOTE_PIXELS, EMOTE_THEME_MODES, GLOBAL_EMOTES } from '../../catalogue/emotes';
import { notFound } from '../../domain/api-error';
import type { EmulatorState } from '../../domain/emulator-state';
import { escapeHtml } from '../../http/html-page';
import { sendSvg } from '../../http/svg-image';
import '../../http/app-state';

export function registerPlaceholderImageRoutes(app: FastifyInstance): void {
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

  app.get<{ Params: { file: string } }>('/static/video-thumbnails/:file', (request, reply) => {
    const match = /^(\d{1,20})-(\d{1,4})x(\d{1,4})\.\w+$/.exec(request.params.file);
    const width = Math.max(1, Number(match?.[2] ?? 320));
    const height = Math.max(1, Number(match?.[3] ?? 180));
    const video = match ? state.videos.get(match[1]!) : undefined;
    const label = video ? `${video.type.toUpperCase()} ${video.id}` : 'VIDEO';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
      + `<rect width="100%" height="100%" fill="#3a2a5c"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" `
      + `font-family="sans-serif" font-size="${Math.max(8, Math.round(Math.min(width, height) / 8))}" fill="#fff">${escapeHtml(label)}</text></svg>`;
    return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=3600').send(svg);
  });

  app.get<{ Params: { id: string; format: string; theme: string; scale: string } }>(
    '/static/emoticons/v2/:id/:format/:theme/:scale',
    (request, reply) => {
      const { id, format, theme, scale } = request.params;
      const pixels = EMOTE_PIXELS[scale];
      if (!['static', 'animated', 'default'].includes(format) || !(EMOTE_THEME_MODES as readonly string[]).includes(theme) || pixels === undefined) {
        throw notFound('Unknown emote image');
      }
      return sendSvg(reply, pixels, pixels, emoteName(state, id) ?? id, id);
    },
  );

  app.get<{ Params: { id: string; size: string } }>('/static/badges/v1/:id/:size', (request, reply) => {
    const pixels = BADGE_PIXELS[request.params.size];
    if (pixels === undefined) throw notFound('Unknown badge image');
    return sendSvg(reply, pixels, pixels, badgeTitle(state, request.params.id) ?? 'badge', request.params.id);
  });

  app.get<{ Params: { file: string } }>('/static/charity-logos/:file', (request, reply) => {
    const name = request.params.file.replace(/\.\w+$/, '');
    return sendSvg(reply, 100, 100, name.slice(0, 2).toUpperCase(), name);
  });
}

function sizeFrom(file: string, width: number, height: number): { width: number; height: number } {
  const match = /-(\d{1,4})x(\d{1,4})\.\w+$/.exec(file);
  if (!match) return { width, height };
  return { width: Math.max(1, Number(match[1])), height: Math.max(1, Number(match[2])) };
}

function emoteName(state: EmulatorState, id: string): string | undefined {
  const global = GLOBAL_EMOTES.find((e) => e.id === id);
  if (global) return global.name;
  for (const { emote } of state.chat.allChannelEmotes()) if (emote.id === id) return emote.name;
  return undefined;
}

function badgeTitle(state: EmulatorState, imageId: string): string | undefined {
  const sets = [...GLOBAL_BADGES, ...state.users.list().flatMap((u) => state.chat.channelBadges(u.id))];
  for (const set of sets) {
    const version = set.versions.find((v) => v.imageId === imageId);
    if (version) return version.title;
  }
  return undefined;
}
