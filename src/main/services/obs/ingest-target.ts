/** What "Send to OBS" sends: the selected ingest server and the stream key, as the ingest panel chose them. */
import { bandwidthTestSuffix } from '../../../shared/domain/ingest-url';
import type { IngestOverview, RevealedStreamKey } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';

export interface IngestTarget {
  /** OBS's "Server" field, e.g. rtmp://host/app (rtmps:// when the secure option is on). */
  server: string;
  serverName: string;
  /** OBS's "Stream Key" field: the key, with `?bandwidthtest=true` when the bandwidth test is on. */
  key: string;
}

export interface IngestTargetSource {
  getOverview(): Promise<IngestOverview>;
  revealStreamKey(purpose: 'reveal' | 'copy'): Promise<RevealedStreamKey>;
}

export function ingestTargetReader(ingest: IngestTargetSource): () => Promise<IngestTarget> {
  return async () => {
    const overview = await ingest.getOverview();
    const id = overview.selectedId ?? overview.recommendedId;
    const server = overview.servers.find((s) => s.id === id);
    if (!server) throw new AppError('unavailable', 'No ingest server is selected: choose one in the Ingest panel first.');
    // Read afresh: the key may have been reset on the website since it was cached.
    const { streamKey } = await ingest.revealStreamKey('copy');
    return { server: server.serverUrl, serverName: server.name, key: overview.bandwidthTest ? `${streamKey}${bandwidthTestSuffix}` : streamKey };
  };
}
