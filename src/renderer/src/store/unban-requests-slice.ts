/** Unban requests in the store: main's list through `unbanRequests:changed`, approve or deny with a note. */
import type { StoreApi } from 'zustand/vanilla';
import type { UnbanRequestsState } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { UnbanRequestsSlice } from './slice-types/unban-requests';

export function createUnbanRequestsSlice({ set, deps, run, epochs }: SliceContext): UnbanRequestsSlice {
  const show = (unbanRequests: UnbanRequestsState) => set({ unbanRequests });
  return {
    unbanRequests: null,
    unbanNotice: null,
    loadUnbanRequests: () => run('unbanRequests.load', (isLatest) => epochs.ask('unbanRequests', () => deps.bridge.unbanRequests.getState(), show, { isLatest }).then(() => {})),
    refreshUnbanRequests: () => run('unbanRequests.refresh', (isLatest) => epochs.ask('unbanRequests', () => deps.bridge.unbanRequests.refresh(), show, { isLatest }).then(() => {})),
    resolveUnbanRequest: async (requestId, status, note) => {
      let resolved = false;
      await run('unbanRequests.resolve', async (isLatest) => {
        set({ unbanNotice: null });
        const trimmed = note.trim();
        const { message } = await call(deps.bridge.unbanRequests.resolve(trimmed ? { requestId, status, note: trimmed } : { requestId, status }));
        resolved = true;
        if (isLatest()) set({ unbanNotice: message });
      });
      return resolved;
    },
    applyUnbanRequests: (state) => {
      epochs.tick('unbanRequests');
      show(state);
    },
  };
}

/** Follows `unbanRequests:changed`; the current broadcaster's channel. */
export function mirrorUnbanRequests(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'unbanRequests:changed': (state, requests) => state.applyUnbanRequests(requests) },
    load: (state) => state.loadUnbanRequests(),
    account: { clear: () => store.setState({ unbanRequests: null, unbanNotice: null }) },
  });
}
