/**
 * The two marker shortcuts as one state for the renderer: the marker hotkey (places a marker at
 * once) and the optional note hotkey (asks for a note first; the marker keeps the press's time).
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
  bounceMs?: number;
}

export class MarkerHotkeys {
  readonly marker: MarkerHotkey;
  readonly note: MarkerHotkey;
  private readonly changes = new Emitter<HotkeyState>();

  private readonly registry: ShortcutRegistry;

  constructor(options: MarkerHotkeysOptions) {
    this.registry = options.registry;
    const common = { registry: options.registry, settings: options.settings, notifier: options.notifier, logger: options.logger, clock: options.clock, bounceMs: options.bounceMs };
    this.marker = new MarkerHotkey({ ...common, onPress: options.onMarkerPress });
    this.note = new MarkerHotkey({ ...common, settingKey: 'markers.noteHotkey', onPress: options.onNotePress });
    this.marker.onChange(() => this.emit());
    this.note.onChange(() => this.emit());
  }

  start(): void {
    this.marker.start();
    this.note.start();
  }

  getState(): HotkeyState {
    return { ...this.marker.getState(), note: this.note.getShortcut(), unavailable: this.registry.unavailable ?? null };
  }

  onChange(listener: (state: HotkeyState) => void): Disposer {
    return this.changes.on(listener);
  }

  set(accelerator: string, which: 'marker' | 'note' = 'marker'): HotkeyState {
    const parsed = parseAccelerator(accelerator);
    const other = which === 'note' ? this.marker.getShortcut() : this.note.getShortcut();
    if (parsed.ok && other.accelerator === parsed.accelerator) {
      throw new AppError('invalid_argument', `${parsed.accelerator} is already the ${which === 'note' ? 'marker' : 'note'} shortcut: choose another combination.`);
    }
    (which === 'note' ? this.note : this.marker).set(accelerator);
    return this.getState();
  }

  startTest(): HotkeyState {
    this.marker.startTest();
    return this.getState();
  }

  dispose(): void {
    this.marker.dispose();
    this.note.dispose();
    this.changes.dispose();
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}
