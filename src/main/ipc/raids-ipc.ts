import type { Disposer } from '../../shared/primitives/emitter';
import type { RaidService } from '../services/raids/raid-service';
import type { IpcRouter } from './ipc-router';

/** `raids:*`: find a live followed channel, raid it (countdown, cancel), shout a channel out; forwards `raids:changed`. */
export function registerRaidsIpc(router: IpcRouter, raids: RaidService): Disposer {
  router.handle('raids:getState', () => raids.getState());
  router.handle('raids:searchFollowed', ({ query, fresh }) => raids.searchFollowed(query, { fresh }));
  router.handle('raids:start', ({ channelId }) => raids.start(channelId));
  router.handle('raids:cancel', () => raids.cancel());
  router.handle('raids:shoutout', ({ login }) => raids.shoutout(login));
  return raids.onChange((state) => router.emit('raids:changed', state));
}
