/**
 * The Live view as the broadcaster arranged it (its tiles, chat and activity, the tiles' choices).
 * Main keeps it, so the window and every dock agree; this mirrors its event and shows a change at
 * once, rolled back when main refuses it.
 */
import type { StoreApi } from 'zustand/vanilla';
import { defaultLiveView, type LiveView } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { LiveViewSlice } from './slice-types/live-view';

export function createLiveViewSlice({ set, get, deps, run, epochs }: SliceContext): LiveViewSlice {
  return {
    liveView: null,
    loadLiveView: () =>
      run('liveView.load', async () => {
        await epochs.ask('liveView', () => deps.bridge.liveView.get(), (liveView) => set({ liveView }));
      }),
    changeLiveView: (changes) =>
      run('liveView.save', async () => {
        const before = get().liveView;
        set({ liveView: { ...selectLiveView(get()), ...changes } });
        await epochs.ask('liveView', () => deps.bridge.liveView.set(changes), (liveView) => set({ liveView }), {
          rollback: () => set({ liveView: before }),
        });
      }),
    applyLiveView: (liveView) => {
      epochs.tick('liveView');
      set({ liveView });
    },
  };
}

/** The arrangement in use: main's, or the default until main answered. */
export function selectLiveView(state: Pick<SidestageState, 'liveView'>): LiveView {
  return state.liveView ?? defaultLiveView;
}

/** Follows liveView:changed, and reads the arrangement at start and whenever events may have been missed. */
export function mirrorLiveView(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'liveView:changed': (state, view) => state.applyLiveView(view) }, load: (state) => state.loadLiveView() });
}
