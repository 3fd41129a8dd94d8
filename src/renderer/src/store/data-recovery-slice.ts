/**
 * Damaged-file notices in the store: main finds and keeps them (DataRecoveryNotices); this
 * mirrors them (data:changed, and a read at start and after every reconnect) and dismisses one.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { DataRecoveryNotice } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { DataRecoverySlice } from './slice-types/data-recovery';

export function createDataRecoverySlice({ set, deps, run, epochs }: SliceContext): DataRecoverySlice {
  /** An answer is shown only if no newer data:changed (or later call's answer) was. */
  const ask = async (request: () => ReturnType<typeof deps.bridge.data.getNotices>) => {
    await epochs.ask('data', request, (recoveryNotices) => set({ recoveryNotices }));
  };
  return {
    recoveryNotices: [],
    loadRecoveryNotices: () =>
      run('data.load', () => ask(() => deps.bridge.data.getNotices())),
    dismissRecoveryNotice: (id) =>
      run('data.dismiss', async () => {
        set((state) => ({ recoveryNotices: state.recoveryNotices.filter((n) => n.id !== id) }));
        // Main's answer is the list left; a failure brings the notice back with the next read.
        await ask(() => deps.bridge.data.dismissNotice({ id }));
      }),
    applyRecoveryNotices: (recoveryNotices) => {
      epochs.tick('data');
      set({ recoveryNotices });
    },
  };
}

/** Follows data:changed, and reads the notices at start and whenever events may have been missed. */
export function mirrorDataRecovery(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'data:changed': (state, notices) => state.applyRecoveryNotices(notices) }, load: (state) => state.loadRecoveryNotices() });
}

/** The banner's sentences for one notice, in the order a broadcaster reads them. */
export function describeRecoveryNotice(notice: DataRecoveryNotice): { title: string; lines: string[] } {
  const lines = [`Sidestage could not use ${notice.file}: ${notice.reason}. ${notice.done}.`];
  if (notice.kept) lines.push(`Kept: ${notice.kept}.`);
  if (notice.lost) lines.push(`Could not be recovered: ${notice.lost}.`);
  if (notice.setAsideAs) lines.push(`The damaged file is kept as ${notice.setAsideAs} in Sidestage's data folder.`);
  if (notice.consequence) lines.push(notice.consequence);
  return { title: `A damaged file was set aside: ${notice.file}`, lines };
}
