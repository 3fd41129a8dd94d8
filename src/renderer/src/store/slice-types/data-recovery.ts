/** The data-recovery slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { DataRecoveryNotice } from '../../../../shared/ipc/contract';

export type DataRecoveryActionId = 'data.load' | 'data.dismiss';

export interface DataRecoverySlice {
  recoveryNotices: DataRecoveryNotice[];
  loadRecoveryNotices(): Promise<void>;
  dismissRecoveryNotice(id: string): Promise<void>;
  applyRecoveryNotices(notices: DataRecoveryNotice[]): void;
}
