/**
 * The Live view as the broadcaster arranged it, kept in main's settings so that the desktop window
 * and every browser dock show the same tiles in the same order, and announced so that a change made
 * in one applies in the others at once.
 */
import type { LiveView } from '../../../shared/ipc/schemas/live-view';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { SettingsStore } from '../settings/settings-store';

export class LiveViewService {
  private readonly changes = new Emitter<LiveView>();

  constructor(private readonly settings: SettingsStore) {}

  get(): LiveView {
    return this.settings.get('liveView.layout');
  }

  /**
   * Saves the change (a settings write that fails throws the broadcaster's words, and nothing is
   * announced) and announces it; a change that changes nothing is not written or announced.
   */
  set(changes: Partial<LiveView>): LiveView {
    const before = this.get();
    const next: LiveView = { ...before, ...changes };
    if (JSON.stringify(next) === JSON.stringify(before)) return before;
    this.settings.set('liveView.layout', next);
    this.changes.fire(next);
    return next;
  }

  onChange(listener: (view: LiveView) => void): Disposer {
    return this.changes.on(listener);
  }
}
