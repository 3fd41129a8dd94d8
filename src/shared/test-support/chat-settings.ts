/** Chat settings for tests in every layer: a channel with every mode off, durations at the platform's defaults. */
import { chatSettingDefaults } from '../domain/chat-settings';
import type { ChatSettingsState } from '../ipc/contract';

/** Frozen: a test that changes it would change every other test's start. */
export const chatModesOff: Readonly<NonNullable<ChatSettingsState['values']>> = Object.freeze({
  emoteMode: false,
  followerMode: false,
  slowMode: false,
  subscriberMode: false,
  uniqueChatMode: false,
  nonModeratorChatDelay: false,
  ...chatSettingDefaults,
});
