/**
 * Shield Mode in the store: main's state (on or off, since when, by whom, the raid-flood
 * suggestion), followed through `shieldMode:changed`, and the broadcaster's say to turn it on or off.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ShieldModeState } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { ShieldModeSlice } from './slice-types/shield-mode';

export function createShieldModeSlice({ set, get, deps, run, epochs }: SliceContext): ShieldModeSlice {
  const show = (shieldMode: ShieldModeState) => set({ shieldMode });
  return {
    shieldMode: null,
    loadShieldMode: () => run('shieldMode.load', (isLatest) => epochs.ask('shieldMode', () => deps.bridge.shieldMode.getState(), show, { isLatest }).then(() => {})),
    setShieldMode: (active) => run('shieldMode.set', (isLatest) => epochs.ask('shieldMode', () => deps.bridge.shieldMode.set({ active }), show, { isLatest }).then(() => {})),
    toggleShieldMode: () => get().setShieldMode(!(get().shieldMode?.active ?? false)),
    dismissShieldSuggestion: () => run('shieldMode.dismiss', (isLatest) => epochs.ask('shieldMode', () => deps.bridge.shieldMode.dismissSuggestion(), show, { isLatest }).then(() => {})),
    applyShieldMode: (state) => {
      epochs.tick('shieldMode');
      show(state);
    },
  };
}

/** Follows `shieldMode:changed`; the current broadcaster's channel. */
export function mirrorShieldMode(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'shieldMode:changed': (state, shield) => state.applyShieldMode(shield) },
    load: (state) => state.loadShieldMode(),
    account: { clear: () => store.setState({ shieldMode: null }) },
  });
}
