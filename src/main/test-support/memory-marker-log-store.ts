import type { BroadcastMarkerLog } from '../../shared/ipc/contract';
import type { MarkerLogStore } from '../services/markers/marker-log-store';

/** The marker log kept in memory; `saves` counts the saves. */
export class MemoryMarkerLogStore implements MarkerLogStore {
  broadcasts: BroadcastMarkerLog[] = [];
  saves = 0;
  async load(): Promise<BroadcastMarkerLog[]> {
    return structuredClone(this.broadcasts);
  }
  async save(broadcasts: BroadcastMarkerLog[]): Promise<void> {
    this.saves++;
    this.broadcasts = structuredClone(broadcasts);
  }
  async idle(): Promise<void> {}
}
