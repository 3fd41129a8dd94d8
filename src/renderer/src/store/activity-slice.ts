import type { ActivityDelta, ActivityItem, ActivityKind, ActivitySnapshot } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import type { SidestageState } from './types';

export type ActivityActionId = 'activity.load' | 'activity.shoutout';

/** The renderer's copy of main's feed: newest first, at `version`. */
export interface ActivityCopy {
  version: number;
  items: ActivityItem[];
  capacity: number;
}

export interface ActivitySlice {
  /** Null until the first snapshot. */
  activity: ActivityCopy | null;
  /** Kinds shown; empty: every kind. */
  activityFilter: ReadonlySet<ActivityKind>;
  /** The last shoutout's outcome in words. */
  activityNotice: string | null;
  loadActivity(): Promise<void>;
  applyActivityDelta(delta: ActivityDelta): void;
  toggleActivityKind(kind: ActivityKind): void;
  clearActivityFilter(): void;
  shoutout(toBroadcasterId: string): Promise<void>;
}

/** The rows shown, newest first (a pure function of the state). */
export function visibleActivity(state: Pick<SidestageState, 'activity' | 'activityFilter'>): ActivityItem[] {
  const items = state.activity?.items ?? [];
  if (state.activityFilter.size === 0) return items;
  return items.filter((item) => state.activityFilter.has(item.kind));
}

/** A held copy with a delta applied; null when the delta does not follow on (ask for the snapshot). */
export function applyActivityToCopy(copy: ActivityCopy, delta: ActivityDelta): ActivityCopy | 'skip' | null {
  if (delta.version <= copy.version) return 'skip';
  if (delta.baseVersion !== copy.version) return null;
  const base = delta.cleared ? [] : copy.items;
  const items = delta.added.length ? [...delta.added, ...base].slice(0, copy.capacity) : base;
  return { version: delta.version, items, capacity: copy.capacity };
}

const earlyDeltaLimit = 500;

export function createActivitySlice({ set, get, deps, run }: SliceContext): ActivitySlice {
  // Deltas that come before the first snapshot's answer: the snapshot may be older than them.
  let earlyDeltas: ActivityDelta[] = [];

  const applySnapshot = (snapshot: ActivitySnapshot) => {
    const held = get().activity;
    // A snapshot older than the deltas already applied would undo them (dock: answers and events travel apart).
    if (held && snapshot.version < held.version) return;
    set({ activity: { version: snapshot.version, items: snapshot.items, capacity: snapshot.capacity } });
    const early = earlyDeltas;
    earlyDeltas = [];
    for (const delta of early) get().applyActivityDelta(delta);
  };

  return {
    activity: null,
    activityFilter: new Set(),
    activityNotice: null,

    loadActivity: () =>
      run('activity.load', async (isLatest) => {
        const snapshot = await call(deps.bridge.activity.getSnapshot());
        if (isLatest()) applySnapshot(snapshot);
      }),

    applyActivityDelta: (delta) => {
      const held = get().activity;
      if (!held) {
        earlyDeltas.push(delta);
        if (earlyDeltas.length > earlyDeltaLimit) earlyDeltas.shift();
        return;
      }
      const next = applyActivityToCopy(held, delta);
      if (next === 'skip') return;
      if (next === null) {
        // A gap: one was missed (a reconnect of the dock's event socket); read it all again.
        void get().loadActivity();
        return;
      }
      set({ activity: next });
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
