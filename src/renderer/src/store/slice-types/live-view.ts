/** The live-view slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { LiveView } from '../../../../shared/ipc/contract';

export type LiveViewActionId = 'liveView.load' | 'liveView.save';

export interface LiveViewSlice {
  /** null until main answered: the default arrangement shows meanwhile (`selectLiveView`). */
  liveView: LiveView | null;
  loadLiveView(): Promise<void>;
  /** Shows the change at once and saves it in main. */
  changeLiveView(changes: Partial<LiveView>): Promise<void>;
  applyLiveView(view: LiveView): void;
}
