/** The ingest slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { IngestOverview } from '../../../../shared/ipc/contract';

export type IngestActionId =
  | 'ingest.load'
  | 'ingest.refresh'
  | 'ingest.probe'
  | 'ingest.select'
  | 'ingest.setSecure'
  | 'ingest.setBandwidthTest'
  | 'ingest.reveal'
  | 'ingest.copyServer'
  | 'ingest.copyStreamKey'
  | 'ingest.copyStreamUrl';

export type CopyTarget = 'server' | 'streamKey' | 'streamUrl';

export interface IngestSlice {
  ingest: IngestOverview | null;
  /** The full URL after an explicit reveal; forgotten on hide or when it no longer applies. */
  revealedUrl: string | null;
  /** Choices sent to main and not answered yet, shown so that a click is visibly taken. */
  pendingSelectId: number | null;
  pendingOptions: { secure?: boolean; bandwidthTest?: boolean };
  copied: { target: CopyTarget; seq: number } | null;
  loadIngest(): Promise<void>;
  refreshIngest(): Promise<void>;
  probeIngest(): Promise<void>;
  selectServer(serverId: number): Promise<void>;
  setSecure(secure: boolean): Promise<void>;
  setBandwidthTest(bandwidthTest: boolean): Promise<void>;
  revealStreamUrl(): Promise<void>;
  hideStreamUrl(): void;
  copyServerUrl(): Promise<void>;
  copyStreamKey(): Promise<void>;
  /** Server URL and stream key as one URL, for single-URL encoders. */
  copyStreamUrl(): Promise<void>;
  applyIngest(overview: IngestOverview): void;
}
