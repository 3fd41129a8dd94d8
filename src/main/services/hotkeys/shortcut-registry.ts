/**
 * System-wide keyboard shortcuts behind an interface: Electron's globalShortcut in the app
 * (src/main/adapters/global-shortcuts.ts), nothing in the browser dock, a fake in tests
 * (`src/main/test-support/fake-shortcut-registry.ts`).
 */
export type ShortcutRegistration = { ok: true } | { ok: false; reason: string };

export interface ShortcutRegistry {
  /**
   * Set where no global shortcut can ever be registered (the browser dock), in words: then no
   * shortcut is worth choosing, and the panel says where shortcuts work instead.
   */
  readonly unavailable?: string;
  /**
   * Set where a shortcut the system accepted may still never be heard (Wayland, macOS, X11), in
   * words: the panel then says so and asks for a test press instead of promising it works.
   */
  readonly caveat?: string | null;
  /** Registers `accelerator` (Electron's format); refuses with a reason in words. */
  register(accelerator: string, callback: () => void): ShortcutRegistration;
  unregister(accelerator: string): void;
}

export const takenByAnotherProgram = 'another program already uses it';

/** The browser dock has no way to listen to keys outside the browser. */
export class UnavailableShortcutRegistry implements ShortcutRegistry {
  readonly unavailable: string;
  constructor(private readonly reason = 'Global shortcuts work in the Sidestage desktop app; a browser dock cannot listen to keys outside itself. Here, use the buttons and keys of the Live view.') {
    this.unavailable = reason;
  }
  register(): ShortcutRegistration {
    return { ok: false, reason: this.reason };
  }
  unregister(): void {}
}
