/**
 * The small HTML pages behind the page URLs the API hands out: a video's watch page, a clip's page
 * and its edit page. The emulator has no video; these pages stand in for the platform's.
 */
import type { FastifyInstance } from 'fastify';
import { toRfc3339 } from '../../clock';
import { escapeHtml, html, page, sendHtml } from '../../http/html-page';
import '../../http/app-state';

export function registerPageRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  app.get<{ Params: { id: string } }>('/videos/:id', (request, reply) => {
    const video = state.videos.get(request.params.id);
    const title = video ? video.title || 'Untitled video' : 'Video not found';
    const owner = video ? (state.users.get(video.userId)?.displayName ?? '') : '';
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`
      + `<body style="font-family:system-ui,sans-serif;background:#0e0e10;color:#efeff1;padding:2rem">`
      + `<h1>${escapeHtml(title)}</h1>${video ? `<p>${escapeHtml(owner)} · ${escapeHtml(video.type)}</p>` : ''}</body></html>`;
    return reply.code(video ? 200 : 404).type('text/html; charset=utf-8').send(body);
  });

  const clipPage = (id: string, editing: boolean) => {
    const clip = state.clips.get(id);
    if (!clip || clip.availableAt > state.clock.now()) return { status: 404, document: page('Clip not found', html`<h1>Clip not found</h1><p class="note">It may still be processing.</p>`) };
    const broadcaster = state.users.get(clip.broadcasterId);
    return {
      status: 200,
      document: page(
        clip.title || 'Clip',
        html`<h1>${editing ? 'Edit clip: ' : ''}${clip.title || 'Untitled clip'}</h1>
<p>${broadcaster?.displayName ?? clip.broadcasterId} &middot; ${clip.duration} s &middot; ${toRfc3339(clip.createdAt)}</p>
<p class="note">The emulator has no video: this page stands in for the clip${editing ? "'s editor" : ''}.</p>`,
      ),
    };
  };
  app.get<{ Params: { id: string } }>('/clips/:id', (request, reply) => {
    const { status, document } = clipPage(request.params.id, false);
    return sendHtml(reply, status, document);
  });
  app.get<{ Params: { id: string } }>('/clips/:id/edit', (request, reply) => {
    const { status, document } = clipPage(request.params.id, true);
    return sendHtml(reply, status, document);
  });
}
