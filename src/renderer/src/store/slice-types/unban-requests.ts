/** The unban-requests slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { UnbanRequestsState } from '../../../../shared/ipc/contract';

export type UnbanRequestsActionId = 'unbanRequests.load' | 'unbanRequests.refresh' | 'unbanRequests.resolve';

export interface UnbanRequestsSlice {
  unbanRequests: UnbanRequestsState | null;
  unbanNotice: string | null;
  loadUnbanRequests(): Promise<void>;
  refreshUnbanRequests(): Promise<void>;
  /** True when resolved: the note field is cleared then, kept otherwise. */
  resolveUnbanRequest(requestId: string, status: 'approved' | 'denied', note: string): Promise<boolean>;
  applyUnbanRequests(state: UnbanRequestsState): void;
}
