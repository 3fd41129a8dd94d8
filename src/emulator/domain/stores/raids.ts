import { randomUUID } from 'node:crypto';

/** The platform's countdown before a raid happens. */
export const RAID_COUNTDOWN_MS = 90_000;
/** Start a Raid: at most 10 requests in a 10-minute window per broadcaster. */
export const RAID_REQUEST_LIMIT = 10;
export const RAID_REQUEST_WINDOW_MS = 10 * 60_000;

export interface Raid {
  id: string;
  fromBroadcasterId: string;
  toBroadcasterId: string;
  createdAt: number;
  /** When the countdown ends and the raid happens. */
  dueAt: number;
  isMature: boolean;
  status: 'pending' | 'cancelled' | 'completed';
  /** Viewers brought over, once completed. */
  viewers: number | null;
  completedAt: number | null;
}

/** Raids: at most one pending per broadcaster; the finished ones kept, newest last. */
export class RaidStore {
  private readonly raids: Raid[] = [];
  private readonly requests = new Map<string, number[]>();

  pending(fromBroadcasterId: string): Raid | undefined {
    return this.raids.find((r) => r.fromBroadcasterId === fromBroadcasterId && r.status === 'pending');
  }

  /** Counts a Start a Raid request; false when the broadcaster is over the limit. */
  takeRequest(fromBroadcasterId: string, now: number): boolean {
    const recent = (this.requests.get(fromBroadcasterId) ?? []).filter((at) => at > now - RAID_REQUEST_WINDOW_MS);
    const allowed = recent.length < RAID_REQUEST_LIMIT;
    if (allowed) recent.push(now);
    this.requests.set(fromBroadcasterId, recent);
    return allowed;
  }

  /** `countdownMs` 0: a raid that happens at once (the simulation API's incoming raid). */
  start(input: { fromBroadcasterId: string; toBroadcasterId: string; isMature: boolean; now: number; countdownMs?: number }): Raid {
    const raid: Raid = {
      id: randomUUID(),
      fromBroadcasterId: input.fromBroadcasterId,
      toBroadcasterId: input.toBroadcasterId,
      createdAt: input.now,
      dueAt: input.now + (input.countdownMs ?? RAID_COUNTDOWN_MS),
      isMature: input.isMature,
      status: 'pending',
      viewers: null,
      completedAt: null,
    };
    this.raids.push(raid);
    return raid;
  }

  /** Pending raids whose countdown has ended, oldest first. */
  due(now: number): Raid[] {
    return this.raids.filter((r) => r.status === 'pending' && r.dueAt <= now);
  }

  /** Every raid from or to the broadcaster (all raids without one), newest first. */
  list(broadcasterId?: string): Raid[] {
    return this.raids.filter((r) => broadcasterId === undefined || r.fromBroadcasterId === broadcasterId || r.toBroadcasterId === broadcasterId).reverse();
  }
}
