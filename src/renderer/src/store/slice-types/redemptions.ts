/** The redemptions slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { QueueDelta, QueueReward, QueueStatus, RedemptionFailure } from '../../../../shared/ipc/contract';
import type { QueueCopy, QueueFilter } from '../queue-model';

export type RedemptionsActionId = 'redemptions.load' | 'redemptions.resolve' | 'redemptions.undo' | 'redemptions.resolveAll' | 'redemptions.reconcile';

export type ResolveStatus = 'FULFILLED' | 'CANCELED';

export interface RedemptionsSlice {
  /** Null until the first snapshot. */
  queue: QueueCopy | null;
  queueRewards: QueueReward[];
  queueStatus: QueueStatus | null;
  /** Refusals reported by main: the redemptions are back in the queue. */
  queueFailures: RedemptionFailure[];
  queueFilter: QueueFilter;
  selectedIds: ReadonlySet<string>;
  focusedId: string | null;
  /** The last action's outcome in words ("3 fulfilled", "2 wait to be sent"). */
  queueNotice: string | null;
  /** Puts the cancel waiting in main (`queueStatus.pendingCancel`) back in the queue; nothing was sent. */
  undoCancel(): Promise<void>;
  loadQueue(): Promise<void>;
  applyQueueDelta(delta: QueueDelta): void;
  setQueueFilter(filter: Partial<QueueFilter>): void;
  focusRedemption(id: string | null): void;
  moveQueueFocus(step: number): void;
  toggleSelected(id: string): void;
  clearSelection(): void;
  /** F/C: the selection, or the focused row. C waits in main for an undo before it is sent. */
  resolveTargets(status: ResolveStatus): Promise<void>;
  /** Cancels with a refund after main's undo window (C in the Queue, X in the Live view's queue head). */
  cancelWithUndo(ids: string[]): Promise<void>;
  resolveRedemptions(ids: string[], status: ResolveStatus): Promise<void>;
  resolveAllOfReward(rewardId: string, status: ResolveStatus): Promise<void>;
  reconcileQueue(): Promise<void>;
  dismissQueueFailure(at: string): Promise<void>;
}
