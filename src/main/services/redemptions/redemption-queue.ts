import { compareRedemptions } from '../../../shared/domain/redemption-order';
import type { Redemption } from '../../../shared/ipc/contract';

export { compareRedemptions };

export interface QueueChanges {
  added: Redemption[];
  removed: string[];
}

/**
 * The UNFULFILLED redemptions shown to the user, keyed by redemption id (so nothing is shown
 * twice), with the net changes since the last `takeChanges()`: what the renderer needs to apply
 * to the copy it holds, instead of the whole queue.
 *
 * A redemption with an action under way (in the outbox, being sent, or a cancel waiting out its
 * undo window) is held: kept, but not shown, whatever a reconciliation or a late event says, until
 * the action is done (`forget`) or did not happen (`release`). This is the one way main hides a
 * redemption it acts on; the renderer shows what this lists.
 */
export class RedemptionQueue {
  private readonly items = new Map<string, Redemption>();
  /** Ids with an action under way; kept across `clear()`, as the actions outlive an account switch. */
  private readonly held = new Set<string>();
  private sorted: Redemption[] | null = [];
  private readonly addedSince = new Map<string, Redemption>();
  private readonly removedSince = new Set<string>();
  private shownCount = 0;

  /** Shown redemptions. */
  get size(): number {
    return this.shownCount;
  }

  /** A shown redemption. */
  get(id: string): Redemption | undefined {
    return this.held.has(id) ? undefined : this.items.get(id);
  }

  isHeld(id: string): boolean {
    return this.held.has(id);
  }

  /** True when it is new and shown (not a duplicate, not held). */
  add(redemption: Redemption): boolean {
    if (this.items.has(redemption.id)) return false;
    this.items.set(redemption.id, redemption);
    if (this.held.has(redemption.id)) return false;
    this.shown(redemption);
    return true;
  }

  /** Gone for good (done, or no longer listed); returns the shown ones. */
  remove(ids: Iterable<string>): Redemption[] {
    const removed: Redemption[] = [];
    for (const id of ids) {
      const item = this.items.get(id);
      if (!item) continue;
      this.items.delete(id);
      if (this.held.has(id)) continue;
      removed.push(item);
      this.hidden(id);
    }
    return removed;
  }

  /** Removes every redemption (shown or held) that `predicate` picks. */
  removeWhere(predicate: (redemption: Redemption) => boolean): void {
    this.remove([...this.items.values()].filter(predicate).map((r) => r.id));
  }

  /** Holds the shown redemptions with these ids (others are skipped) and returns them. */
  take(ids: Iterable<string>): Redemption[] {
    const taken: Redemption[] = [];
    for (const id of new Set(ids)) {
      const item = this.get(id);
      if (!item) continue;
      this.held.add(id);
      taken.push(item);
      this.hidden(id);
    }
    return taken;
  }

  /** Holds these ids whether the queue has them yet or not (actions a previous run left in the outbox). */
  hold(ids: Iterable<string>): void {
    for (const id of ids) {
      if (this.held.has(id)) continue;
      this.held.add(id);
      if (this.items.has(id)) this.hidden(id);
    }
  }

  /** The action did not happen: shown again (`putBack` adds those the queue no longer has). */
  release(ids: Iterable<string>, putBack: readonly Redemption[] = []): void {
    for (const id of ids) {
      if (!this.held.delete(id)) continue;
      const item = this.items.get(id);
      if (item) this.shown(item);
    }
    for (const r of putBack) this.add(r);
  }

  /** The action is done: neither held nor kept. */
  forget(ids: Iterable<string>): void {
    for (const id of ids) {
      this.remove([id]);
      this.held.delete(id);
    }
  }

  /** Makes the queue exactly `next` (held ones stay hidden); returns what is new and shown. */
  replace(next: Iterable<Redemption>): Redemption[] {
    const wanted = new Map<string, Redemption>();
    for (const r of next) wanted.set(r.id, r);
    this.remove([...this.items.keys()].filter((id) => !wanted.has(id)));
    const added: Redemption[] = [];
    for (const r of wanted.values()) if (this.add(r)) added.push(r);
    return added;
  }

  /** Empties the queue (another account); what is held stays held. */
  clear(): void {
    this.remove([...this.items.keys()]);
  }

  /** Shown redemptions, oldest first. */
  list(): Redemption[] {
    if (!this.sorted) this.sorted = [...this.items.values()].filter((r) => !this.held.has(r.id)).sort(compareRedemptions);
    return this.sorted;
  }

  ofReward(rewardId: string): Redemption[] {
    return this.list().filter((r) => r.rewardId === rewardId);
  }

  hasChanges(): boolean {
    return this.addedSince.size > 0 || this.removedSince.size > 0;
  }

  /** The net changes since the last call (added oldest first). */
  takeChanges(): QueueChanges {
    const changes = { added: [...this.addedSince.values()].sort(compareRedemptions), removed: [...this.removedSince] };
    this.addedSince.clear();
    this.removedSince.clear();
    return changes;
  }

  private shown(item: Redemption): void {
    this.shownCount++;
    this.sorted = null;
    // Hidden and shown again before the renderer heard of either: it still holds it.
    if (this.removedSince.has(item.id)) this.removedSince.delete(item.id);
    else this.addedSince.set(item.id, item);
  }

  private hidden(id: string): void {
    this.shownCount--;
    this.sorted = null;
    if (this.addedSince.has(id)) this.addedSince.delete(id);
    else this.removedSince.add(id);
  }
}
