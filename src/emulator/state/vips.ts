/** Who is a VIP of which channel, in the order they were made VIPs. */
export class VipStore {
  private readonly byBroadcaster = new Map<string, Set<string>>();

  isVip(broadcasterId: string, userId: string): boolean {
    return this.byBroadcaster.get(broadcasterId)?.has(userId) ?? false;
  }

  list(broadcasterId: string): string[] {
    return [...(this.byBroadcaster.get(broadcasterId) ?? [])];
  }

  /** False when the user already was a VIP. */
  add(broadcasterId: string, userId: string): boolean {
    const set = this.byBroadcaster.get(broadcasterId) ?? new Set<string>();
    if (set.has(userId)) return false;
    set.add(userId);
    this.byBroadcaster.set(broadcasterId, set);
    return true;
  }

  /** False when the user was not a VIP. */
  remove(broadcasterId: string, userId: string): boolean {
    return this.byBroadcaster.get(broadcasterId)?.delete(userId) ?? false;
  }
}
