/** Commercials started per broadcaster, for the cooldown between two of them. */
export interface Commercial {
  broadcasterId: string;
  length: number;
  startedAt: number;
}

/** Seconds a broadcaster waits between the starts of two commercials. */
export const COMMERCIAL_COOLDOWN_SECONDS = 480;

export class CommercialStore {
  private readonly lastByBroadcaster = new Map<string, Commercial>();

  last(broadcasterId: string): Commercial | undefined {
    return this.lastByBroadcaster.get(broadcasterId);
  }

  /** Whole seconds until the broadcaster may start another commercial; 0 when they may now. */
  cooldownRemaining(broadcasterId: string, now: number): number {
    const last = this.lastByBroadcaster.get(broadcasterId);
    if (!last) return 0;
    const remainingMs = last.startedAt + COMMERCIAL_COOLDOWN_SECONDS * 1000 - now;
    return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
  }

  start(broadcasterId: string, length: number, now: number): Commercial {
    const commercial: Commercial = { broadcasterId, length, startedAt: now };
    this.lastByBroadcaster.set(broadcasterId, commercial);
    return commercial;
  }
}
