/**
 * The theme in the store. Main keeps it (so the window and every dock agree); this mirrors its
 * event and shows a choice at once, rolled back when main refuses it.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Theme } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { AppearanceSlice } from './slice-types/appearance';

export function createAppearanceSlice({ set, get, deps, run, epochs }: SliceContext): AppearanceSlice {
  return {
    theme: null,
    loadAppearance: () =>
      run('appearance.load', async () => {
        await epochs.ask('appearance', () => deps.bridge.appearance.get(), ({ theme }) => set({ theme }));
      }),
    setTheme: (theme) =>
      run('appearance.save', async () => {
        const before = get().theme;
        set({ theme });
        await epochs.ask('appearance', () => deps.bridge.appearance.set({ theme }), (answer) => set({ theme: answer.theme }), {
          rollback: () => set({ theme: before }),
        });
      }),
    applyAppearance: ({ theme }) => {
      epochs.tick('appearance');
      set({ theme });
    },
  };
}

/** The value of <html data-theme>: absent (follow the OS) for `system` and before main answered. */
export function themeAttribute(theme: Theme | null): 'light' | 'dark' | null {
  return theme === 'light' || theme === 'dark' ? theme : null;
}

/** Follows appearance:changed, and reads the theme at start and whenever events may have been missed. */
export function mirrorAppearance(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'appearance:changed': (state, appearance) => state.applyAppearance(appearance) }, load: (state) => state.loadAppearance() });
}
