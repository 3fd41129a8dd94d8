/**
 * Chat settings as Sidestage edits them, the platform's ranges, and the update body that sends
 * only what changed in the pairing the platform requires (a duration only with its mode `true`
 * in the same body; platform facts, "Chat settings update").
 */

export interface ChatSettingsValues {
  emoteMode: boolean;
  followerMode: boolean;
  /** Minutes a viewer must have followed; meaningful while followerMode is on. */
  followerModeDuration: number;
  slowMode: boolean;
  /** Seconds between messages; meaningful while slowMode is on. */
  slowModeWaitTime: number;
  subscriberMode: boolean;
  uniqueChatMode: boolean;
  nonModeratorChatDelay: boolean;
  /** 2, 4 or 6 seconds; meaningful while nonModeratorChatDelay is on. */
  nonModeratorChatDelayDuration: number;
}

export const chatSettingLimits = {
  followerModeDuration: { min: 0, max: 129_600 },
  slowModeWaitTime: { min: 3, max: 120 },
  nonModeratorChatDelayDuration: { choices: [2, 4, 6] as const },
} as const;

/** What the form shows for a duration whose mode is off (the platform's defaults). */
export const chatSettingDefaults = { followerModeDuration: 0, slowModeWaitTime: 30, nonModeratorChatDelayDuration: 2 } as const;

/** The reason a value is outside the platform's range, or null when it is fine. */
export function checkChatSettings(values: Partial<ChatSettingsValues>): string | null {
  const f = values.followerModeDuration;
  if (f !== undefined && (!Number.isInteger(f) || f < chatSettingLimits.followerModeDuration.min || f > chatSettingLimits.followerModeDuration.max)) {
    return `Follower-only time must be a whole number of minutes from 0 to ${chatSettingLimits.followerModeDuration.max} (90 days).`;
  }
  const s = values.slowModeWaitTime;
  if (s !== undefined && (!Number.isInteger(s) || s < chatSettingLimits.slowModeWaitTime.min || s > chatSettingLimits.slowModeWaitTime.max)) {
    return `Slow mode must be a whole number of seconds from ${chatSettingLimits.slowModeWaitTime.min} to ${chatSettingLimits.slowModeWaitTime.max}.`;
  }
  const d = values.nonModeratorChatDelayDuration;
  if (d !== undefined && !(chatSettingLimits.nonModeratorChatDelayDuration.choices as readonly number[]).includes(d)) {
    return 'The chat delay must be 2, 4 or 6 seconds.';
  }
  return null;
}

export type ChatSettingsPatch = Partial<{
  emote_mode: boolean;
  follower_mode: boolean;
  follower_mode_duration: number;
  slow_mode: boolean;
  slow_mode_wait_time: number;
  subscriber_mode: boolean;
  unique_chat_mode: boolean;
  non_moderator_chat_delay: boolean;
  non_moderator_chat_delay_duration: number;
}>;

const pairs = [
  ['followerMode', 'followerModeDuration', 'follower_mode', 'follower_mode_duration'],
  ['slowMode', 'slowModeWaitTime', 'slow_mode', 'slow_mode_wait_time'],
  ['nonModeratorChatDelay', 'nonModeratorChatDelayDuration', 'non_moderator_chat_delay', 'non_moderator_chat_delay_duration'],
] as const;
const plain = [
  ['emoteMode', 'emote_mode'],
  ['subscriberMode', 'subscriber_mode'],
  ['uniqueChatMode', 'unique_chat_mode'],
] as const;

/**
 * The PATCH body that turns `current` into `current` + `changes`: only the fields that change; a
 * mode switched on or a duration changed while on sends the mode `true` with its duration; a mode
 * switched off sends `false` alone (a duration is refused beside `false`). Empty when nothing changes.
 */
export function chatSettingsPatch(current: ChatSettingsValues, changes: Partial<ChatSettingsValues>): ChatSettingsPatch {
  const next = { ...current, ...changes };
  const body: Record<string, boolean | number> = {};
  for (const [mode, wire] of plain) {
    if (next[mode] !== current[mode]) body[wire] = next[mode];
  }
  for (const [mode, duration, wireMode, wireDuration] of pairs) {
    if (!next[mode]) {
      if (current[mode]) body[wireMode] = false;
      continue;
    }
    if (!current[mode] || next[duration] !== current[duration]) {
      body[wireMode] = true;
      body[wireDuration] = next[duration];
    }
  }
  return body as ChatSettingsPatch;
}

/** The values that undo `changes` applied on top of `before` (for a preset's revert). */
export function revertChanges(before: ChatSettingsValues, changes: Partial<ChatSettingsValues>): Partial<ChatSettingsValues> {
  const undo: Partial<ChatSettingsValues> = {};
  for (const key of Object.keys(changes) as (keyof ChatSettingsValues)[]) {
    (undo as Record<string, unknown>)[key] = before[key];
  }
  // A mode restored to on needs its old duration too; a duration restored needs its mode.
  for (const [mode, duration] of pairs) {
    if (mode in undo || duration in undo) {
      (undo as Record<string, unknown>)[mode] = before[mode];
      (undo as Record<string, unknown>)[duration] = before[duration];
    }
  }
  return undo;
}
