/** The renderer's copy of the queue: applying main's deltas, filtering, moving the focus. Pure. */
import { compareRedemptions } from '../../../shared/domain/redemption-order';
import type { QueueDelta, Redemption } from '../../../shared/ipc/contract';

export interface QueueCopy {
  version: number;
  /** Oldest first. */
  items: Redemption[];
}

/** The copy after `delta`, which follows on from it (`store/numbered-copy.ts` checks the numbers). */
export function changeQueue(copy: QueueCopy, delta: QueueDelta): QueueCopy {
  if (delta.added.length === 0 && delta.removed.length === 0) return { version: delta.version, items: copy.items };
  const removed = new Set(delta.removed);
  const kept = removed.size ? copy.items.filter((r) => !removed.has(r.id)) : copy.items;
  if (delta.added.length === 0) return { version: delta.version, items: kept };
  const present = new Set(kept.map((r) => r.id));
  const added = delta.added.filter((r) => !present.has(r.id)).sort(compareRedemptions);
  return { version: delta.version, items: mergeSorted(kept, added) };
}

/** Live additions are almost always the newest: a merge keeps each change O(n) for 10,000 items. */
function mergeSorted(a: Redemption[], b: Redemption[]): Redemption[] {
  if (b.length === 0) return a;
  if (a.length === 0 || compareRedemptions(a[a.length - 1]!, b[0]!) < 0) return [...a, ...b];
  const out: Redemption[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareRedemptions(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

export interface QueueFilter {
  rewardId: string | null;
  /** Part of the user's name or login, any case. */
  user: string;
}

export const noFilter: QueueFilter = { rewardId: null, user: '' };

export function filterQueue(items: Redemption[], filter: QueueFilter): Redemption[] {
  const user = filter.user.trim().toLowerCase();
  if (!filter.rewardId && !user) return items;
  return items.filter(
    (r) =>
      (!filter.rewardId || r.rewardId === filter.rewardId) &&
      (!user || r.userName.toLowerCase().includes(user) || r.userLogin.toLowerCase().includes(user)),
  );
}

/** The id `step` rows from the focused one (clamped), or the first row when none is focused. */
export function moveFocus(visible: Redemption[], focusedId: string | null, step: number): string | null {
  if (visible.length === 0) return null;
  const at = focusedId === null ? -1 : visible.findIndex((r) => r.id === focusedId);
  if (at === -1) return visible[step < 0 ? visible.length - 1 : 0]!.id;
  return visible[Math.max(0, Math.min(visible.length - 1, at + step))]!.id;
}

/** What F/C act on: the selection when there is one (still visible), else the focused row. */
export function actionTargets(visible: Redemption[], selected: ReadonlySet<string>, focusedId: string | null): string[] {
  const chosen = visible.filter((r) => selected.has(r.id)).map((r) => r.id);
  if (chosen.length) return chosen;
  return focusedId !== null && visible.some((r) => r.id === focusedId) ? [focusedId] : [];
}

/** After rows leave, the focus moves to the next row (the one that took its place), else the previous. */
export function focusAfterRemoval(before: Redemption[], after: Redemption[], focusedId: string | null): string | null {
  if (focusedId === null || after.some((r) => r.id === focusedId)) return focusedId;
  const stillThere = new Set(after.map((r) => r.id));
  const at = before.findIndex((r) => r.id === focusedId);
  for (let i = at + 1; i < before.length; i++) if (stillThere.has(before[i]!.id)) return before[i]!.id;
  for (let i = at - 1; i >= 0; i--) if (stillThere.has(before[i]!.id)) return before[i]!.id;
  return null;
}

/** "3 minutes ago"-style age for a row. */
export function formatAge(redeemedAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(redeemedAt)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/**
 * The queue's sync status in words, with its age, and "disconnected" once the dock's connection to
 * Sidestage is gone (nothing shown is known to be true then): "In sync with the platform, checked
 * 2 min ago."
 */
export function formatQueueSync(
  status: { lastSyncedAt: string | null; syncing: boolean },
  now: number,
  connection: 'connecting' | 'connected' | 'disconnected',
  eventSub: 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'error' | null = null,
): string {
  if (connection === 'disconnected') return 'Disconnected from Sidestage: the queue may be out of date.';
  if (connection === 'connecting') return 'Reconnecting to Sidestage…';
  // Without the platform's live events new redemptions do not arrive until it is back.
  if (eventSub === 'reconnecting' || eventSub === 'error') {
    const checked = status.lastSyncedAt ? ` Last checked ${formatAge(status.lastSyncedAt, now)}.` : '';
    return `Disconnected from the platform's live events: new redemptions may be missing.${checked}`;
  }
  if (status.syncing) return 'Bringing the queue up to date…';
  if (!status.lastSyncedAt) return 'Not checked with the platform yet.';
  const age = formatAge(status.lastSyncedAt, now);
  return `In sync with the platform, checked ${age === '0 s ago' ? 'just now' : age}.`;
}
