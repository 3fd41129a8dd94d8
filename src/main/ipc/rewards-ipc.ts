import type { Disposer } from '../../shared/primitives/emitter';
import type { RewardsService } from '../services/rewards/rewards-service';
import type { IpcRouter } from './ipc-router';

/** `rewards:*`: the channel's custom rewards, and their changes forwarded as `rewards:changed`. */
export function registerRewardsIpc(router: IpcRouter, rewards: Pick<RewardsService, 'list' | 'create' | 'update' | 'delete' | 'adopt' | 'onChange'>): Disposer {
  router.handle('rewards:list', () => rewards.list());
  router.handle('rewards:create', (input) => rewards.create(input));
  router.handle('rewards:update', ({ id, changes }) => rewards.update(id, changes));
  router.handle('rewards:delete', ({ id }) => rewards.delete(id));
  router.handle('rewards:adopt', ({ id }) => rewards.adopt(id));
  return rewards.onChange((overview) => router.emit('rewards:changed', overview));
}
