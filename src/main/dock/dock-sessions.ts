import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/primitives/clock';

export interface DockSessionLimits {
  /** A session nobody used for this long ends (an open event socket counts as use). */
  idleMs: number;
  /** Every session ends this long after it was made, used or not. */
  lifetimeMs: number;
  /** At most this many at once: a new one evicts the least recently used. */
  max: number;
}

/**
 * Every load of the printed URL (each OBS start, each reload) trades the secret for a new session,
 * so they must end on their own: a reload costs nothing, since the dock URL carries the secret.
 */
export const defaultDockSessionLimits: DockSessionLimits = {
  idleMs: 12 * 60 * 60 * 1000,
  lifetimeMs: 7 * 24 * 60 * 60 * 1000,
  max: 32,
};

interface Session {
  createdAt: number;
  lastUsedAt: number;
  openSockets: number;
}

/** The dock's session tokens (the cookie's value): made in exchange for the secret, never stored on disk. */
export class DockSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly limits: DockSessionLimits = defaultDockSessionLimits,
  ) {}

  get size(): number {
    this.prune();
    return this.sessions.size;
  }

  create(): string {
    this.prune();
    while (this.sessions.size >= Math.max(1, this.limits.max)) this.evictLeastRecentlyUsed();
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    this.sessions.set(token, { createdAt: now, lastUsedAt: now, openSockets: 0 });
    return token;
  }

  /** True when the token names a live session, which then counts as used now. */
  use(token: string): boolean {
    const session = this.live(token);
    if (!session) return false;
    session.lastUsedAt = this.clock.now();
    return true;
  }

  isLive(token: string): boolean {
    return this.live(token) !== null;
  }

  socketOpened(token: string): void {
    const session = this.live(token);
    if (session) session.openSockets += 1;
  }

  socketClosed(token: string): void {
    const session = this.sessions.get(token);
    if (!session) return;
    session.openSockets = Math.max(0, session.openSockets - 1);
    session.lastUsedAt = this.clock.now();
  }

  clear(): void {
    this.sessions.clear();
  }

  private live(token: string): Session | null {
    const session = this.sessions.get(token);
    if (!session) return null;
    if (this.expired(session, this.clock.now())) {
      this.sessions.delete(token);
      return null;
    }
    return session;
  }

  private expired(session: Session, now: number): boolean {
    if (now - session.createdAt >= this.limits.lifetimeMs) return true;
    return session.openSockets === 0 && now - session.lastUsedAt >= this.limits.idleMs;
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [token, session] of this.sessions) if (this.expired(session, now)) this.sessions.delete(token);
  }

  /** Sessions with an open dock page go last: evicting one would break a page in use. */
  private evictLeastRecentlyUsed(): void {
    let victim: [string, Session] | null = null;
    for (const entry of this.sessions) {
      if (victim === null) victim = entry;
      else {
        const [, candidate] = entry;
        const [, current] = victim;
        const candidateBusy = candidate.openSockets > 0;
        const currentBusy = current.openSockets > 0;
        if (candidateBusy !== currentBusy ? !candidateBusy : candidate.lastUsedAt < current.lastUsedAt) victim = entry;
      }
    }
    if (victim) this.sessions.delete(victim[0]);
  }
}
