/** Spec 4.15 Ingest directory: no authentication, no parameters. */
import type { FastifyInstance } from 'fastify';
import '../../http/app-state';

export function registerIngestRoutes(app: FastifyInstance): void {
  const state = app.emulatorState;
  app.get('/ingests', () => ({
    ingests: state.catalogue.ingestServers.map((server) => ({
      _id: server.id,
      availability: server.availability,
      default: server.default,
      name: server.name,
      url_template: `rtmp://${server.host}:${server.port}/app/{stream_key}`,
      url_template_secure: `rtmps://${server.host}:${server.port}/app/{stream_key}`,
      priority: server.priority,
    })),
  }));
}
