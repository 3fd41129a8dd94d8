import type { CharityOverview } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';

export type CharityActionId = 'charity.load' | 'charity.refresh' | 'charity.loadMore';

export interface CharitySlice {
  charity: CharityOverview | null;
  loadCharity(): Promise<void>;
  refreshCharity(): Promise<void>;
  loadMoreDonations(): Promise<void>;
  applyCharity(overview: CharityOverview): void;
}

export function createCharitySlice({ set, deps, run }: SliceContext): CharitySlice {
  return {
    charity: null,
    loadCharity: () =>
      run('charity.load', async (isLatest) => {
        const overview = await call(deps.bridge.charity.getOverview());
        if (isLatest()) set({ charity: overview });
      }),
    refreshCharity: () =>
      run('charity.refresh', async () => {
        set({ charity: await call(deps.bridge.charity.refresh()) });
      }),
    loadMoreDonations: () =>
      run('charity.loadMore', async () => {
        set({ charity: await call(deps.bridge.charity.loadMore()) });
      }),
    applyCharity: (overview) => set({ charity: overview }),
  };
}
