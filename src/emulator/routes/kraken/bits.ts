/**
 * Spec 4.18 Legacy cheermotes (version 5): `GET /kraken/bits/actions` (and `/v5/bits/actions`),
 * plus the cheermote images their URLs point to (solid images of the scale's size).
 */
import type { FastifyInstance } from 'fastify';
import {
  CHEERMOTE_BACKGROUNDS,
  CHEERMOTE_BASE_SIZE_PX,
  CHEERMOTE_SCALES,
  CHEERMOTE_STATES,
  CHEERMOTE_TIERS,
  GLOBAL_CHEERMOTE_PREFIXES,
  isCheermoteScale,
} from '../../catalogue/cheermotes';
import { invalidParameter, notFound } from '../../http/api-error';
import { isNumericId } from '../../ids';
import type { EmulatorState } from '../../domain/emulator-state';
import { registerKrakenRoute } from '../../http/kraken-route';
import { hexToRgb, solidGif, solidPng } from '../../http/solid-images';
import '../../http/app-state';

type ImageMap = Record<string, Record<string, Record<string, string>>>;

function tierImages(state: EmulatorState, prefix: string, tierId: string): ImageMap {
  const images: ImageMap = {};
  for (const background of CHEERMOTE_BACKGROUNDS) {
    images[background] = {};
    for (const imageState of CHEERMOTE_STATES) {
      const byScale: Record<string, string> = {};
      for (const scale of CHEERMOTE_SCALES) {
        byScale[scale] =
          `${state.baseUrl}/static/cheermotes/${encodeURIComponent(prefix.toLowerCase())}/${background}/${imageState}/${tierId}/${scale}.${imageState === 'animated' ? 'gif' : 'png'}`;
      }
      images[background]![imageState] = byScale;
    }
  }
  return images;
}

export function legacyCheermoteAction(state: EmulatorState, prefix: string) {
  return {
    prefix,
    backgrounds: [...CHEERMOTE_BACKGROUNDS],
    scales: [...CHEERMOTE_SCALES],
    states: [...CHEERMOTE_STATES],
    tiers: CHEERMOTE_TIERS.map((tier) => ({
      id: tier.id,
      min_bits: tier.minBits,
      color: tier.color,
      images: tierImages(state, prefix, tier.id),
    })),
  };
}

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
