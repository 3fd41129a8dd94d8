/**
 * Settings behind an interface: electron-store in the app, `conf` in dock mode, memory in tests.
 * Secrets never live here; tokens have their own encrypted store.
 */
import { z } from 'zod';
import { themeSchema, type Theme } from '../../../shared/ipc/schemas/appearance';
import { isDiskFull } from '../common/atomic-json-file';
import { defaultHotkeys } from '../hotkeys/desktop-shortcuts';
import { AppError } from '../app-error';
import { engagementTemplateSchema, type EngagementTemplate } from '../../../shared/ipc/schemas/polls';
import { defaultLiveView, storedLiveViewSchema, type LiveView } from '../../../shared/ipc/schemas/live-view';
import { defaultSpeechSettings, speechSettingsSchema, type SpeechSettings } from '../../../shared/ipc/schemas/speech';

export interface Settings {
  /** Chosen ingest server id, or null to follow the recommendation. */
  'ingest.selectedId': number | null;
  'ingest.secure': boolean;
  'ingest.bandwidthTest': boolean;
  /** Last directory answer, used when the directory cannot be reached. */
  'ingest.cachedDirectory': { fetchedAt: string; ingests: unknown[] } | null;
  /** A client ID of the user's own app registration (real platform). */
  'platform.clientId': string | null;
  /** No desktop notifications at all while true (the queue and the tray count still update). */
  'notifications.doNotDisturb': boolean;
  /** Rewards whose redemptions are not notified. */
  'notifications.mutedRewardIds': string[];
  /** Notify donations to the charity campaign. */
  'notifications.donations': boolean;
  /** The global "drop marker" shortcut (Electron accelerator). */
  'markers.hotkey': string;
  /** The optional second shortcut, which asks for a note before placing the marker; null: off. */
  'markers.noteHotkey': string | null;
  /** Description of a marker made by a press: `{time}`, `{date}`, `{n}` are filled in; empty: none. */
  'markers.descriptionTemplate': string;
  /** A chat-settings preset's revert still to do (absolute due time, so it survives a restart). */
  'chatSettings.pendingRevert': {
    presetId: string;
    label: string;
    broadcasterId: string;
    /** Epoch ms. */
    dueAt: number;
    /** What the preset set, and what to put back (only where the preset's value is still in place). */
    applied: Record<string, unknown>;
    restore: Record<string, unknown>;
  } | null;
  /** Closing the window keeps Sidestage running in the tray. */
  'app.closeToTray': boolean;
  /** OBS Studio's WebSocket server (the password lives in its own encrypted file, never here). */
  'obs.host': string;
  'obs.port': number;
  /** Connect to OBS (and keep reconnecting) at start. */
  'obs.enabled': boolean;
  /** Drop a stream marker when OBS reconnects after a dropped connection to the ingest. */
  'obs.autoMarkerOnReconnect': boolean;
  /** The chat-settings preset the go-live checklist applies at the start of a stream; null: none. */
  'goLive.startPresetId': string | null;
  /** The global "create clip" shortcut (Electron accelerator); null: off. */
  'clips.hotkey': string | null;
  /** Saved poll and prediction templates, started from the Live view. */
  'engagement.templates': EngagementTemplate[];
  /** The colour theme: follow the OS, or always light or dark. */
  'appearance.theme': Theme;
  /** The other quick actions' global hotkeys (Electron accelerators) by action id; absent: none. */
  'hotkeys.quickActions': Record<string, string>;
  /** The overlay server's port, chosen once (null: not yet) and kept, so OBS's browser sources keep working. */
  'overlays.port': number | null;
  /** The Live view as the broadcaster arranged it: its tiles, chat and activity, the tiles' choices. */
  'liveView.layout': LiveView;
  /** Text-to-speech of the viewers' words on alerts. */
  'speech.settings': SpeechSettings;
}

export const defaultSettings: Settings = {
  'ingest.selectedId': null,
  'ingest.secure': false,
  'ingest.bandwidthTest': false,
  'ingest.cachedDirectory': null,
  'platform.clientId': null,
  'notifications.doNotDisturb': false,
  'notifications.mutedRewardIds': [],
  'notifications.donations': true,
  'markers.hotkey': defaultHotkeys(process.platform).marker,
  'markers.noteHotkey': null,
  'markers.descriptionTemplate': '',
  'chatSettings.pendingRevert': null,
  'app.closeToTray': true,
  'obs.host': '127.0.0.1',
  'obs.port': 4455,
  'obs.enabled': false,
  'obs.autoMarkerOnReconnect': false,
  'goLive.startPresetId': null,
  // The marker and the clip have hotkeys out of the box (the two presses made mid-game), which
  // type nothing on this OS's keyboards; the broadcaster chooses the others in Settings.
  'clips.hotkey': defaultHotkeys(process.platform).clip,
  'engagement.templates': [
    { id: 'starter-poll', kind: 'poll', title: 'What next?', choices: ['Another round', 'Something new'], durationSeconds: 120 },
    { id: 'starter-prediction', kind: 'prediction', title: 'Will we win this one?', choices: ['Yes', 'No'], durationSeconds: 120 },
  ],
  'appearance.theme': 'system',
  'hotkeys.quickActions': {},
  'overlays.port': null,
  'liveView.layout': defaultLiveView,
  'speech.settings': defaultSpeechSettings,
};

