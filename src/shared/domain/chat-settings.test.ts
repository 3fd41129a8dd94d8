import { describe, expect, it } from 'vitest';
import { chatSettingsPatch, checkChatSettings, revertChanges } from './chat-settings';
import { chatModesOff } from '../test-support/chat-settings';

const off = chatModesOff;

describe('chatSettingsPatch', () => {
  it('sends only what changed', () => {
    expect(chatSettingsPatch(off, { emoteMode: true })).toEqual({ emote_mode: true });
    expect(chatSettingsPatch(off, { emoteMode: false })).toEqual({});
  });
  it('pairs a duration with its mode true', () => {
    expect(chatSettingsPatch(off, { slowMode: true, slowModeWaitTime: 10 })).toEqual({ slow_mode: true, slow_mode_wait_time: 10 });
    const on = { ...off, followerMode: true, followerModeDuration: 10 };
    expect(chatSettingsPatch(on, { followerModeDuration: 60 })).toEqual({ follower_mode: true, follower_mode_duration: 60 });
  });
  it('switches a mode off without its duration', () => {
    const on = { ...off, slowMode: true, slowModeWaitTime: 10 };
    expect(chatSettingsPatch(on, { slowMode: false, slowModeWaitTime: 20 })).toEqual({ slow_mode: false });
  });
  it('ignores a duration change while the mode stays off', () => {
    expect(chatSettingsPatch(off, { followerModeDuration: 30 })).toEqual({});
  });
});

describe('checkChatSettings', () => {
  it('enforces the ranges', () => {
    expect(checkChatSettings({ followerModeDuration: 129_600, slowModeWaitTime: 3, nonModeratorChatDelayDuration: 6 })).toBeNull();
    expect(checkChatSettings({ followerModeDuration: 129_601 })).toMatch(/0 to 129600/);
    expect(checkChatSettings({ slowModeWaitTime: 2 })).toMatch(/3 to 120/);
    expect(checkChatSettings({ slowModeWaitTime: 1.5 })).toMatch(/whole/);
    expect(checkChatSettings({ nonModeratorChatDelayDuration: 3 })).toMatch(/2, 4 or 6/);
  });
});

describe('revertChanges', () => {
  it('restores the changed fields with their pair', () => {
    const before = { ...off, slowMode: true, slowModeWaitTime: 5 };
    expect(revertChanges(before, { followerMode: true, followerModeDuration: 10, slowMode: true, slowModeWaitTime: 30 })).toEqual({
      followerMode: false,
      followerModeDuration: 0,
      slowMode: true,
      slowModeWaitTime: 5,
    });
  });
});
