/**
 * Hype Train (spec part 4 names Get Hype Train status; shapes from the platform's reference): Get
 * Hype Train Status and the retired Get Hype Train Events. Trains are driven by cheers and
 * subscriptions and expire on the emulator clock (`domain/hype-trains.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { hypeOf } from '../../../domain/hype-trains';
import { cursorPage } from '../../../http/bidirectional-cursor';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { hypeTrainRecordView, hypeTrainStatusView } from '../../../http/views/hype-trains';

const SCOPE = ['channel:read:hype_train'];

export function registerHypeTrainRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/hypetrain/status', auth: 'user', scopes: SCOPE }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    return { data: [hypeTrainStatusView(state, hypeOf(state, broadcasterId, now))] };
  });

  // Retired by the platform in favour of the status above; client libraries still call it.
  registerHelixRoute(app, { method: 'GET', path: '/hypetrain/events', auth: 'user', scopes: SCOPE }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const records = [...hypeOf(state, broadcasterId, now).records].reverse();
    const page = cursorPage(records, query, { defaultFirst: 1, maxFirst: 100, before: 'ignored' });
    return { data: page.items.map((r) => hypeTrainRecordView(broadcasterId, r)), pagination: page.pagination };
  });
}