const pendingRevertSchema = z.object({
  presetId: z.string(),
  label: z.string(),
  broadcasterId: z.string(),
  dueAt: z.number(),
  applied: z.record(z.string(), z.unknown()),
  restore: z.record(z.string(), z.unknown()),
});

/** Each setting's schema: a value of the wrong type falls back to that setting's default alone. */
export const settingSchemas: { [K in keyof Settings]: z.ZodType<Settings[K]> } = {
  'ingest.selectedId': z.number().int().nullable(),
  'ingest.secure': z.boolean(),
  'ingest.bandwidthTest': z.boolean(),
  'ingest.cachedDirectory': z.object({ fetchedAt: z.string(), ingests: z.array(z.unknown()) }).nullable(),
  'platform.clientId': z.string().nullable(),
  'notifications.doNotDisturb': z.boolean(),
  'notifications.mutedRewardIds': z.array(z.string()),
  'notifications.donations': z.boolean(),
  'markers.hotkey': z.string(),
  'markers.noteHotkey': z.string().nullable(),
  'markers.descriptionTemplate': z.string(),
  'chatSettings.pendingRevert': pendingRevertSchema.nullable(),
  'app.closeToTray': z.boolean(),
  'obs.host': z.string().min(1).max(253),
  'obs.port': z.number().int().min(1).max(65_535),
  'obs.enabled': z.boolean(),
  'obs.autoMarkerOnReconnect': z.boolean(),
  'goLive.startPresetId': z.string().nullable(),
  'clips.hotkey': z.string().nullable(),
  // A damaged template is dropped alone; the others are kept.
  'engagement.templates': z
    .array(z.unknown())
    .max(50)
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = engagementTemplateSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  'appearance.theme': themeSchema,
  // A damaged entry is dropped alone (that action has no hotkey); the others are kept.
  'hotkeys.quickActions': z
    .record(z.string(), z.unknown())
    .transform((entries) => Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 100))),
  'overlays.port': z.number().int().min(1024).max(65_535).nullable(),
  // A damaged field falls back to its default alone.
  'liveView.layout': storedLiveViewSchema,
  'speech.settings': speechSettingsSchema,
};

export const settingKeys = Object.keys(settingSchemas) as (keyof Settings)[];

/** The value if it fits the setting's schema; the default otherwise (and when absent). */
export function validSetting<K extends keyof Settings>(key: K, value: unknown): Settings[K] {
  if (value === undefined) return defaultSettings[key];
  const parsed = settingSchemas[key].safeParse(value);
  return parsed.success ? parsed.data : defaultSettings[key];
}

/** What a failed settings write tells the broadcaster: a full disk by name, anything else plainly. */
export function settingsWriteError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDiskFull(error)) {
    return new AppError('unavailable', 'Your disk is full, so Sidestage could not save this setting. Free some space and try again.');
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new AppError('unavailable', `Sidestage could not save this setting to its settings file${code ? ` (${code})` : ''}. Try again.`);
}

export interface SettingsStore {
  get<K extends keyof Settings>(key: K): Settings[K];
  set<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

export class MemorySettingsStore implements SettingsStore {
  private readonly values: Settings;
  constructor(initial: Partial<Settings> = {}) {
    this.values = { ...defaultSettings, ...initial };
  }
  get<K extends keyof Settings>(key: K): Settings[K] {
    return this.values[key];
  }
  set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    this.values[key] = value;
  }
}

/** The shape both `conf` and electron-store have, so one adapter serves both. */
export interface KeyValueBackend {
  get(key: string, defaultValue?: unknown): unknown;
  set(key: string, value: unknown): void;
}

export class BackedSettingsStore implements SettingsStore {
  constructor(private readonly backend: KeyValueBackend) {}
  get<K extends keyof Settings>(key: K): Settings[K] {
    // The file can be edited by hand or left by another version: each value is checked on its own.
    return validSetting(key, this.backend.get(key));
  }
  /** Throws an AppError the broadcaster can read (a full disk says so) when the value is not saved. */
  set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    try {
      this.backend.set(key, value);
    } catch (error) {
      throw settingsWriteError(error);
    }
  }
}
