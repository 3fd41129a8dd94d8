/**
 * Ads (spec part 4 names these only; shapes from the platform's reference): Get Ad Schedule and
 * Snooze Next Ad. The schedule's rules, its automatic breaks on the emulator clock and
 * `channel.ad_break.begin`: `domain/ads.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { adScheduleOf, snoozeNextAd } from '../../../domain/ads';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { adScheduleView, snoozeView } from '../../../http/views/ads';

export function registerAdScheduleRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/channels/ads', auth: 'user', scopes: ['channel:read:ads'] }, ({ state, user, query, now }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    const { live, schedule } = adScheduleOf(state, user.id, now);
    return { data: [adScheduleView(live, schedule, now)] };
  });

  registerHelixRoute(
    app,
    { method: 'POST', path: '/channels/ads/schedule/snooze', auth: 'user', scopes: ['channel:manage:ads'] },
    ({ state, user, query, now }) => {
      const broadcasterId = query.required('broadcaster_id');
      requireTokenBroadcaster(broadcasterId, user.id);
      return { data: [snoozeView(snoozeNextAd(state, user.id, now))] };
    },
  );
}
