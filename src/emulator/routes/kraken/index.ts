/** The retired v5 API under /kraken (spec 4.16-4.18, part 9), with its simulation endpoints. */
import type { FastifyInstance } from 'fastify';
import { registerBitsRoutes } from './bits';
import { registerCommunityRoutes } from './communities';
import { registerFeedRoutes } from './feed';
import { registerKrakenFallback } from '../../http/kraken-route';
import { registerKrakenSimulationRoutes } from '../simulation/kraken';

export function registerKrakenRoutes(app: FastifyInstance): void {
  registerCommunityRoutes(app);
  registerFeedRoutes(app);
  registerBitsRoutes(app);
  registerKrakenSimulationRoutes(app);
  registerKrakenFallback(app);
}
