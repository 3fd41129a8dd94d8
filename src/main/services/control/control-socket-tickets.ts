/**
 * Socket tickets: how a browser page (the phone deck), which cannot set an Authorization header on
 * a WebSocket, opens the control API's event socket. A paired client asks for a ticket with its
 * token in the header (`POST /api/v1/events/ticket`) and opens `/api/v1/events?ticket=<ticket>`
 * within seconds. A ticket is random (256 bits), used once, short-lived and bound to the client
 * that asked, so the one thing in the socket's URL is worth nothing once the socket is open (or a
 * few seconds later): the token itself never travels in a URL. Only the ticket's SHA-256 is kept.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A ticket is for opening one socket now, not for later. */
export const SOCKET_TICKET_TTL_MS = 30_000;
/** Tickets waiting, one client's and all together: a page asks for one per (re)connection. */
const MAX_TICKETS_PER_CLIENT = 4;
const MAX_TICKETS = 64;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

export class ControlSocketTickets {
  /** By the ticket's hash: whose it is and when it stops working. */
  private readonly waiting = new Map<string, { clientId: string; expiresAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SOCKET_TICKET_TTL_MS,
  ) {}

  /** A new ticket for `clientId`; its oldest waiting one goes when it has too many. */
  issue(clientId: string): { ticket: string; expiresInMs: number } {
    this.dropExpired();
    const own = [...this.waiting].filter(([, entry]) => entry.clientId === clientId);
    if (own.length >= MAX_TICKETS_PER_CLIENT) this.waiting.delete(own[0]![0]);
    if (this.waiting.size >= MAX_TICKETS) this.waiting.delete(this.waiting.keys().next().value!);
    const ticket = randomBytes(32).toString('base64url');
    this.waiting.set(hashOf(ticket), { clientId, expiresAt: this.now() + this.ttlMs });
    return { ticket, expiresInMs: this.ttlMs };
  }

  /** The client a ticket was issued to, once: the ticket is spent whatever the answer. Null: unknown, used or expired. */
  redeem(ticket: string): string | null {
    const hash = hashOf(ticket);
    const entry = this.waiting.get(hash);
    this.waiting.delete(hash);
    if (!entry || entry.expiresAt <= this.now()) return null;
    return entry.clientId;
  }

  /** Every ticket of a client goes (it was revoked). */
  forget(liveClientIds: ReadonlySet<string>): void {
    for (const [hash, entry] of this.waiting) if (!liveClientIds.has(entry.clientId)) this.waiting.delete(hash);
  }

  get size(): number {
    this.dropExpired();
    return this.waiting.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [hash, entry] of this.waiting) if (entry.expiresAt <= now) this.waiting.delete(hash);
  }
}
