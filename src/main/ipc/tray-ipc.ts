import type { Disposer } from '../../shared/primitives/emitter';
import type { SettingsStore } from '../services/settings/settings-store';
import type { IpcRouter } from './ipc-router';

/** `tray:*`: whether closing the window hides it to the tray. No events: only this call changes it. */
export function registerTrayIpc(router: IpcRouter, settings: SettingsStore): Disposer {
  router.handle('tray:getSettings', () => ({ closeToTray: settings.get('app.closeToTray') }));
  router.handle('tray:setSettings', ({ closeToTray }) => {
    if (closeToTray !== undefined) settings.set('app.closeToTray', closeToTray);
    return { closeToTray: settings.get('app.closeToTray') };
  });
  return () => {};
}
