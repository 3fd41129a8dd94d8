import type { Disposer } from '../../shared/primitives/emitter';
import type { ShieldModeService } from '../services/moderation/shield-mode-service';
import type { IpcRouter } from './ipc-router';

/** `shieldMode:*`: Shield Mode's state, on and off, the raid-flood suggestion; forwards `shieldMode:changed`. */
export function registerShieldModeIpc(router: IpcRouter, shieldMode: Pick<ShieldModeService, 'getState' | 'setActive' | 'dismissSuggestion' | 'onChange'>): Disposer {
  router.handle('shieldMode:getState', () => shieldMode.getState());
  router.handle('shieldMode:set', ({ active }) => shieldMode.setActive(active));
  router.handle('shieldMode:dismissSuggestion', () => shieldMode.dismissSuggestion());
  return shieldMode.onChange((state) => router.emit('shieldMode:changed', state));
}
