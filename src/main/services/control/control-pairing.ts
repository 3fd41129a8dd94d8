/**
 * Pairing a control client: it asks with its name; Sidestage lists the request with a six-digit
 * code (the client shows the same code, so the broadcaster can compare them); the broadcaster
 * approves with the scopes they tick, or denies. The client, polling with the claim secret only it
 * was given, then receives its token once. Requests are limited: a few at a time, a few a minute,
 * each for two minutes, and a few wrong claim secrets end one.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { sameSecret } from '../common/constant-time';
import type { ControlScope, PairStarted } from './control-schemas';

export interface PairingLimits {
  /** Requests waiting at once. */
  maxPending: number;
  /** Requests taken per minute, all clients together. */
  perMinute: number;
  /** How long a request waits for the broadcaster, and an approval for its claim. */
  ttlMs: number;
  /** Wrong claim secrets before a request is dropped. */
  maxWrongClaims: number;
}

export const defaultPairingLimits: PairingLimits = { maxPending: 5, perMinute: 10, ttlMs: 120_000, maxWrongClaims: 5 };

/** A request as the app lists it. */
export interface PairingRequestInfo {
  id: string;
  name: string;
  code: string;
  requestedAt: string;
  expiresAt: string;
}

interface Pending extends PairingRequestInfo {
  claimSecret: string;
  expiresAtMs: number;
  wrongClaims: number;
  outcome: { approved: ControlScope[] } | 'denied' | null;
}

export type ClaimResult = { status: 'pending' } | { status: 'approved'; name: string; scopes: ControlScope[] } | { status: 'denied' } | { status: 'unknown' };

export class ControlPairing {
  private readonly pending = new Map<string, Pending>();
  private readonly taken: number[] = [];
  private readonly changes = new Emitter<void>();
  private readonly limits: PairingLimits;

  constructor(
    private readonly clock: Pick<Clock, 'now'> = systemClock,
    limits: Partial<PairingLimits> = {},
  ) {
    this.limits = { ...defaultPairingLimits, ...limits };
  }

  onChange(listener: () => void): Disposer {
    return this.changes.on(listener);
  }

  /** The requests waiting for the broadcaster. */
  list(): PairingRequestInfo[] {
    this.expire();
    return [...this.pending.values()].filter((p) => p.outcome === null).map(({ id, name, code, requestedAt, expiresAt }) => ({ id, name, code, requestedAt, expiresAt }));
  }

  /** A client asks to pair; null when too many requests are waiting or came this minute. */
  request(name: string): PairStarted | null {
    const now = this.clock.now();
    this.expire();
    while (this.taken.length > 0 && this.taken[0]! <= now - 60_000) this.taken.shift();
    if (this.pending.size >= this.limits.maxPending || this.taken.length >= this.limits.perMinute) return null;
    this.taken.push(now);
    const expiresAtMs = now + this.limits.ttlMs;
    const request: Pending = {
      id: randomUUID(),
      name,
      code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(expiresAtMs).toISOString(),
      expiresAtMs,
      claimSecret: randomBytes(24).toString('base64url'),
      wrongClaims: 0,
      outcome: null,
    };
    this.pending.set(request.id, request);
    this.changes.fire();
    return { requestId: request.id, code: request.code, claimSecret: request.claimSecret, expiresAt: request.expiresAt };
  }

  /** The broadcaster approves a waiting request with these scopes; false when it is gone. */
  approve(id: string, scopes: ControlScope[]): boolean {
    return this.decide(id, { approved: [...new Set(scopes)] });
  }

  deny(id: string): boolean {
    return this.decide(id, 'denied');
  }

  /**
   * The client asks how its request went. An approval is answered once (the caller then pairs the
   * client); a denial once; a wrong secret counts against the request.
   */
  claim(id: string, claimSecret: string): ClaimResult {
    this.expire();
    const request = this.pending.get(id);
    if (!request) return { status: 'unknown' };
    if (!sameSecret(claimSecret, request.claimSecret)) {
      if (++request.wrongClaims >= this.limits.maxWrongClaims) this.drop(id);
      return { status: 'unknown' };
    }
    if (request.outcome === null) return { status: 'pending' };
    this.drop(id);
    return request.outcome === 'denied' ? { status: 'denied' } : { status: 'approved', name: request.name, scopes: request.outcome.approved };
  }

  private decide(id: string, outcome: Pending['outcome']): boolean {
    this.expire();
    const request = this.pending.get(id);
    if (!request || request.outcome !== null) return false;
    request.outcome = outcome;
    // The approval waits for its claim as long again.
    request.expiresAtMs = this.clock.now() + this.limits.ttlMs;
    this.changes.fire();
    return true;
  }

  private drop(id: string): void {
    if (this.pending.delete(id)) this.changes.fire();
  }

  private expire(): void {
    const now = this.clock.now();
    let changed = false;
    for (const [id, request] of this.pending) {
      if (request.expiresAtMs <= now) {
        this.pending.delete(id);
        changed = true;
      }
    }
    if (changed) this.changes.fire();
  }
}
