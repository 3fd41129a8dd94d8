/**
 * Spec 4.2 Ads: Start Commercial. A refusal for the cooldown between commercials is a result, not an
 * error (spec part 7: "failure is explained in the message field of the result, with retry_after"):
 * 200 with length 0, the reason in `message` and the seconds left in `retry_after`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, invalidParameter, missingParameter, requireTokenBroadcaster } from '../../../http/api-error';
import { registerHelixRoute } from '../../../http/helix-route';
import { jsonObjectBody } from '../../../http/request-params';
import { COMMERCIAL_COOLDOWN_SECONDS } from '../../../domain/commercials';
import { recordCommercial } from './ad-schedule';

export const COMMERCIAL_LENGTHS = [30, 60, 90, 120, 150, 180] as const;
export const NOT_LIVE_MESSAGE = 'To start a commercial, the broadcaster must be streaming live.';

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
      if (!state.streams.isLive(user.id)) throw badRequest(NOT_LIVE_MESSAGE);

      const wait = state.commercials.cooldownRemaining(user.id, now);
      if (wait > 0) {
        return { data: [{ length: 0, message: `The broadcaster must wait ${wait} seconds before starting another commercial.`, retry_after: wait }] };
      }
      state.commercials.start(user.id, length, now);
      recordCommercial(state, user.id, user.id, length, now);
      return { data: [{ length, message: '', retry_after: COMMERCIAL_COOLDOWN_SECONDS }] };
    },
  );
}
