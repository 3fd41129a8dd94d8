/**
 * The renderer's copy of a numbered list in main (the redemption queue, the activity feed, chat):
 * main answers a read with a snapshot at `version`, and announces each change as a delta from
 * `baseVersion` to `version`, so a long list never travels on every change. Over the dock the
 * deltas come on the event socket and the snapshot over HTTP, so they can arrive in any order. One
 * rule for all of them:
 *
 * - a delta that arrives before the first snapshot is kept (the snapshot may have been taken before
 *   it: dropping it would leave the copy behind with nothing to bring it forward), and applied once
 *   the snapshot is in (skipped if the snapshot already holds it);
 * - a delta the copy already holds (`version` not newer) is skipped;
 * - a delta that does not follow on from the version held (one was missed: the event socket
 *   reconnected) asks for the snapshot again;
 * - a snapshot older than the deltas already applied is ignored (it would undo them, and the next
 *   delta would then not follow on). Main's numbers never go back, not even across accounts.
 */

/** A snapshot's number, or a copy's. */
export interface Numbered {
  version: number;
}

/** A change from `baseVersion` to `version`. */
export interface NumberedDelta extends Numbered {
  baseVersion: number;
}

/**
 * The copy after `delta`: `'seen'` when the copy already holds it, `'gap'` when it does not follow on
 * (read the snapshot again), else `change(copy, delta)`. Pure.
 */
export function followDelta<C extends Numbered, D extends NumberedDelta>(copy: C, delta: D, change: (copy: C, delta: D) => C): C | 'seen' | 'gap' {
  if (delta.version <= copy.version) return 'seen';
  if (delta.baseVersion !== copy.version) return 'gap';
  return change(copy, delta);
}

/** Deltas kept while no snapshot is held (the newest): if older ones were let go, the gap makes the copy ask again. */
export const earlyDeltaLimit = 500;

export interface NumberedCopyOptions<C extends Numbered, D extends NumberedDelta> {
  /** The copy shown now; null before the first snapshot. */
  held(): C | null;
  /** The copy after a delta that follows on from it. Pure. */
  change(copy: C, delta: D): C;
  /** Reads the snapshot again: a delta was missed. */
  reload(): void;
  /** A delta kept while no snapshot was held, handed back once one is shown: the slice applies it as if it came now. */
  replay(delta: D): void;
}

/** One numbered copy: snapshots and deltas go in here, in whatever order they arrive. */
export class NumberedCopy<C extends Numbered, S extends Numbered, D extends NumberedDelta> {
  private early: D[] = [];

  constructor(private readonly options: NumberedCopyOptions<C, D>) {}

  /** A read's answer: `show` runs unless it is older than the copy held, then the deltas that came early are replayed. */
  snapshot(snapshot: S, show: (snapshot: S) => void): void {
    const held = this.options.held();
    if (held && snapshot.version < held.version) return;
    show(snapshot);
    const early = this.early;
    this.early = [];
    for (const delta of early) this.options.replay(delta);
  }

  /**
   * An event's delta: the copy after it, for the slice to show; null when there is nothing to show
   * (kept until a snapshot is held, already held, or a gap: the snapshot is read again).
   */
  delta(delta: D): C | null {
    const held = this.options.held();
    if (!held) {
      this.early.push(delta);
      if (this.early.length > earlyDeltaLimit) this.early.shift();
      return null;
    }
    const next = followDelta(held, delta, this.options.change);
    if (next === 'gap') this.options.reload();
    return next === 'gap' || next === 'seen' ? null : next;
  }
}
