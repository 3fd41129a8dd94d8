import type { Disposer } from '../../shared/primitives/emitter';
import type { MarkerHotkeys } from '../services/markers/marker-hotkeys';
import type { IpcRouter } from './ipc-router';

/** `hotkeys:*`: the marker and note shortcuts and the test press; forwards `hotkeys:changed`. */
export function registerHotkeysIpc(router: IpcRouter, hotkeys: MarkerHotkeys): Disposer {
  router.handle('hotkeys:getState', () => hotkeys.getState());
  router.handle('hotkeys:set', ({ accelerator, which }) => hotkeys.set(accelerator, which));
  router.handle('hotkeys:startTest', () => hotkeys.startTest());
  return hotkeys.onChange((state) => router.emit('hotkeys:changed', state));
}
