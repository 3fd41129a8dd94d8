/** The Live view's chat modes: what each switch shows and the change it asks for. Pure. */
import type { ChatSettingsValues } from '../../store/slice-types/live';

export type QuickChatMode = 'slowMode' | 'followerMode' | 'subscriberMode' | 'emoteMode';

export interface QuickModeView {
  mode: QuickChatMode;
  label: string;
  checked: boolean;
  /** The duration the mode has, or gets when switched on, in words; null for a mode without one. */
  duration: string | null;
}

/** Follower-only minutes in words: the platform takes minutes up to 90 days, 0 meaning any follower. */
export function formatFollowerMinutes(minutes: number): string {
  if (minutes === 0) return 'any follower';
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/**
 * The four switches in the Live view. The duration shown is the one the values hold: the platform's
 * while the mode is on, and while it is off the one the Chat settings panel would switch it on with
 * (the platform forgets a duration when its mode goes off, so that is its default).
 */
export function quickModes(values: ChatSettingsValues): QuickModeView[] {
  return [
    { mode: 'slowMode', label: 'Slow mode', checked: values.slowMode, duration: `${values.slowModeWaitTime} s` },
    { mode: 'followerMode', label: 'Followers only', checked: values.followerMode, duration: formatFollowerMinutes(values.followerModeDuration) },
    { mode: 'subscriberMode', label: 'Subscribers only', checked: values.subscriberMode, duration: null },
    { mode: 'emoteMode', label: 'Emote only', checked: values.emoteMode, duration: null },
  ];
}

/**
 * The change a switch sends: the mode alone, as the Chat settings panel's own switches send it, so
 * a mode switched on keeps the duration the values hold (main pairs it with the mode on the wire).
 */
export function quickModeChange(mode: QuickChatMode, on: boolean): Partial<ChatSettingsValues> {
  return { [mode]: on };
}
