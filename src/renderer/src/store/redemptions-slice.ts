import type { QueueDelta, QueueSnapshot, QueueStatus, ResolveResult } from '../../../shared/ipc/contract';
import { actionTargets, changeQueue, filterQueue, focusAfterRemoval, moveFocus, noFilter, type QueueCopy, type QueueFilter } from './queue-model';
import { NumberedCopy } from './numbered-copy';
import type { StoreApi } from 'zustand/vanilla';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import type { RedemptionsSlice, ResolveStatus } from './slice-types/redemptions';

/** A cancel waiting out its undo window in main: not in the queue, not sent yet. */
export type PendingCancel = NonNullable<QueueStatus['pendingCancel']>;

/** The rows the panel shows, in order (a pure function of the state): main's queue, filtered. */
export function visibleRedemptions(state: { queue: QueueCopy | null; queueFilter: QueueFilter }) {
  return filterQueue(state.queue?.items ?? [], state.queueFilter);
}

/** The cancel waiting for its undo in main, if any. */
export function selectPendingCancel(state: { queueStatus: QueueStatus | null }): PendingCancel | null {
  return state.queueStatus?.pendingCancel ?? null;
}

export function describeResolve(result: ResolveResult, status: ResolveStatus): string {
  const verb = status === 'FULFILLED' ? 'fulfilled' : 'canceled';
  const parts: string[] = [];
  if (result.done) parts.push(`${result.done} ${verb}`);
  if (result.queued) parts.push(`${result.queued} waiting to be sent (they will go as soon as the platform can be reached)`);
  const failed = result.failed.reduce((n, f) => n + f.ids.length, 0);
  if (failed) parts.push(`${failed} refused and put back`);
  return parts.length ? `${parts.join(', ')}.` : 'Nothing to do: those redemptions were already handled.';
}

