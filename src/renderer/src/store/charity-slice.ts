import type { StoreApi } from 'zustand/vanilla';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { CharitySlice } from './slice-types/charity';

export function createCharitySlice({ set, deps, run, epochs }: SliceContext): CharitySlice {
  /** Calls main and shows its answer, unless a newer attempt or a charity:changed event came since. */
  const ask = async (isLatest: () => boolean, request: () => ReturnType<typeof deps.bridge.charity.getOverview>) => {
    await epochs.ask('charity', request, (charity) => set({ charity }), { isLatest });
  };
  return {
    charity: null,
    loadCharity: () => run('charity.load', (isLatest) => ask(isLatest, () => deps.bridge.charity.getOverview())),
    refreshCharity: () => run('charity.refresh', (isLatest) => ask(isLatest, () => deps.bridge.charity.refresh())),
    loadMoreDonations: () => run('charity.loadMore', (isLatest) => ask(isLatest, () => deps.bridge.charity.loadMore())),
    applyCharity: (overview) => {
      epochs.tick('charity');
      set({ charity: overview });
    },
  };
}

/** Follows charity:changed; the campaign is the current broadcaster's. */
export function mirrorCharity(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'charity:changed': (state, overview) => state.applyCharity(overview) },
    load: (state) => state.loadCharity(),
    account: { clear: () => store.setState({ charity: null }) },
  });
}
