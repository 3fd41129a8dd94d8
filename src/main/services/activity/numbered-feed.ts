/**
 * A bounded, numbered list for the renderer: the renderer holds a copy made from one snapshot and
 * applies small numbered deltas (`baseVersion` -> `version`); a gap makes it ask for the snapshot
 * again. The activity feed and chat both keep one. Adding past `capacity` drops the oldest item.
 */
export interface FeedDelta<T> {
  baseVersion: number;
  version: number;
  cleared: boolean;
  /** Oldest first. */
  added: T[];
  updated: T[];
}

export class NumberedFeed<T extends { id: string }> {
  /** Oldest first from `head`; compacted once the dropped prefix is as long as the capacity. */
  private items: T[] = [];
  private head = 0;
  private readonly index = new Map<string, T>();
  private version = 0;
  private deliveredVersion = 0;
  private cleared = false;
  private added: T[] = [];
  private readonly updated = new Map<string, T>();

  private deliveryQueued = false;

  /** `deliver` receives the deltas of `deliverSoon`/`deliverNow`. */
  constructor(
    readonly capacity: number,
    private readonly deliver: (delta: FeedDelta<T>) => void = () => {},
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  /** Delivers what changed at the end of the current task, once however often asked: events read together travel as one delta. */
  deliverSoon(): void {
    if (this.deliveryQueued) return;
    this.deliveryQueued = true;
    queueMicrotask(() => this.deliverNow());
  }

  /** Delivers what changed now (before a snapshot, so the next delta follows on from it). */
  deliverNow(): void {
    this.deliveryQueued = false;
    const delta = this.takeDelta();
    if (delta) this.deliver(delta);
  }

  get size(): number {
    return this.items.length - this.head;
  }

  get currentVersion(): number {
    return this.version;
  }

  get(id: string): T | undefined {
    return this.index.get(id);
  }

  /** False when an item with that id is already in the feed (a resent event). */
  add(item: T): boolean {
    if (this.index.has(item.id)) return false;
    this.items.push(item);
    this.index.set(item.id, item);
    this.added.push(item);
    if (this.size > this.capacity) {
      const dropped = this.items[this.head]!;
      this.items[this.head] = undefined as unknown as T;
      this.head++;
      this.index.delete(dropped.id);
      if (this.head >= this.capacity) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
    }
    if (this.added.length > this.capacity) this.added.splice(0, this.added.length - this.capacity);
    this.version++;
    return true;
  }

  /** Replaces the item of the same id, if it is still in the feed. */
  update(item: T): boolean {
    const old = this.index.get(item.id);
    if (!old) return false;
    const at = this.items.indexOf(old, this.head);
    this.items[at] = item;
    this.index.set(item.id, item);
    const pending = this.added.indexOf(old);
    if (pending >= 0) this.added[pending] = item;
    else this.updated.set(item.id, item);
    this.version++;
    return true;
  }

  /** Items matching `predicate`, oldest first (for updates that touch several). */
  filter(predicate: (item: T) => boolean): T[] {
    const out: T[] = [];
    for (let i = this.head; i < this.items.length; i++) if (predicate(this.items[i]!)) out.push(this.items[i]!);
    return out;
  }

  clear(): void {
    if (this.size === 0 && !this.added.length) return;
    this.items = [];
    this.head = 0;
    this.index.clear();
    this.added = [];
    this.updated.clear();
    this.cleared = true;
    this.version++;
  }

  /** Oldest first. */
  list(): T[] {
    return this.items.slice(this.head);
  }

  hasChanges(): boolean {
    return this.version !== this.deliveredVersion;
  }

  /** What changed since the last delta (or null); the snapshot taken now already holds it. */
  takeDelta(): FeedDelta<T> | null {
    if (!this.hasChanges()) return null;
    const delta: FeedDelta<T> = {
      baseVersion: this.deliveredVersion,
      version: this.version,
      cleared: this.cleared,
      added: this.added,
      updated: [...this.updated.values()].filter((item) => this.index.get(item.id) === item),
    };
    this.deliveredVersion = this.version;
    this.cleared = false;
    this.added = [];
    this.updated.clear();
    return delta;
  }
}
