import type { Disposer } from '../../shared/primitives/emitter';
import type { IngestService } from '../services/ingest/ingest-service';
import type { IpcRouter } from './ipc-router';

/** `ingest:*`: servers, probe, choice, and the stream key on an explicit reveal; forwards `ingest:changed`. */
export function registerIngestIpc(router: IpcRouter, ingest: IngestService): Disposer {
  router.handle('ingest:getOverview', () => ingest.getOverview());
  router.handle('ingest:refresh', () => ingest.refresh());
  router.handle('ingest:probe', () => ingest.probe());
  router.handle('ingest:select', ({ serverId }) => ingest.select(serverId));
  router.handle('ingest:setOptions', (options) => ingest.setOptions(options));
  router.handle('ingest:revealStreamKey', ({ purpose }) => ingest.revealStreamKey(purpose));
  return ingest.onChange((overview) => router.emit('ingest:changed', overview));
}
