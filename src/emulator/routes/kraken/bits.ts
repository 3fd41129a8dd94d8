/**
 * Spec 4.18 Legacy cheermotes (version 5): `GET /kraken/bits/actions` (and `/v5/bits/actions`),
 * plus the cheermote images their URLs point to (solid images of the scale's size).
 */
import type { FastifyInstance } from 'fastify';
import {
  CHEERMOTE_BACKGROUNDS,
  CHEERMOTE_BASE_SIZE_PX,
  CHEERMOTE_STATES,
  CHEERMOTE_TIERS,
  GLOBAL_CHEERMOTE_PREFIXES,
  isCheermoteScale,
} from '../../catalogue/cheermotes';
import { invalidParameter, notFound } from '../../domain/api-error';
import { isNumericId } from '../../ids';
import { registerKrakenRoute } from '../../http/kraken-route';
import { hexToRgb, solidGif, solidPng } from '../../http/solid-images';
import { legacyCheermoteAction } from '../../http/views/kraken';
import '../../http/app-state';

export function registerBitsRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;

  registerKrakenRoute(app, { method: 'GET', path: '/kraken/bits/actions', auth: 'none' }, ({ query }) => actions(query.one('channel_id')));
  registerKrakenRoute(app, { method: 'GET', path: '/v5/bits/actions', auth: 'none', versionInPath: true }, ({ query }) => actions(query.one('channel_id')));

  function actions(channelId: string | undefined) {
    const prefixes = [...GLOBAL_CHEERMOTE_PREFIXES];
    if (channelId !== undefined && channelId !== '') {
      if (!isNumericId(channelId)) throw invalidParameter('channel_id', 'must be a numeric channel ID');
      const own = state.kraken.channelCheermotes.get(channelId);
      if (own !== undefined) prefixes.unshift(own);
    }
    return { actions: prefixes.map((prefix) => legacyCheermoteAction(state, prefix)) };
  }

  app.get<{ Params: { prefix: string; background: string; state: string; tier: string; file: string } }>(
    '/static/cheermotes/:prefix/:background/:state/:tier/:file',
    (request, reply) => {
      const { background, state: imageState, tier: tierId, file } = request.params;
      const tier = CHEERMOTE_TIERS.find((t) => t.id === tierId);
      const match = /^(\d(?:\.5)?)\.(png|gif)$/.exec(file);
      const scale = match?.[1];
      const animated = imageState === 'animated';
      if (
        !tier ||
        !scale ||
        !isCheermoteScale(scale) ||
        !(CHEERMOTE_BACKGROUNDS as readonly string[]).includes(background) ||
        !(CHEERMOTE_STATES as readonly string[]).includes(imageState) ||
        match[2] !== (animated ? 'gif' : 'png')
      ) {
        throw notFound('Image not found');
      }
      const size = Math.round(CHEERMOTE_BASE_SIZE_PX * Number(scale));
      const color = hexToRgb(tier.color);
      const image = animated ? solidGif(size, size, color) : solidPng(size, size, color);
      return reply.header('Content-Type', animated ? 'image/gif' : 'image/png').header('Cache-Control', 'public, max-age=3600').send(image);
    },
  );
}
