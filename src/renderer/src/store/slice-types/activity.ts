/** The activity slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { ActivityDelta, ActivityItem, ActivityKind } from '../../../../shared/ipc/contract';

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
