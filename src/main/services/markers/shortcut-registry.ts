/**
 * System-wide keyboard shortcuts behind an interface: Electron's globalShortcut in the app
 * (src/main/adapters/global-shortcuts.ts), nothing in the browser dock, a fake in tests.
 */
export type ShortcutRegistration = { ok: true } | { ok: false; reason: string };

export interface ShortcutRegistry {
  /** Registers `accelerator` (Electron's format); refuses with a reason in words. */
  register(accelerator: string, callback: () => void): ShortcutRegistration;
  unregister(accelerator: string): void;
}

export const takenByAnotherProgram = 'another program already uses it';

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

/** The browser dock has no way to listen to keys outside the browser. */
export class UnavailableShortcutRegistry implements ShortcutRegistry {
  constructor(private readonly reason = 'global shortcuts work only in the desktop app, not in the browser dock') {}
  register(): ShortcutRegistration {
    return { ok: false, reason: this.reason };
  }
  unregister(): void {}
}
