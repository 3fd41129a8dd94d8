import type { Disposer } from '../../shared/primitives/emitter';
import type { ChatSettingsService } from '../services/chat-settings/chat-settings-service';
import type { IpcRouter } from './ipc-router';

/** `chatSettings:*`: the chat's modes, presets and their revert; forwards `chatSettings:changed`. */
export function registerChatSettingsIpc(router: IpcRouter, chatSettings: ChatSettingsService): Disposer {
  router.handle('chatSettings:get', () => chatSettings.getState());
  router.handle('chatSettings:refresh', () => chatSettings.refresh());
  router.handle('chatSettings:update', (changes) => chatSettings.update(changes));
  router.handle('chatSettings:applyPreset', ({ presetId }) => chatSettings.applyPreset(presetId));
  router.handle('chatSettings:cancelRevert', () => chatSettings.cancelRevert());
  router.handle('chatSettings:revertNow', () => chatSettings.revertNow());
  return chatSettings.onChange((state) => router.emit('chatSettings:changed', state));
}
