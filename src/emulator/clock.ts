/**
 * The emulator's clock: real time plus an offset that the simulation API moves forward.
 * Everything time-based (token and code expiry, rate-limit refill, cooldowns) reads this clock,
 * so tests can jump hours ahead without waiting.
 */
export class EmulatorClock {
  private offsetMs = 0;
  private readonly advanceListeners = new Set<() => void>();

  /** Areas with deadlines (polls ending, hype trains expiring, raid countdowns) settle them when the clock jumps; returns the unsubscribe. */
  onAdvance(listener: () => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  /** Milliseconds since the Unix epoch, on the emulator's clock. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** RFC 3339 timestamp in UTC, in the platform's form (whole seconds). */
  iso(ms: number = this.now()): string {
    return toRfc3339(ms);
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advance_seconds must be a non-negative number');
    this.offsetMs += Math.round(seconds * 1000);
    for (const listener of this.advanceListeners) listener();
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

/** Formatted timestamps by millisecond: a list endpoint formats the same few stored instants on every call. */
const rfc3339Cache = new Map<number, string>();
const RFC3339_CACHE_SIZE = 4096;

/** `2019-05-04T17:21:08Z`: the current API's timestamps carry whole seconds. */
export function toRfc3339(ms: number): string {
  const cached = rfc3339Cache.get(ms);
  if (cached !== undefined) return cached;
  const iso = new Date(ms).toISOString();
  // `YYYY-MM-DDTHH:mm:ss.sssZ` for every year 0-9999: drop the milliseconds without a regular expression.
  const text = iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
  if (rfc3339Cache.size >= RFC3339_CACHE_SIZE) rfc3339Cache.clear();
  rfc3339Cache.set(ms, text);
  return text;
}
