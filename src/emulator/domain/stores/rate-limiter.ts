export const RATE_LIMIT_POINTS = 800;
export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix epoch seconds (emulator clock) when the bucket is full again. */
  resetAt: number;
}

interface Bucket {
  points: number;
  updatedAt: number;
}

/** Token buckets of the current API, refilled continuously: 800 points a minute. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(private readonly capacity = RATE_LIMIT_POINTS, windowMs = RATE_LIMIT_WINDOW_MS) {
    this.refillPerMs = capacity / windowMs;
  }

  /** Takes `cost` points from the bucket `key` when it holds enough; reports the state either way. */
  take(key: string, cost: number, now: number): RateLimitResult {
    const bucket = this.buckets.get(key) ?? { points: this.capacity, updatedAt: now };
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.points = Math.min(this.capacity, bucket.points + elapsed * this.refillPerMs);
    bucket.updatedAt = now;
    const allowed = bucket.points >= cost;
    if (allowed) bucket.points -= cost;
    this.buckets.set(key, bucket);
    const missing = this.capacity - bucket.points;
    return {
      allowed,
      limit: this.capacity,
      remaining: Math.floor(bucket.points),
      resetAt: Math.ceil((now + missing / this.refillPerMs) / 1000),
    };
  }

  static keyFor(clientId: string, userId: string | null): string {
    return userId === null ? clientId : `${clientId}:${userId}`;
  }
}
