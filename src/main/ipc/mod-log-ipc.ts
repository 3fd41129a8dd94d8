import type { Disposer } from '../../shared/primitives/emitter';
import type { ModLog } from '../services/moderation/mod-log';
import type { IpcRouter } from './ipc-router';

/** `modLog:getState`: the current broadcaster's moderator actions; forwards `modLog:changed`. */
export function registerModLogIpc(router: IpcRouter, log: Pick<ModLog, 'getState' | 'onChange'>): Disposer {
  router.handle('modLog:getState', () => log.getState());
  return log.onChange((state) => router.emit('modLog:changed', state));
}
