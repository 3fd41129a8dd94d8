import type { StoreApi } from 'zustand/vanilla';
import type { SliceContext } from './action-runner';
import type { ActionId, PanelOrigin, SidestageState, UiSlice } from './types';

export const defaultPanel = 'account';

export function createUiSlice({ set, get }: SliceContext, retry: (id: ActionId) => Promise<void>): UiSlice {
  return {
    activePanel: defaultPanel,
    panelChosen: false,
    actions: {},
    setActivePanel: (panel, origin: PanelOrigin = 'user') => {
      // A panel the broadcaster went to (or came back to after a reload) is not taken away by going live.
      const panelChosen = origin === 'auto' ? get().panelChosen : true;
      if (panel === get().activePanel) {
        if (panelChosen !== get().panelChosen) set({ panelChosen });
        return;
      }
      // A revealed stream URL is for the moment the user looks at it; leaving the panel hides it.
      set({ activePanel: panel, revealedUrl: null, panelChosen });
    },
    retry,
    dismissError: (id) =>
      set((state) => {
        const status = state.actions[id];
        return status?.error ? { actions: { ...state.actions, [id]: { ...status, error: null } } } : {};
      }),
  };
}

/**
 * The Live panel is the one to have open while live: going from offline to live shows it. When
 * the stream is already live as Sidestage opens, it shows only if no panel was chosen (or restored
 * after a reload). A panel chosen after that stays until the next time the stream goes live.
 */
export function followGoingLive(store: StoreApi<SidestageState>): () => void {
  let wasLive: boolean | null = null;
  const follow = (state: SidestageState) => {
    const live = state.streamStatus?.live;
    if (live === undefined || live === wasLive) return;
    const before = wasLive;
    wasLive = live;
    if (live && (before === false || !state.panelChosen)) state.setActivePanel('live', 'auto');
  };
  follow(store.getState());
  return store.subscribe(follow);
}
