/**
 * The app's appearance, kept in main's settings so that the desktop window and every browser dock
 * show the same theme, and announced so that a change applies everywhere without a restart.
 */
import type { Appearance } from '../../../shared/ipc/schemas/appearance';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { SettingsStore } from '../settings/settings-store';

export class AppearanceService {
  private readonly changes = new Emitter<Appearance>();

  constructor(private readonly settings: SettingsStore) {}

  get(): Appearance {
    return { theme: this.settings.get('appearance.theme') };
  }

  /** Saves the change (a settings write that fails throws the broadcaster's words) and announces it. */
  set(changes: Partial<Appearance>): Appearance {
    if (changes.theme !== undefined && changes.theme !== this.settings.get('appearance.theme')) {
      this.settings.set('appearance.theme', changes.theme);
      this.changes.fire(this.get());
    }
    return this.get();
  }

  onChange(listener: (appearance: Appearance) => void): Disposer {
    return this.changes.on(listener);
  }
}
