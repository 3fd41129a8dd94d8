import type { LiveControls } from '../services/live-controls/live-controls-feature';
import type { SettingsStore } from '../services/settings/settings-store';
import type { IpcRouter } from './ipc-router';

/** The IPC handlers of stream status, markers, hotkeys, chat settings, ads and channel info. */
export function registerLiveControlsHandlers(router: IpcRouter, live: LiveControls, settings: SettingsStore): void {
  router.handle('stream:getStatus', () => live.stream.getStatus());
  router.handle('stream:refresh', () => live.stream.refresh());

  router.handle('markers:getOverview', async () => {
    await live.markers.start();
    return live.markers.getOverview();
  });
  router.handle('markers:drop', (arg) => live.markers.drop('button', arg?.description, arg?.noteRequestId));
  router.handle('markers:refreshApi', () => live.markers.refreshApiMarkers());
  router.handle('markers:setDescriptionTemplate', ({ template }) => live.markers.setDescriptionTemplate(template));

  router.handle('hotkeys:getState', () => live.hotkey.getState());
  router.handle('hotkeys:set', ({ accelerator, which }) => live.hotkey.set(accelerator, which));
  router.handle('hotkeys:startTest', () => live.hotkey.startTest());

  router.handle('chatSettings:get', () => live.chatSettings.getState());
  router.handle('chatSettings:refresh', () => live.chatSettings.refresh());
  router.handle('chatSettings:update', (changes) => live.chatSettings.update(changes));
  router.handle('chatSettings:applyPreset', ({ presetId }) => live.chatSettings.applyPreset(presetId));
  router.handle('chatSettings:cancelRevert', () => live.chatSettings.cancelRevert());
  router.handle('chatSettings:revertNow', () => live.chatSettings.revertNow());

  router.handle('ads:getState', () => live.ads.getState());
  router.handle('ads:run', ({ length }) => live.ads.run(length));

  router.handle('channel:getInfo', () => live.channel.get());
  router.handle('channel:updateInfo', (changes) => live.channel.update(changes));
  router.handle('channel:searchCategories', ({ query }) => live.channel.searchCategories(query));

  router.handle('tray:getSettings', () => ({ closeToTray: settings.get('app.closeToTray') }));
  router.handle('tray:setSettings', ({ closeToTray }) => {
    if (closeToTray !== undefined) settings.set('app.closeToTray', closeToTray);
    return { closeToTray: settings.get('app.closeToTray') };
  });
}
