import type { Disposer } from '../../shared/primitives/emitter';
import type { ObsService } from '../services/obs/obs-service';
import type { IpcRouter } from './ipc-router';

/** `obs:*`: connection, password (in only), Send to OBS, Start/Stop streaming; forwards `obs:changed`. */
export function registerObsIpc(router: IpcRouter, obs: ObsService): Disposer {
  router.handle('obs:getState', () => obs.getState());
  router.handle('obs:setConnection', ({ host, port }) => obs.setConnection(host, port));
  router.handle('obs:setPassword', ({ password }) => obs.setPassword(password));
  router.handle('obs:connect', () => obs.connect());
  router.handle('obs:disconnect', () => obs.disconnect());
  router.handle('obs:setOptions', (options) => obs.setOptions(options));
  router.handle('obs:checkStreamTarget', () => obs.checkStreamTarget());
  router.handle('obs:sendStreamTarget', (arg) => obs.sendStreamTarget(arg?.overwrite ?? false));
  router.handle('obs:startStream', () => obs.startStream());
  router.handle('obs:stopStream', () => obs.stopStream());
  return obs.onChange((state) => router.emit('obs:changed', state));
}
