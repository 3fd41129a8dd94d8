import type { StoreApi } from 'zustand/vanilla';
import type { ActivityDelta, ActivityItem, ActivitySnapshot } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { NumberedCopy } from './numbered-copy';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { ActivitySlice, ActivityCopy } from './slice-types/activity';

/** The rows shown, newest first (a pure function of the state). */
export function visibleActivity(state: Pick<SidestageState, 'activity' | 'activityFilter'>): ActivityItem[] {
  const items = state.activity?.items ?? [];
  if (state.activityFilter.size === 0) return items;
  return items.filter((item) => state.activityFilter.has(item.kind));
}

/** The copy after `delta`, which follows on from it (`store/numbered-copy.ts` checks the numbers). */
export function changeActivity(copy: ActivityCopy, delta: ActivityDelta): ActivityCopy {
  const base = delta.cleared ? [] : copy.items;
  const items = delta.added.length ? [...delta.added, ...base].slice(0, copy.capacity) : base;
  return { version: delta.version, items, capacity: copy.capacity };
}

export function createActivitySlice({ set, get, deps, run }: SliceContext): ActivitySlice {
  const copy = new NumberedCopy<ActivityCopy, ActivitySnapshot, ActivityDelta>({
    held: () => get().activity,
    change: changeActivity,
    reload: () => void get().loadActivity(),
    replay: (delta) => get().applyActivityDelta(delta),
  });
  const showSnapshot = (snapshot: ActivitySnapshot) => set({ activity: { version: snapshot.version, items: snapshot.items, capacity: snapshot.capacity } });

  return {
    activity: null,
    activityFilter: new Set(),
    activityNotice: null,

    loadActivity: () =>
      run('activity.load', async (isLatest) => {
        const snapshot = await call(deps.bridge.activity.getSnapshot());
        if (isLatest()) copy.snapshot(snapshot, showSnapshot);
      }),

    applyActivityDelta: (delta) => {
      const next = copy.delta(delta);
      if (next) set({ activity: next });
    },

    toggleActivityKind: (kind) =>
      set((state) => {
        const next = new Set(state.activityFilter);
        if (next.has(kind)) next.delete(kind);
        else next.add(kind);
        return { activityFilter: next };
      }),

    clearActivityFilter: () => set({ activityFilter: new Set() }),

    shoutout: (toBroadcasterId) =>
      run('activity.shoutout', async (isLatest) => {
        set({ activityNotice: null });
        const result = await call(deps.bridge.activity.shoutout({ toBroadcasterId }));
        if (isLatest()) set({ activityNotice: result.message });
      }),
  };
}

/** Follows the feed's numbered deltas; the feed is the current broadcaster's channel's. */
export function mirrorActivity(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: { 'activity:changed': (state, delta) => state.applyActivityDelta(delta) },
    load: (state) => state.loadActivity(),
    account: { clear: () => store.setState({ activity: null, activityNotice: null }) },
  });
}
