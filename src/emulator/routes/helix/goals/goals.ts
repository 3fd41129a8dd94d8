/**
 * Creator goals (spec part 4 names Get Creator Goals only; shapes from the platform's reference):
 * Get Creator Goals. Goals move with the channel's follows and subscriptions (`domain/goals.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { registerHelixRoute } from '../../../http/helix-route';
import { requireTokenBroadcaster } from '../../../http/token-user';
import { creatorGoalView } from '../../../http/views/supporters';

export function registerGoalRoutes(app: FastifyInstance): void {
  registerHelixRoute(app, { method: 'GET', path: '/goals', auth: 'user', scopes: ['channel:read:goals'] }, ({ state, user, query }) => {
    const broadcasterId = query.required('broadcaster_id');
    requireTokenBroadcaster(broadcasterId, user.id);
    return { data: state.goals.active(broadcasterId).map((g) => creatorGoalView(state, g)) };
  });
}
