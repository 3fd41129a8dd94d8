import type { Disposer } from '../../shared/primitives/emitter';
import type { SettingsStore } from '../services/settings/settings-store';
import type { IpcRouter } from './ipc-router';

/**
 * `tray:*`: whether closing the window hides it to the tray, and why it cannot where this desktop
 * shows no tray (`trayUnavailable`, the Electron shell's finding). No events: only this call changes it.
 */
export function registerTrayIpc(router: IpcRouter, settings: SettingsStore, trayUnavailable: () => string | null = () => null): Disposer {
  const read = () => {
    const unavailable = trayUnavailable();
    return { closeToTray: settings.get('app.closeToTray'), ...(unavailable ? { unavailable } : {}) };
  };
  router.handle('tray:getSettings', read);
  router.handle('tray:setSettings', ({ closeToTray }) => {
    if (closeToTray !== undefined) settings.set('app.closeToTray', closeToTray);
    return read();
  });
  return () => {};
}
