import type { StoreApi } from 'zustand/vanilla';
import { systemClock } from '../../../shared/primitives/clock';
import type { SliceContext } from './action-runner';
import type { PanelOrigin, UiSlice } from './slice-types/ui';
import type { SidestageState } from './types';

export const defaultPanel = 'account';

export function createUiSlice({ set, get, deps }: SliceContext): UiSlice {
  const clock = deps.clock ?? systemClock;
  return {
    activePanel: defaultPanel,
    panelChosenAt: null,
    setActivePanel: (panel, origin: PanelOrigin = 'user') => {
      // A panel the broadcaster went to (or came back to after a reload) is not taken away by going live.
      const panelChosenAt = origin === 'auto' ? get().panelChosenAt : clock.now();
      if (panel === get().activePanel) {
        set({ panelChosenAt });
        return;
      }
      // A revealed stream URL is for the moment the user looks at it; leaving the panel hides it.
      set({ activePanel: panel, revealedUrl: null, panelChosenAt });
    },
  };
}

/**
 * The Live panel is the one to have open while live: when the stream is seen going live (or is
 * live as Sidestage opens), the Live panel shows, unless the broadcaster chose a panel (or a
 * reload restored one) since the stream started: the news of it can arrive after that click.
 */
export function followGoingLive(store: StoreApi<SidestageState>): () => void {
  let wasLive: boolean | null = null;
  const follow = (state: SidestageState) => {
    const live = state.streamStatus?.live;
    if (live === undefined || live === wasLive) return;
    const firstStatus = wasLive === null;
    wasLive = live;
    if (!live) return;
    const startedAt = Date.parse(state.streamStatus?.startedAt ?? '');
    // Already live when the window opened: a panel restored by a reload (or chosen before the
    // first status came) stays. Going live while watched: started_at has whole seconds, so the
    // stream began up to a second after it says, and only a choice surely after the start keeps
    // its panel (one made just before the start must not).
    const chosenSince =
      state.panelChosenAt !== null && (firstStatus || Number.isNaN(startedAt) || state.panelChosenAt >= startedAt + 1000);
    if (!chosenSince) state.setActivePanel('live', 'auto');
  };
  follow(store.getState());
  return store.subscribe(follow);
}
