/**
 * Every quick action's global hotkey in the store (shown and changed in Settings, the marker's
 * also in Markers). Main keeps them; this mirrors `hotkeys:changed`, and `hotkeys:raid` (the raid
 * hotkey) shows the Live view with its raid search asked for.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { HotkeysSlice } from './slice-types/hotkeys';

export function createHotkeysSlice({ set, get, deps, run, epochs }: SliceContext): HotkeysSlice {
  const { bridge } = deps;
  // No revision: an answer gives way to an event (or a later call's answer) already shown.
  const ask = async (request: () => ReturnType<typeof bridge.hotkeys.getState>) => {
    await epochs.ask('hotkeys', request, (hotkeys) => set({ hotkeys }));
  };
  return {
    hotkeys: null,
    raidSearchRequested: false,
    loadHotkeys: () => run('hotkeys.load', () => ask(() => bridge.hotkeys.getState())),
    setHotkey: (action, accelerator) => run(`hotkeys.set.${action}`, () => ask(() => bridge.hotkeys.set({ action, accelerator }))),
    clearHotkey: (action) => run(`hotkeys.set.${action}`, () => ask(() => bridge.hotkeys.clear({ action }))),
    testHotkeys: () => run('hotkeys.test', () => ask(() => bridge.hotkeys.startTest())),
    applyHotkeys: (state) => {
      epochs.tick('hotkeys');
      set({ hotkeys: state });
    },
    requestRaidSearch: () => {
      set({ raidSearchRequested: true });
      get().setActivePanel('live', 'user');
    },
    takeRaidSearchRequest: () => set({ raidSearchRequested: false }),
  };
}

/** Follows the hotkeys' events, and reads them at start and whenever events may have been missed. */
export function mirrorHotkeys(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'hotkeys:changed': (state, hotkeys) => state.applyHotkeys(hotkeys),
      'hotkeys:raid': (state) => state.requestRaidSearch(),
    },
    load: (state) => state.loadHotkeys(),
  });
}
