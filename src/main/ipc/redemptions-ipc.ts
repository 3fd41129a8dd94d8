import type { Disposer } from '../../shared/primitives/emitter';
import type { RedemptionsService } from '../services/redemptions/redemptions-service';
import type { IpcRouter } from './ipc-router';

/** What the IPC calls of the queue. */
export type RedemptionsIpcQueue = Pick<
  RedemptionsService,
  'getSnapshot' | 'fulfill' | 'cancel' | 'cancelWithUndo' | 'undoCancel' | 'resolveAllOfReward' | 'syncNow' | 'dismissFailure' | 'onDelta'
>;

/** `redemptions:*`: the queue's handlers, and its deltas forwarded as `redemptions:changed`. */
export function registerRedemptionsIpc(router: IpcRouter, queue: RedemptionsIpcQueue): Disposer {
  router.handle('redemptions:getSnapshot', () => queue.getSnapshot());
  router.handle('redemptions:fulfill', ({ ids }) => queue.fulfill(ids));
  router.handle('redemptions:cancel', ({ ids }) => queue.cancel(ids));
  router.handle('redemptions:cancelWithUndo', ({ ids }) => queue.cancelWithUndo(ids));
  router.handle('redemptions:undoCancel', () => ({ ids: queue.undoCancel() }));
  router.handle('redemptions:resolveAllOfReward', ({ rewardId, status }) => queue.resolveAllOfReward(rewardId, status));
  router.handle('redemptions:reconcile', () => queue.syncNow());
  router.handle('redemptions:dismissFailure', ({ at }) => {
    queue.dismissFailure(at);
    return null;
  });
  return queue.onDelta((delta) => router.emit('redemptions:changed', delta));
}
