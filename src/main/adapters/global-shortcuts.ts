/** Electron's globalShortcut behind the ShortcutRegistry interface (src/main/services/markers). */
import { globalShortcut } from 'electron';
import { takenByAnotherProgram, type ShortcutRegistration, type ShortcutRegistry } from '../services/hotkeys/shortcut-registry';

export class ElectronShortcutRegistry implements ShortcutRegistry {
  register(accelerator: string, callback: () => void): ShortcutRegistration {
    try {
      // false: the OS or another program holds the combination.
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
