/** The mod log in the store: main's entries for the current broadcaster through `modLog:changed`. */
import type { StoreApi } from 'zustand/vanilla';
import type { ModLogState } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { ModLogSlice } from './slice-types/mod-log';

export function createModLogSlice({ set, deps, run, epochs }: SliceContext): ModLogSlice {
  const show = (modLog: ModLogState) => set({ modLog });
  return {
    modLog: null,
    loadModLog: () => run('modLog.load', (isLatest) => epochs.ask('modLog', () => deps.bridge.modLog.getState(), show, { isLatest }).then(() => {})),
    applyModLog: (state) => {
      epochs.tick('modLog');
      show(state);
    },
  };
}

/** Follows `modLog:changed`; another account's entries are not this one's. */
export function mirrorModLog(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'modLog:changed': (state, log) => state.applyModLog(log) },
    load: (state) => state.loadModLog(),
    account: { clear: () => store.setState({ modLog: null }) },
  });
}
