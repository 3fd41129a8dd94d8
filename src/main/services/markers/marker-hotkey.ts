/**
 * The global "drop marker" shortcut: registered from the settings at start, changeable (validated,
 * the old one kept when the new one cannot be registered), with "last fired" and a test mode for
 * the panel's test button. Key bounce (repeats within `bounceMs` of the previous press, such as a
 * held key's auto-repeat) makes one marker; deliberate presses make one each.
 */
import { parseAccelerator } from '../../../shared/domain/accelerator';
import type { HotkeyState } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SettingsStore } from '../settings/settings-store';
import type { ShortcutRegistry } from './shortcut-registry';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

/** The settings that hold a global shortcut: the marker's, the optional note one, and the clip one. */
export type HotkeySettingKey = 'markers.hotkey' | 'markers.noteHotkey' | 'clips.hotkey';

export interface MarkerHotkeyOptions {
  registry: ShortcutRegistry;
  settings: SettingsStore;
  notifier: Notifier;
  logger: Logger;
  /** What a real press does (MarkerService.drop('hotkey')); its failures are reported by it. */
  onPress: () => Promise<unknown>;
  clock?: Clock;
  /** Default 400 ms. */
  bounceMs?: number;
  /** How long the test button listens. Default 15 s. */
  testWindowMs?: number;
  /** Which setting holds the shortcut: the marker hotkey, or the optional note hotkey (may be off). */
  settingKey?: HotkeySettingKey;
  /** What the test button's confirmation calls it. Default "Marker hotkey". */
  label?: string;
}

export class MarkerHotkey {
  private readonly clock: Clock;
  private readonly bounceMs: number;
  private accelerator: string | null;
  private readonly settingKey: HotkeySettingKey;
  private registered = false;
  private error: string | null = null;
  private lastFiredAt: number | null = null;
  private lastRawPressAt = -Infinity;
  private testingUntil: number | null = null;
  private testTimer: unknown = null;
  private readonly changes = new Emitter<Omit<HotkeyState, 'note' | 'clip'>>();

  constructor(private readonly options: MarkerHotkeyOptions) {
    this.clock = options.clock ?? systemClock;
    this.bounceMs = options.bounceMs ?? 400;
    this.settingKey = options.settingKey ?? 'markers.hotkey';
    this.accelerator = options.settings.get(this.settingKey);
  }

  start(): void {
    if (this.accelerator === null) {
      this.emit();
      return;
    }
    const parsed = parseAccelerator(this.accelerator);
    if (!parsed.ok) {
      this.error = `The saved shortcut "${this.accelerator}" is not valid (${parsed.reason}). Choose another one.`;
      this.emit();
      return;
    }
    this.accelerator = parsed.accelerator;
    const { unavailable } = this.options.registry;
    if (unavailable) {
      // Not a problem with this shortcut: another one would fail the same way, so none is suggested.
      this.registered = false;
      this.error = null;
      this.emit();
      return;
    }
    const result = this.options.registry.register(this.accelerator, () => this.onRawPress());
    this.registered = result.ok;
    this.error = result.ok ? null : `${this.accelerator} could not be registered: ${result.reason}. Choose another shortcut.`;
    if (!result.ok) this.options.logger.warn('hotkey not registered', { accelerator: this.accelerator, reason: result.reason });
    this.emit();
  }

  /** The note hotkey's part of the state (it has no test mode of its own). */
  getShortcut(): HotkeyState['note'] {
    return { accelerator: this.accelerator, registered: this.registered, error: this.error };
  }

  getState(): Omit<HotkeyState, 'note' | 'clip'> {
    return {
      accelerator: this.accelerator ?? '',
      registered: this.registered,
      error: this.error,
      lastFiredAt: this.lastFiredAt === null ? null : new Date(this.lastFiredAt).toISOString(),
      testingUntil: this.testingUntil === null ? null : new Date(this.testingUntil).toISOString(),
    };
  }

  onChange(listener: (state: Omit<HotkeyState, 'note' | 'clip'>) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Switches to a new shortcut; on failure the old one stays registered and the reason is thrown. */
  set(input: string): Omit<HotkeyState, 'note' | 'clip'> {
    // The note and clip shortcuts may be off; the marker one is always there.
    if (input.trim() === '' && this.settingKey !== 'markers.hotkey') return this.turnOff();
    if (this.options.registry.unavailable) throw new AppError('unavailable', this.options.registry.unavailable);
    const parsed = parseAccelerator(input);
    if (!parsed.ok) throw new AppError('invalid_argument', parsed.reason);
    const next = parsed.accelerator;
    if (next === this.accelerator && this.registered) return this.getState();
    const previous = this.accelerator;
    if (this.registered && previous !== null) this.options.registry.unregister(previous);
    const result = this.options.registry.register(next, () => this.onRawPress());
    if (!result.ok) {
      // Put the old one back, so a failed change never leaves the streamer without a hotkey.
      if (this.registered && previous !== null) {
        const again = this.options.registry.register(previous, () => this.onRawPress());
        this.registered = again.ok;
        if (!again.ok) this.error = `${this.accelerator} could not be registered again: ${again.reason}.`;
        this.emit();
      }
      const kept = this.registered ? ` ${this.accelerator} stays in use.` : '';
      throw new AppError('unavailable', `${next} could not be registered: ${result.reason}.${kept}`);
    }
    this.accelerator = next;
    this.registered = true;
    this.error = null;
    this.options.settings.set(this.settingKey, next);
    this.emit();
    return this.getState();
  }

  private turnOff(): Omit<HotkeyState, 'note' | 'clip'> {
    if (this.registered && this.accelerator !== null) this.options.registry.unregister(this.accelerator);
    this.accelerator = null;
    this.registered = false;
    this.error = null;
    this.options.settings.set(this.settingKey, null);
    this.emit();
    return this.getState();
  }

  /** The next press within the window is only recorded and confirmed: no marker. */
  startTest(windowMs = this.options.testWindowMs ?? 15_000): Omit<HotkeyState, 'note' | 'clip'> {
    if (!this.registered) throw new AppError('unavailable', this.error ?? 'The shortcut is not registered.');
    this.testingUntil = this.clock.now() + windowMs;
    if (this.testTimer !== null) this.clock.clearTimeout(this.testTimer);
    this.testTimer = this.clock.setTimeout(() => this.endTest(), windowMs);
    this.emit();
    return this.getState();
  }

  dispose(): void {
    if (this.registered && this.accelerator !== null) this.options.registry.unregister(this.accelerator);
    this.registered = false;
    if (this.testTimer !== null) this.clock.clearTimeout(this.testTimer);
    this.changes.dispose();
  }

  private onRawPress(): void {
    const now = this.clock.now();
    const bounce = now - this.lastRawPressAt < this.bounceMs;
    this.lastRawPressAt = now;
    if (bounce) return;
    this.lastFiredAt = now;
    if (this.testingUntil !== null && now <= this.testingUntil) {
      this.endTest();
      this.options.notifier.show({ title: 'Marker hotkey works', body: `${this.accelerator} was heard. No marker was placed.`, tag: 'sidestage-marker' });
      return;
    }
    this.emit();
    void this.options.onPress().catch(() => {});
  }

  private endTest(): void {
    if (this.testTimer !== null) this.clock.clearTimeout(this.testTimer);
    this.testTimer = null;
    this.testingUntil = null;
    this.emit();
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}
