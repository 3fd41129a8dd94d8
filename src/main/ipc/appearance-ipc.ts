import type { Disposer } from '../../shared/primitives/emitter';
import type { AppearanceService } from '../services/appearance/appearance-service';
import type { IpcRouter } from './ipc-router';

/** `appearance:*`: the theme; a change is forwarded to every window and dock. */
export function registerAppearanceIpc(router: IpcRouter, appearance: AppearanceService): Disposer {
  router.handle('appearance:get', () => appearance.get());
  router.handle('appearance:set', (changes) => appearance.set(changes));
  return appearance.onChange((value) => router.emit('appearance:changed', value));
}
