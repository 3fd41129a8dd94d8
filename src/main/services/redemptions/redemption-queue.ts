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
 */
export class RedemptionQueue {
  private readonly items = new Map<string, Redemption>();
  private sorted: Redemption[] | null = [];
  private readonly addedSince = new Map<string, Redemption>();
  private readonly removedSince = new Set<string>();

  get size(): number {
    return this.items.size;
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  get(id: string): Redemption | undefined {
    return this.items.get(id);
  }

  /** False when it was already there (a duplicate). */
  add(redemption: Redemption): boolean {
    if (this.items.has(redemption.id)) return false;
    this.items.set(redemption.id, redemption);
    this.sorted = null;
    // Removed and put back before the renderer heard of either: it still holds it.
    if (this.removedSince.has(redemption.id)) this.removedSince.delete(redemption.id);
    else this.addedSince.set(redemption.id, redemption);
    return true;
  }

  /** The ones that were there. */
  remove(ids: Iterable<string>): Redemption[] {
    const removed: Redemption[] = [];
    for (const id of ids) {
      const item = this.items.get(id);
      if (!item) continue;
      this.items.delete(id);
      removed.push(item);
      if (this.addedSince.has(id)) this.addedSince.delete(id);
      else this.removedSince.add(id);
    }
    if (removed.length) this.sorted = null;
    return removed;
  }

  /** Makes the queue exactly `next`; returns what was added. */
  replace(next: Iterable<Redemption>): Redemption[] {
    const wanted = new Map<string, Redemption>();
    for (const r of next) wanted.set(r.id, r);
    this.remove([...this.items.keys()].filter((id) => !wanted.has(id)));
    const added: Redemption[] = [];
    for (const r of wanted.values()) if (this.add(r)) added.push(r);
    return added;
  }

  clear(): void {
    this.remove([...this.items.keys()]);
  }

  /** Oldest first. */
  list(): Redemption[] {
    if (!this.sorted) this.sorted = [...this.items.values()].sort(compareRedemptions);
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
}
