/**
 * System-wide keyboard shortcuts behind an interface: Electron's globalShortcut in the app
 * (src/main/adapters/global-shortcuts.ts), nothing in the browser dock, a fake in tests
 * (`src/main/test-support/fake-shortcut-registry.ts`).
 */
export type ShortcutRegistration = { ok: true } | { ok: false; reason: string };

export interface ShortcutRegistry {
  /** Registers `accelerator` (Electron's format); refuses with a reason in words. */
  register(accelerator: string, callback: () => void): ShortcutRegistration;
  unregister(accelerator: string): void;
}

export const takenByAnotherProgram = 'another program already uses it';

/** The browser dock has no way to listen to keys outside the browser. */
export class UnavailableShortcutRegistry implements ShortcutRegistry {
  constructor(private readonly reason = 'global shortcuts work only in the desktop app, not in the browser dock') {}
  register(): ShortcutRegistration {
    return { ok: false, reason: this.reason };
  }
  unregister(): void {}
}
