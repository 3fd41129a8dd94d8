/** Electron's globalShortcut behind the ShortcutRegistry interface (src/main/services/hotkeys). */
import { globalShortcut } from 'electron';
import { shortcutCaveat, type ShortcutDesktop } from '../services/hotkeys/desktop-shortcuts';
import { takenByAnotherProgram, type ShortcutRegistration, type ShortcutRegistry } from '../services/hotkeys/shortcut-registry';

export class ElectronShortcutRegistry implements ShortcutRegistry {
  /** Where `register()` returning true does not prove the shortcut will be heard (Wayland, macOS, X11). */
  readonly caveat: string | null;

  constructor(desktop: ShortcutDesktop) {
    this.caveat = shortcutCaveat(desktop);
  }

  register(accelerator: string, callback: () => void): ShortcutRegistration {
    try {
      // false: the OS or another program holds the combination (where the OS says so: Windows).
      return globalShortcut.register(accelerator, callback) ? { ok: true } : { ok: false, reason: takenByAnotherProgram };
    } catch (error) {
      // Electron throws for an accelerator it cannot parse.
      return { ok: false, reason: error instanceof Error && error.message ? error.message : 'the system refused it' };
    }
  }

  unregister(accelerator: string): void {
    try {
      globalShortcut.unregister(accelerator);
    } catch {
      // Unregistering something never registered is not worth failing over.
    }
  }
}
