/**
 * One global shortcut of a quick action: registered from its setting at start, changeable
 * (validated, the old one kept when the new one cannot be registered), cleared where the action
 * allows it, with "last fired". Key bounce (repeats within `bounceMs` of the previous press, such
 * as a held key's auto-repeat) makes one action; deliberate presses make one each. Messages quote
 * the shortcut as the broadcaster's keyboard shows it ("Ctrl+Alt+M"), never Electron's spelling.
 */
import { formatAccelerator, parseAccelerator } from '../../../shared/domain/accelerator';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import type { ShortcutRegistry } from './shortcut-registry';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

/** Where a hotkey's accelerator is kept (a settings key, or an entry of one). */
export interface HotkeySetting {
  get(): string | null;
  /** Throws an AppError in words when it cannot be saved. */
  set(accelerator: string | null): void;
}

/** What the panel shows of one hotkey. */
export interface GlobalHotkeyState {
  accelerator: string | null;
  registered: boolean;
  error: string | null;
  lastFiredAt: string | null;
}

export interface GlobalHotkeyOptions {
  registry: ShortcutRegistry;
  setting: HotkeySetting;
  logger: Logger;
  /** A real press (its outcome is told by the caller). */
  onPress: () => void;
  /** A press while testing: recorded, nothing done. */
  onTestPress?: () => void;
  /** Whether presses are only being tested now. */
  isTesting?: () => boolean;
  /** The keyboard the broadcaster reads shortcuts on: "⌘⌥M" on macOS, "Ctrl+Alt+M" elsewhere. */
  platform: 'mac' | 'other';
  clock?: Clock;
  /** Default 400 ms. */
  bounceMs?: number;
  /** The marker's hotkey cannot be cleared (it is the one a broadcaster always has). */
  required?: boolean;
}

export class GlobalHotkey {
  private readonly clock: Clock;
  private readonly bounceMs: number;
  private accelerator: string | null;
  private registered = false;
  private error: string | null = null;
  private lastFiredAt: number | null = null;
  private lastRawPressAt = -Infinity;
  private readonly changes = new Emitter<GlobalHotkeyState>();

  constructor(private readonly options: GlobalHotkeyOptions) {
    this.clock = options.clock ?? systemClock;
    this.bounceMs = options.bounceMs ?? 400;
    this.accelerator = options.setting.get();
  }

  /** As the broadcaster's keyboard shows it. */
  human(accelerator: string): string {
    return formatAccelerator(accelerator, this.options.platform);
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
    this.error = result.ok ? null : `${this.human(this.accelerator)} could not be registered: ${result.reason}. Choose another shortcut.`;
    if (!result.ok) this.options.logger.warn('hotkey not registered', { accelerator: this.accelerator, reason: result.reason });
    this.emit();
  }

  getState(): GlobalHotkeyState {
    return {
      accelerator: this.accelerator,
      registered: this.registered,
      error: this.error,
      lastFiredAt: this.lastFiredAt === null ? null : new Date(this.lastFiredAt).toISOString(),
    };
  }

  onChange(listener: (state: GlobalHotkeyState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Switches to a new shortcut; on failure the old one stays registered and the reason is thrown. */
  set(input: string): GlobalHotkeyState {
    if (input.trim() === '' && !this.options.required) return this.clear();
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
        if (!again.ok) this.error = `${this.human(previous)} could not be registered again: ${again.reason}.`;
        this.emit();
      }
      const kept = this.registered && previous !== null ? ` ${this.human(previous)} stays in use.` : '';
      throw new AppError('unavailable', `${this.human(next)} could not be registered: ${result.reason}.${kept}`);
    }
    try {
      this.options.setting.set(next);
    } catch (error) {
      // Not saved: the shortcut would be gone at the next start, so the old one stays now too.
      this.options.registry.unregister(next);
      if (this.registered && previous !== null) this.registered = this.options.registry.register(previous, () => this.onRawPress()).ok;
      this.emit();
      throw error;
    }
    this.accelerator = next;
    this.registered = true;
    this.error = null;
    this.emit();
    return this.getState();
  }

  /** No hotkey for this action any more. */
  clear(): GlobalHotkeyState {
    if (this.options.required) throw new AppError('invalid_argument', 'The marker hotkey cannot be cleared: choose another shortcut instead.');
    this.options.setting.set(null);
    if (this.registered && this.accelerator !== null) this.options.registry.unregister(this.accelerator);
    this.accelerator = null;
    this.registered = false;
    this.error = null;
    this.emit();
    return this.getState();
  }

  dispose(): void {
    if (this.registered && this.accelerator !== null) this.options.registry.unregister(this.accelerator);
    this.registered = false;
    this.changes.dispose();
  }

  private onRawPress(): void {
    const now = this.clock.now();
    const bounce = now - this.lastRawPressAt < this.bounceMs;
    this.lastRawPressAt = now;
    if (bounce) return;
    this.lastFiredAt = now;
    this.emit();
    if (this.options.isTesting?.()) this.options.onTestPress?.();
    else this.options.onPress();
  }

  private emit(): void {
    this.changes.fire(this.getState());
  }
}
