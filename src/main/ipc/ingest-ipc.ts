import type { IngestService } from '../services/ingest/ingest-service';
import type { IpcRouter } from './ipc-router';

export function registerIngestHandlers(router: IpcRouter, ingest: IngestService): void {
  router.handle('ingest:getOverview', () => ingest.getOverview());
  router.handle('ingest:refresh', () => ingest.refresh());
  router.handle('ingest:probe', () => ingest.probe());
  router.handle('ingest:select', ({ serverId }) => ingest.select(serverId));
  router.handle('ingest:setOptions', (options) => ingest.setOptions(options));
  router.handle('ingest:revealStreamKey', ({ purpose }) => ingest.revealStreamKey(purpose));
}
