/** Banned accounts in the store: main's list through `bannedAccounts:changed`, and unban by name. */
import type { StoreApi } from 'zustand/vanilla';
import type { BannedAccountsState } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { BannedAccountsSlice } from './slice-types/banned-accounts';

export function createBannedAccountsSlice({ set, deps, run, epochs }: SliceContext): BannedAccountsSlice {
  const show = (bannedAccounts: BannedAccountsState) => set({ bannedAccounts });
  return {
    bannedAccounts: null,
    bannedNotice: null,
    loadBannedAccounts: () => run('bannedAccounts.load', (isLatest) => epochs.ask('bannedAccounts', () => deps.bridge.bannedAccounts.getState(), show, { isLatest }).then(() => {})),
    refreshBannedAccounts: () => run('bannedAccounts.refresh', (isLatest) => epochs.ask('bannedAccounts', () => deps.bridge.bannedAccounts.refresh(), show, { isLatest }).then(() => {})),
    unbanByName: async (login) => {
      let unbanned = false;
      await run('bannedAccounts.unban', async (isLatest) => {
        set({ bannedNotice: null });
        const { message } = await call(deps.bridge.bannedAccounts.unban({ login }));
        unbanned = true;
        if (isLatest()) set({ bannedNotice: message });
      });
      return unbanned;
    },
    applyBannedAccounts: (state) => {
      epochs.tick('bannedAccounts');
      show(state);
    },
  };
}

/** Follows `bannedAccounts:changed`; the current broadcaster's channel. */
export function mirrorBannedAccounts(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'bannedAccounts:changed': (state, banned) => state.applyBannedAccounts(banned) },
    load: (state) => state.loadBannedAccounts(),
    account: { clear: () => store.setState({ bannedAccounts: null, bannedNotice: null }) },
  });
}
