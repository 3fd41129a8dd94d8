import { describe, expect, it } from 'vitest';
import { chatSettingLimits, checkChatSettings } from '../../../../shared/domain/chat-settings';
import { durationOutcome, type DurationDraft } from './duration-setting-model';

const slowMode: DurationDraft = {
  draft: null,
  value: 30,
  checked: true,
  unit: 'seconds',
  ...chatSettingLimits.slowModeWaitTime,
  check: (n) => checkChatSettings({ slowModeWaitTime: n }),
};
const followerOnly: DurationDraft = {
  draft: null,
  value: 10,
  checked: false,
  unit: 'minutes',
  ...chatSettingLimits.followerModeDuration,
  check: (n) => checkChatSettings({ followerModeDuration: n }),
};

describe('a chat mode duration', () => {
  it('sends the number as typed, in the unit the platform takes (slow mode seconds, follower-only minutes)', () => {
    expect(durationOutcome({ ...slowMode, draft: '45' })).toEqual({ shown: '45', problem: null, send: 45 });
    expect(durationOutcome({ ...followerOnly, draft: '1440' })).toEqual({ shown: '1440', problem: null, send: 1440 });
  });

  it('sends nothing untouched or unchanged, but the same number turns an off mode on', () => {
    expect(durationOutcome(slowMode)).toEqual({ shown: '30', problem: null, send: null });
    expect(durationOutcome({ ...slowMode, draft: '30' }).send).toBeNull();
    expect(durationOutcome({ ...followerOnly, draft: '10' }).send).toBe(10);
  });

  it('refuses what the platform would, in words, and sends nothing', () => {
    expect(durationOutcome({ ...slowMode, draft: '500' })).toEqual({ shown: '500', problem: 'Slow mode must be a whole number of seconds from 3 to 120.', send: null });
    expect(durationOutcome({ ...slowMode, draft: '2.5' }).send).toBeNull();
    expect(durationOutcome({ ...slowMode, draft: ' ' })).toMatchObject({ problem: 'Enter seconds from 3 to 120.', send: null });
  });
});
