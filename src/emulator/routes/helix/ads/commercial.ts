/**
 * Spec 4.2 Ads: Start Commercial. A refusal for the cooldown between commercials is a result, not an
 * error: 200 with length 0, the reason in `message` and the seconds left in `retry_after`
 * (`domain/ads.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { invalidParameter, missingParameter } from '../../../domain/api-error';
import { COMMERCIAL_LENGTHS, startCommercial } from '../../../domain/ads';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { requireTokenBroadcaster } from '../../../http/token-user';

export function registerAdsRoutes(app: FastifyInstance): void {
  registerHelixRoute(
    app,
    { method: 'POST', path: '/channels/commercial', auth: 'user', scopes: ['channel:edit:commercial'] },
    ({ state, user, body, now }) => {
      const fields = jsonObjectBody(body);
      const broadcasterId = fields.broadcaster_id;
      if (broadcasterId === undefined || broadcasterId === '') throw missingParameter('broadcaster_id');
      if (typeof broadcasterId !== 'string') throw invalidParameter('broadcaster_id', 'must be a string');
      const length = fields.length;
      if (length === undefined) throw missingParameter('length');
      if (typeof length !== 'number' || !Number.isInteger(length)) throw invalidParameter('length', 'must be an integer');
      if (!(COMMERCIAL_LENGTHS as readonly number[]).includes(length)) {
        throw invalidParameter('length', `must be one of ${COMMERCIAL_LENGTHS.join(', ')}`);
      }
      requireTokenBroadcaster(broadcasterId, user.id);
      const result = startCommercial(state, user, length, now);
      const message = result.length === 0 ? `The broadcaster must wait ${result.retryAfterSeconds} seconds before starting another commercial.` : '';
      return { data: [{ length: result.length, message, retry_after: result.retryAfterSeconds }] };
    },
  );
}
