/** The global hotkeys of the quick actions (desktop app only). */
import { z } from 'zod';

/** Every quick action that can have a global hotkey, in the order Settings lists them. */
export const hotkeyActionIds = [
  'marker',
  'markerNote',
  'clip',
  'ad',
  'snooze',
  'slowMode',
  'followerMode',
  'subscriberMode',
  'emoteMode',
  'startTemplate',
  'endPoll',
  'lockPrediction',
  'shoutoutRaider',
  'raid',
  'shieldMode',
] as const;

export const hotkeyActionSchema = z.enum(hotkeyActionIds, {
  // The default names every option and the input; this says what is wrong in one line.
  error: (issue) => `There is no quick action "${String(issue.input).slice(0, 40)}" to give a hotkey.`,
});
export type HotkeyAction = z.infer<typeof hotkeyActionSchema>;

export const hotkeyEntrySchema = z.object({
  action: hotkeyActionSchema,
  /** What the press does, in the broadcaster's words. */
  label: z.string(),
  /** Electron's accelerator (the renderer formats it for the keyboard); null: no hotkey. */
  accelerator: z.string().nullable(),
  registered: z.boolean(),
  /** Why the shortcut is not registered, in words (taken by another program, not valid...). */
  error: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  /** Why this shortcut, though registered, gets in the way (Ctrl+Alt+key is AltGr+key on Windows), in words. */
  warning: z.string().nullable().optional(),
});
export type HotkeyEntry = z.infer<typeof hotkeyEntrySchema>;

export const hotkeysStateSchema = z.object({
  hotkeys: z.array(hotkeyEntrySchema),
  /** While set, a press of any hotkey is only recorded and confirmed (the test button): nothing is done. */
  testingUntil: z.string().nullable(),
  /** Set where no global shortcut can be registered (the browser dock): where they work, in words. */
  unavailable: z.string().nullable(),
  /**
   * Set where a registered shortcut may still not be heard (a Wayland session; macOS and X11, where
   * a combination another app holds registers silently), in words: a test press is the only proof.
   */
  caveat: z.string().nullable().optional(),
});
export type HotkeysState = z.infer<typeof hotkeysStateSchema>;

export const setHotkeyArgSchema = z.object({ action: hotkeyActionSchema, accelerator: z.string().max(100) }).strict();
export const clearHotkeyArgSchema = z.object({ action: hotkeyActionSchema }).strict();