export function createRedemptionsSlice({ set, get, deps, run }: SliceContext): RedemptionsSlice {
  // The last notice said some wait in the outbox: once main says the outbox is empty, it says they went.
  let noticeWaiting: { result: ResolveResult; status: ResolveStatus } | null = null;

  // The queue's snapshot and numbered deltas, in whatever order they arrive (store/numbered-copy.ts).
  const copy = new NumberedCopy<QueueCopy, QueueSnapshot, QueueDelta>({
    held: () => get().queue,
    change: changeQueue,
    reload: () => void get().loadQueue(),
    replay: (delta) => get().applyQueueDelta(delta),
  });

  const showSnapshot = (snapshot: QueueSnapshot) => {
    set((state) => ({
      queue: { version: snapshot.version, items: snapshot.items },
      queueRewards: snapshot.rewards,
      queueStatus: snapshot.status,
      queueFailures: snapshot.failures,
      focusedId: focusAfterRemoval(state.queue?.items ?? [], snapshot.items, state.focusedId),
    }));
  };

  // Main is the one optimistic layer: it takes the redemptions out of its queue at once (its delta
  // removes the rows here) and puts refused ones back; this only says how the action went.
  const resolve = async (status: ResolveStatus, send: () => Promise<ResolveResult>) => {
    set({ queueNotice: null });
    const result = await send();
    // Undone: the undo said so.
    if (result.undone) return;
    noticeWaiting = result.queued ? { result, status } : null;
    set({ queueNotice: describeResolve(result, status) });
    if (result.failed.length) throw new Error(result.failed.map((f) => f.message).join(' '));
  };

  return {
    queue: null,
    queueRewards: [],
    queueStatus: null,
    queueFailures: [],
    queueFilter: noFilter,
    selectedIds: new Set(),
    focusedId: null,
    queueNotice: null,

    loadQueue: () =>
      run('redemptions.load', async (isLatest) => {
        const snapshot = await call(deps.bridge.redemptions.getSnapshot());
        if (isLatest()) copy.snapshot(snapshot, showSnapshot);
      }),

    applyQueueDelta: (delta) => {
      const next = copy.delta(delta);
      if (!next) return;
      const state = get();
      const before = visibleRedemptions(state);
      const after = filterQueue(next.items, state.queueFilter);
      const present = new Set(next.items.map((r) => r.id));
      // "5 waiting to be sent" stops being true once main's outbox is empty: they were sent.
      const sent = noticeWaiting && delta.status.outboxCount === 0 ? noticeWaiting : null;
      if (sent) noticeWaiting = null;
      set({
        ...(sent ? { queueNotice: describeResolve({ ...sent.result, done: sent.result.done + sent.result.queued, queued: 0 }, sent.status) } : {}),
        queue: next,
        ...(delta.rewards ? { queueRewards: delta.rewards } : {}),
        queueStatus: delta.status,
        queueFailures: delta.failures,
        selectedIds: [...state.selectedIds].every((id) => present.has(id)) ? state.selectedIds : new Set([...state.selectedIds].filter((id) => present.has(id))),
        focusedId: focusAfterRemoval(before, after, state.focusedId),
      });
    },

    setQueueFilter: (filter) => set((state) => ({ queueFilter: { ...state.queueFilter, ...filter } })),

    focusRedemption: (id) => set({ focusedId: id }),

    moveQueueFocus: (step) => set((state) => ({ focusedId: moveFocus(visibleRedemptions(state), state.focusedId, step) })),

    toggleSelected: (id) =>
      set((state) => {
        const selectedIds = new Set(state.selectedIds);
        if (selectedIds.has(id)) selectedIds.delete(id);
        else selectedIds.add(id);
        return { selectedIds };
      }),

    clearSelection: () => set({ selectedIds: new Set() }),

    resolveTargets: async (status) => {
      const state = get();
      const ids = actionTargets(visibleRedemptions(state), state.selectedIds, state.focusedId);
      if (!ids.length) return;
      if (status === 'FULFILLED') return get().resolveRedemptions(ids, status);
      return get().cancelWithUndo(ids);
    },

    cancelWithUndo: (ids) =>
      ids.length ? run('redemptions.resolve', () => resolve('CANCELED', () => call(deps.bridge.redemptions.cancelWithUndo({ ids })))) : Promise.resolve(),

    undoCancel: () =>
      run('redemptions.undo', async () => {
        const { ids } = await call(deps.bridge.redemptions.undoCancel());
        const back = ids.length === 1 ? 'the redemption is' : `${ids.length} redemptions are`;
        set({ queueNotice: ids.length ? `Cancel undone: ${back} back in the queue.` : 'Nothing to undo: the cancel was already sent.' });
      }),

    resolveRedemptions: (ids, status) =>
      run('redemptions.resolve', () => resolve(status, () => call(status === 'FULFILLED' ? deps.bridge.redemptions.fulfill({ ids }) : deps.bridge.redemptions.cancel({ ids })))),

    resolveAllOfReward: (rewardId, status) =>
      run('redemptions.resolveAll', () => resolve(status, () => call(deps.bridge.redemptions.resolveAllOfReward({ rewardId, status })))),

    reconcileQueue: () =>
      run('redemptions.reconcile', async () => {
        const version = get().queue?.version;
        const status = await call(deps.bridge.redemptions.reconcile());
        // Every change of status comes with a delta: one applied since the call is at least as new.
        if (get().queue?.version === version) set({ queueStatus: status });
      }),

    dismissQueueFailure: async (at) => {
      set((state) => ({ queueFailures: state.queueFailures.filter((f) => f.at !== at) }));
      await deps.bridge.redemptions.dismissFailure({ at });
    },
  };
}

/** Follows the queue's numbered deltas; the snapshot is the current broadcaster's, read once their API can be called. */
export function mirrorRedemptions(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'redemptions:changed': (state, delta) => state.applyQueueDelta(delta) },
    load: (state) => state.loadQueue(),
    account: { clear: () => store.setState({ queue: null, queueRewards: [], queueStatus: null, queueFailures: [], selectedIds: new Set(), focusedId: null }) },
  });
}
