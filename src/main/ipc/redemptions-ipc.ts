import type { Disposer } from '../../shared/primitives/emitter';
import type { RedemptionsFeature } from '../services/redemptions/redemptions-feature';
import type { IpcRouter } from './ipc-router';

/** `redemptions:*`: the queue's handlers, and its deltas forwarded as `redemptions:changed`. */
export function registerRedemptionsIpc(router: IpcRouter, feature: Pick<RedemptionsFeature, 'need' | 'onDelta'>): Disposer {
  const queue = () => feature.need().redemptions;
  router.handle('redemptions:getSnapshot', () => queue().getSnapshot());
  router.handle('redemptions:fulfill', ({ ids }) => queue().fulfill(ids));
  router.handle('redemptions:cancel', ({ ids }) => queue().cancel(ids));
  router.handle('redemptions:resolveAllOfReward', ({ rewardId, status }) => queue().resolveAllOfReward(rewardId, status));
  router.handle('redemptions:reconcile', () => queue().syncNow());
  router.handle('redemptions:dismissFailure', ({ at }) => {
    queue().dismissFailure(at);
    return null;
  });
  return feature.onDelta((delta) => router.emit('redemptions:changed', delta));
}
