/**
 * Every route module of the emulator, one per spec area. A new area adds `routes/<area>.ts`
 * exporting a `RouteModule` (helix endpoints through `registerHelixRoute`) and lists it here.
 */
import type { FastifyInstance } from 'fastify';
import { registerIdentityConsentRoutes } from './identity-consent';
import { registerIdentityTokenRoutes } from './identity-tokens';
import { registerIngestRoutes } from './ingests';
import { registerSimulationRoutes } from './simulation';
import { registerStaticImageRoutes } from './static-images';
import { registerStreamRoutes } from './streams';
import { registerUserRoutes } from './users';

/** Registers an area's routes; the emulator's state is `app.emulatorState`. */
export type RouteModule = (app: FastifyInstance) => void;

export const ROUTE_MODULES: readonly RouteModule[] = [
  registerIdentityTokenRoutes,
  registerIdentityConsentRoutes,
  registerUserRoutes,
  registerStreamRoutes,
  registerIngestRoutes,
  registerStaticImageRoutes,
  registerSimulationRoutes,
];
