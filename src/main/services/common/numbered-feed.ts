/**
 * Main's half of the snapshot-plus-numbered-deltas protocol, the one way main keeps a copy in the
 * renderer: the renderer holds a copy made from one snapshot and applies small numbered deltas
 * (`baseVersion` -> `version`); a gap makes it ask for the snapshot again. A snapshot first sends
 * what is pending, so the next delta follows on from it.
 *
 * `NumberedDeltas` is the numbering alone, for a collection of its own (the redemption queue);
 * `NumberedFeed` is a bounded list numbered with it (the activity feed, chat).
 */

/** The numbers every delta carries: it applies to the copy at `baseVersion` and makes it `version`. */
export interface DeltaNumbers {
  baseVersion: number;
  version: number;
}

/**
 * Numbers the changes of a collection and delivers them as deltas: `changed()` for each change,
 * then `deliverNow()` (or `deliverSoon()`); `take` hands over what changed since the last delta.
 */
export class NumberedDeltas<Body> {
  private version = 0;
  private deliveredVersion = 0;
  private deliveryQueued = false;

  constructor(
    private readonly take: () => Body,
    private readonly deliver: (delta: Body & DeltaNumbers) => void = () => {},
  ) {}

  get currentVersion(): number {
    return this.version;
  }

  /** Something changed: the next delta carries it. */
  changed(): void {
    this.version++;
  }

  hasChanges(): boolean {
    return this.version !== this.deliveredVersion;
  }

  /** Delivers what changed at the end of the current task, once however often asked: changes made together travel as one delta. */
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

  /** What changed since the last delta (or null); the snapshot taken now already holds it. */
  takeDelta(): (Body & DeltaNumbers) | null {
    if (!this.hasChanges()) return null;
    const delta = { ...this.take(), baseVersion: this.deliveredVersion, version: this.version };
    this.deliveredVersion = this.version;
    return delta;
  }
}

/** A delta of a `NumberedFeed`. */
export interface FeedDelta<T> extends DeltaNumbers {
  cleared: boolean;
  /** Oldest first. */
  added: T[];
  updated: T[];
}

type FeedChanges<T> = Omit<FeedDelta<T>, keyof DeltaNumbers>;

/** A bounded, numbered list: adding past `capacity` drops the oldest item. */
export class NumberedFeed<T extends { id: string }> {
  /** Oldest first from `head`; compacted once the dropped prefix is as long as the capacity. */
  private items: T[] = [];
  private head = 0;
  private readonly index = new Map<string, T>();
  private cleared = false;
  private added: T[] = [];
  private readonly updated = new Map<string, T>();
  private readonly numbers: NumberedDeltas<FeedChanges<T>>;

  /** `deliver` receives the deltas of `deliverSoon`/`deliverNow`. */
  constructor(
    readonly capacity: number,
    deliver: (delta: FeedDelta<T>) => void = () => {},
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.numbers = new NumberedDeltas(() => this.takeChanges(), deliver);
  }

  /** Delivers what changed at the end of the current task, once however often asked: events read together travel as one delta. */
  deliverSoon(): void {
    this.numbers.deliverSoon();
  }

  /** Delivers what changed now (before a snapshot, so the next delta follows on from it). */
  deliverNow(): void {
    this.numbers.deliverNow();
  }

  get size(): number {
    return this.items.length - this.head;
  }

  get currentVersion(): number {
    return this.numbers.currentVersion;
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
    this.numbers.changed();
    return true;
  }

  /** Something the deltas carry beside the list changed (chat's shared session): the next delta goes out even without new items. */
  touch(): void {
    this.numbers.changed();
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
    this.numbers.changed();
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
    this.numbers.changed();
  }

  /** Oldest first. */
  list(): T[] {
    return this.items.slice(this.head);
  }

  hasChanges(): boolean {
    return this.numbers.hasChanges();
  }

  /** What changed since the last delta (or null); the snapshot taken now already holds it. */
  takeDelta(): FeedDelta<T> | null {
    return this.numbers.takeDelta();
  }

  private takeChanges(): FeedChanges<T> {
    const changes: FeedChanges<T> = {
      cleared: this.cleared,
      added: this.added,
      updated: [...this.updated.values()].filter((item) => this.index.get(item.id) === item),
    };
    this.cleared = false;
    this.added = [];
    this.updated.clear();
    return changes;
  }
}
