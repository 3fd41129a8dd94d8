import type { Disposer } from '../../shared/primitives/emitter';
import type { RedemptionsFeature } from '../services/redemptions/redemptions-feature';
import type { IpcRouter } from './ipc-router';

/** `rewards:*`: the channel's custom rewards, and their changes forwarded as `rewards:changed`. */
export function registerRewardsIpc(router: IpcRouter, feature: Pick<RedemptionsFeature, 'need' | 'onRewardsChange'>): Disposer {
  router.handle('rewards:list', () => feature.need().rewards.list());
  router.handle('rewards:create', (input) => feature.need().rewards.create(input));
  router.handle('rewards:update', ({ id, changes }) => feature.need().rewards.update(id, changes));
  router.handle('rewards:delete', ({ id }) => feature.need().rewards.delete(id));
  router.handle('rewards:adopt', ({ id }) => feature.need().rewards.adopt(id));
  return feature.onRewardsChange((overview) => router.emit('rewards:changed', overview));
}
