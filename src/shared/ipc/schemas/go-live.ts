/** The go-live checklist: what must hold before the broadcaster presses "Start streaming". */
import { z } from 'zod';

export const goLiveItemIdSchema = z.enum(['signIn', 'streamKey', 'obsConnected', 'obsServer', 'obsOutput', 'vodStorage', 'eventSub', 'markerHotkey', 'chatPreset']);
export type GoLiveItemId = z.infer<typeof goLiveItemIdSchema>;

/**
 * The one-click fixes (`goLive:fix`). `openObsPanel` is the renderer's own (it shows the OBS panel,
 * where a password or address is corrected); main has nothing to run for it.
 */
export const goLiveFixActionSchema = z.enum(['signIn', 'sendToObs', 'connectObs', 'probeIngest', 'applyChatPreset', 'openObsPanel']);
export type GoLiveFixAction = z.infer<typeof goLiveFixActionSchema>;

export const goLiveItemStateSchema = z.enum(['ok', 'problem', 'unknown', 'not-applicable']);
export type GoLiveItemState = z.infer<typeof goLiveItemStateSchema>;

export const goLiveItemSchema = z.object({
  id: goLiveItemIdSchema,
  label: z.string(),
  state: goLiveItemStateSchema,
  /** Why, in the broadcaster's words (never quoting a key). */
  reason: z.string(),
  /** Required items must be ok before the checklist says "ready to go live". */
  required: z.boolean(),
  fix: z.object({ action: goLiveFixActionSchema, label: z.string() }).nullable(),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

export const goLiveStateSchema = z.object({
  /** Whether the checklist is open (and so re-checks itself). */
  open: z.boolean(),
  /** Every required item is ok. */
  ready: z.boolean(),
  /** "Ready to go live", or what still stands in the way. */
  summary: z.string(),
  items: z.array(goLiveItemSchema),
  /** ISO time of the last completed check; null before the first one. */
  checkedAt: z.string().nullable(),
  checking: z.boolean(),
  /** The chat-settings preset applied at the start of a stream; null: none chosen. */
  startPresetId: z.string().nullable(),
});
export type GoLiveState = z.infer<typeof goLiveStateSchema>;

export const goLiveFixArgSchema = z.object({ action: goLiveFixActionSchema }).strict();
export const goLiveStartPresetArgSchema = z.object({ presetId: z.string().min(1).max(100).nullable() }).strict();

/** OBS's output settings as obs-websocket reads them (GetProfileParameter, GetVideoSettings). */
export const obsOutputSettingsSchema = z.object({
  mode: z.enum(['simple', 'advanced', 'unknown']),
  /** OBS's encoder id, e.g. x264, nvenc, obs_x264, jim_nvenc; null when unreadable. */
  encoder: z.string().nullable(),
  /** Video bitrate in kbps; null where the profile does not expose it (Advanced mode keeps it in the encoder's own file). */
  videoBitrateKbps: z.number().nullable(),
  /** Keyframe interval in seconds; null where unreadable. */
  keyframeIntervalSeconds: z.number().nullable(),
  outputWidth: z.number().int().nullable(),
  outputHeight: z.number().int().nullable(),
  fps: z.number().nullable(),
});
export type ObsOutputSettings = z.infer<typeof obsOutputSettingsSchema>;
