import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { QuickActionHotkeys } from '../services/hotkeys/quick-action-hotkeys';
import type { IpcRouter } from './ipc-router';

/** `hotkeys:*`: every quick action's global hotkey and the test press; forwards `hotkeys:changed` and `hotkeys:raid`. */
export function registerHotkeysIpc(router: IpcRouter, hotkeys: QuickActionHotkeys): Disposer {
  router.handle('hotkeys:getState', () => hotkeys.getState());
  router.handle('hotkeys:set', ({ action, accelerator }) => hotkeys.set(action, accelerator));
  router.handle('hotkeys:clear', ({ action }) => hotkeys.clear(action));
  router.handle('hotkeys:startTest', () => hotkeys.startTest());
  const forwarding = new Disposers();
  forwarding.add(hotkeys.onChange((state) => router.emit('hotkeys:changed', state)));
  forwarding.add(hotkeys.onRaidRequested(() => router.emit('hotkeys:raid', {})));
  return forwarding.dispose;
}
