import type { SliceContext } from './action-runner';
import type { ActionId, UiSlice } from './types';

export const defaultPanel = 'account';

export function createUiSlice({ set, get }: SliceContext, retry: (id: ActionId) => Promise<void>): UiSlice {
  return {
    activePanel: defaultPanel,
    actions: {},
    setActivePanel: (panel) => {
      if (panel === get().activePanel) return;
      // A revealed stream URL is for the moment the user looks at it; leaving the panel hides it.
      set({ activePanel: panel, revealedUrl: null });
    },
    retry,
    dismissError: (id) =>
      set((state) => {
        const status = state.actions[id];
        return status?.error ? { actions: { ...state.actions, [id]: { ...status, error: null } } } : {};
      }),
  };
}
