/** The mod-log slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ModLogState } from '../../../../shared/ipc/contract';

export type ModLogActionId = 'modLog.load';

export interface ModLogSlice {
  modLog: ModLogState | null;
  loadModLog(): Promise<void>;
  applyModLog(state: ModLogState): void;
}
