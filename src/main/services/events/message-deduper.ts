export interface MessageDeduperOptions {
  /** How many ids are remembered at most. Default 1000. */
  maxEntries?: number;
  /** How long an id is remembered. Default 10 minutes. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Remembers recent EventSub message ids. Delivery is at-least-once and a resent message keeps its
 * id, so an id seen again within the window is a duplicate. Both bounds keep memory flat on a busy
 * channel; the platform resends within seconds, far inside either bound.
 */
export class MessageDeduper {
  /** Insertion order is age order, so the oldest entries are at the front. */
  private readonly seenAt = new Map<string, number>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: MessageDeduperOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 1000);
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** True when `id` was already seen (a duplicate); otherwise records it and returns false. */
  isDuplicate(id: string): boolean {
    const now = this.now();
    this.evict(now);
    if (this.seenAt.has(id)) return true;
    this.seenAt.set(id, now);
    if (this.seenAt.size > this.maxEntries) {
      const oldest = this.seenAt.keys().next();
      if (!oldest.done) this.seenAt.delete(oldest.value);
    }
    return false;
  }

  /**
   * Records `id` as seen at `at` (default now), as a set kept on disk reads its entries back;
   * an id already there keeps its first time.
   */
  add(id: string, at = this.now()): void {
    if (this.seenAt.has(id)) return;
    this.seenAt.set(id, at);
    while (this.seenAt.size > this.maxEntries) this.seenAt.delete(this.seenAt.keys().next().value!);
  }

  /** The ids remembered and when each was first seen, oldest first (to be kept on disk). */
  entries(): [string, number][] {
    this.evict(this.now());
    return [...this.seenAt];
  }

  /** Whether `id` was seen within the window, without recording it. */
  has(id: string): boolean {
    this.evict(this.now());
    return this.seenAt.has(id);
  }

  /** When `id` was first seen, within the window; null when it was not. */
  firstSeenAt(id: string): number | null {
    this.evict(this.now());
    return this.seenAt.get(id) ?? null;
  }

  get size(): number {
    return this.seenAt.size;
  }

  clear(): void {
    this.seenAt.clear();
  }

  private evict(now: number): void {
    for (const [id, at] of this.seenAt) {
      if (now - at < this.maxAgeMs) break;
      this.seenAt.delete(id);
    }
  }
}
