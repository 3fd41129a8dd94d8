/** The unban requests banned users send a channel, and how each was resolved. */

export type UnbanRequestStatus = 'pending' | 'approved' | 'denied' | 'acknowledged' | 'canceled';
export const UNBAN_REQUEST_STATUSES: readonly UnbanRequestStatus[] = ['pending', 'approved', 'denied', 'acknowledged', 'canceled'];

export interface UnbanRequest {
  id: string;
  broadcasterId: string;
  userId: string;
  text: string;
  status: UnbanRequestStatus;
  createdAt: number;
  /** Null while pending. */
  resolvedAt: number | null;
  /** Who resolved it; null while pending. */
  moderatorId: string | null;
  resolutionText: string | null;
}

export class UnbanRequestStore {
  /** In the order they were made. */
  private readonly requests: UnbanRequest[] = [];

  add(request: UnbanRequest): void {
    this.requests.push(request);
  }

  get(id: string): UnbanRequest | undefined {
    return this.requests.find((request) => request.id === id);
  }

  /** The channel's requests, newest first. */
  list(broadcasterId: string): UnbanRequest[] {
    return this.requests.filter((request) => request.broadcasterId === broadcasterId).reverse();
  }

  pendingOf(broadcasterId: string, userId: string): UnbanRequest | undefined {
    return this.requests.find((request) => request.broadcasterId === broadcasterId && request.userId === userId && request.status === 'pending');
  }

  /** The user was unbanned another way: their pending request is acknowledged. */
  acknowledgePending(broadcasterId: string, userId: string, moderatorId: string, now: number): void {
    const request = this.pendingOf(broadcasterId, userId);
    if (!request) return;
    request.status = 'acknowledged';
    request.resolvedAt = now;
    request.moderatorId = moderatorId;
  }
}
