/**
 * The global shortcuts as one state for the renderer: the marker hotkey (places a marker at
 * once), the optional note hotkey (asks for a note first; the marker keeps the press's time) and
 * the optional clip hotkey (creates a clip of the live broadcast).
 */
import { parseAccelerator } from '../../../shared/domain/accelerator';
import type { HotkeyState } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';
import type { Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SettingsStore } from '../settings/settings-store';
import { MarkerHotkey } from './marker-hotkey';
import type { ShortcutRegistry } from './shortcut-registry';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

export interface MarkerHotkeysOptions {
  registry: ShortcutRegistry;
  settings: SettingsStore;
  notifier: Notifier;
  logger: Logger;
  clock?: Clock;
  onMarkerPress: () => Promise<unknown>;
  onNotePress: () => Promise<unknown>;
  /** The clip hotkey's press (ClipService.create('hotkey')); without it the clip hotkey is not registered. */
  onClipPress?: () => Promise<unknown>;
  bounceMs?: number;
}

export class MarkerHotkeys {
  readonly marker: MarkerHotkey;
  readonly note: MarkerHotkey;
  readonly clip: MarkerHotkey | null;
  private readonly changes = new Emitter<HotkeyState>();

  private readonly registry: ShortcutRegistry;

  constructor(options: MarkerHotkeysOptions) {
    this.registry = options.registry;
    const common = { registry: options.registry, settings: options.settings, notifier: options.notifier, logger: options.logger, clock: options.clock, bounceMs: options.bounceMs };
    this.marker = new MarkerHotkey({ ...common, onPress: options.onMarkerPress });
    this.note = new MarkerHotkey({ ...common, settingKey: 'markers.noteHotkey', onPress: options.onNotePress });
    this.clip = options.onClipPress ? new MarkerHotkey({ ...common, settingKey: 'clips.hotkey', onPress: options.onClipPress }) : null;
    this.marker.onChange(() => this.emit());
    this.note.onChange(() => this.emit());
    this.clip?.onChange(() => this.emit());
  }

  start(): void {
    this.marker.start();
    this.note.start();
    this.clip?.start();
  }

  getState(): HotkeyState {
    return {
      ...this.marker.getState(),
      note: this.note.getShortcut(),
      clip: this.clip?.getShortcut() ?? { accelerator: null, registered: false, error: null },
      unavailable: this.registry.unavailable ?? null,
    };
  }

  onChange(listener: (state: HotkeyState) => void): Disposer {
    return this.changes.on(listener);
  }

  set(accelerator: string, which: 'marker' | 'note' | 'clip' = 'marker'): HotkeyState {
    const parsed = parseAccelerator(accelerator);
    const all = { marker: this.marker, note: this.note, clip: this.clip };
    const target = all[which];
    if (!target) throw new AppError('unavailable', 'The clip shortcut is not available here.');
    for (const [name, other] of Object.entries(all)) {
      if (name === which || !other) continue;
      if (parsed.ok && other.getShortcut().accelerator === parsed.accelerator) {
        throw new AppError('invalid_argument', `${parsed.accelerator} is already the ${name} shortcut: choose another combination.`);
      }
    }
    target.set(accelerator);
    return this.getState();
  }

  startTest(): HotkeyState {
    this.marker.startTest();
    return this.getState();
  }

  dispose(): void {
    this.marker.dispose();
    this.note.dispose();
    this.clip?.dispose();
    this.changes.dispose();
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}
