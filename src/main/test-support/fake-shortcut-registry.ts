import { takenByAnotherProgram, type ShortcutRegistration, type ShortcutRegistry } from '../services/hotkeys/shortcut-registry';

/** For tests and the benchmark: `press` fires a registered shortcut; `taken` ones are refused. */
export class FakeShortcutRegistry implements ShortcutRegistry {
  readonly registered = new Map<string, () => void>();
  readonly taken = new Set<string>();

  register(accelerator: string, callback: () => void): ShortcutRegistration {
    if (this.taken.has(accelerator) || this.registered.has(accelerator)) return { ok: false, reason: takenByAnotherProgram };
    this.registered.set(accelerator, callback);
    return { ok: true };
  }

  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }

  /** Presses the shortcut; false when nothing is registered for it. */
  press(accelerator: string): boolean {
    const callback = this.registered.get(accelerator);
    callback?.();
    return callback !== undefined;
  }
}
