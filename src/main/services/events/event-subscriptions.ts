/**
 * The subscription side of the events service: what the features want, the records of what was
 * created on the current session, their statuses and revocations. The session side
 * (`events-service.ts`) decides when to create them; this module knows what and how.
 */
import type { EventSubscriptionStatus } from '../../../shared/ipc/contract';
import type { Disposer } from '../../../shared/primitives/emitter';
import { ApiError } from '../api/api-error';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import type { Logger } from '../logger';

export type Condition = Record<string, string>;

export interface WantedSubscription {
  type: string;
  version: string;
  /** A fixed condition, or one built for the current broadcaster. */
  condition: Condition | ((broadcasterUserId: string) => Condition);
}

/** What `want()` takes besides the type: its version (the channel-event sources name each one's), and its condition. */
export interface WantOptions {
  version: string;
  /** Default: `{ broadcaster_user_id }` of the current broadcaster. */
  condition?: WantedSubscription['condition'];
}

export const forBroadcaster = (broadcasterUserId: string): Condition => ({ broadcaster_user_id: broadcasterUserId });

export interface SubscriptionRecord {
  key: string;
  type: string;
  version: string;
  condition: Condition;
  status: EventSubscriptionStatus['status'];
  error: string | null;
  /** The platform's id, once known (a 409 does not tell it). */
  id: string | null;
  /** Failed or revoked in a way that another try on another session would not change. */
  permanent: boolean;
}

export interface SubscriptionRevocation {
  id: string;
  type: string;
  version: string;
  condition: Condition;
  /** The platform's status word: `authorization_revoked`, `user_removed`, `version_removed`... */
  reason: string;
}

const subscriptionsPath = '/helix/eventsub/subscriptions';

export function wantedSubscription(type: string, options: WantOptions): WantedSubscription {
  return { type, version: options.version, condition: options.condition ?? forBroadcaster };
}

/**
 * The wanted subscriptions (each held by the features that asked, released by their disposers) and
 * the records of one broadcaster's session. Subscriptions of a WebSocket transport live and die
 * with their session, so records go back to pending whenever the session is replaced.
 */
export class EventSubscriptions {
  private readonly wanted = new Set<{ wanted: WantedSubscription }>();
  private broadcasterId: string | null = null;
  private list: SubscriptionRecord[] = [];
  /** A revocation said the user withdrew the authorization: only a new sign-in helps. */
  private authorizationRevoked = false;

  constructor(
    private readonly api: Pick<ApiClient, 'request'>,
    private readonly logger: Logger,
    /** Told when a record appears or goes because a want came or went while serving a broadcaster. */
    private readonly changed: (added: SubscriptionRecord | null) => void,
  ) {}

  get records(): readonly SubscriptionRecord[] {
    return this.list;
  }

  /** Holds `wanted` until the disposer is called; a record for it exists while a broadcaster is served. */
  want(wanted: WantedSubscription): Disposer {
    const entry = { wanted };
    this.wanted.add(entry);
    if (this.broadcasterId !== null) {
      const record = recordFor(wanted, this.broadcasterId);
      if (!this.list.some((r) => r.key === record.key)) {
        this.list.push(record);
        this.changed(record);
      }
    }
    return () => {
      if (!this.wanted.delete(entry)) return;
      if (this.broadcasterId === null) return;
      const key = recordFor(wanted, this.broadcasterId).key;
      const stillWanted = [...this.wanted].some((e) => recordFor(e.wanted, this.broadcasterId!).key === key);
      if (stillWanted) return;
      // Not deleted on the platform: a WebSocket subscription ends with its session, and an event
      // that still arrives meanwhile finds no listener.
      this.list = this.list.filter((r) => r.key !== key);
      this.changed(null);
    };
  }

  /** Builds the records for `broadcasterId` (null: none), all pending. */
  serve(broadcasterId: string | null): void {
    this.broadcasterId = broadcasterId;
    this.authorizationRevoked = false;
    this.list = [];
    if (broadcasterId === null) return;
    const seen = new Set<string>();
    for (const { wanted } of this.wanted) {
      const record = recordFor(wanted, broadcasterId);
      if (seen.has(record.key)) continue;
      seen.add(record.key);
      this.list.push(record);
    }
  }

  /** For a new session: everything not known to be hopeless is to be created again. */
  markPending(): void {
    for (const r of this.list) {
      if (r.status === 'revoked' || (r.status === 'failed' && r.permanent)) continue;
      Object.assign(r, { status: 'pending', error: null, id: null });
    }
  }

  /** A new start asked for by the user: even failed and revoked subscriptions are tried again. */
  retryAll(): void {
    for (const r of this.list) Object.assign(r, { status: 'pending', error: null, id: null, permanent: false });
    this.authorizationRevoked = false;
  }

  pending(): SubscriptionRecord[] {
    return this.list.filter((r) => r.status === 'pending');
  }

  get anyEnabled(): boolean {
    return this.list.some((r) => r.status === 'enabled');
  }

  get anyPermanent(): boolean {
    return this.list.some((r) => r.permanent);
  }

  get allPermanent(): boolean {
    return this.list.every((r) => r.permanent);
  }

  get anyFailed(): boolean {
    return this.list.some((r) => r.status === 'failed');
  }

  isCurrent(record: SubscriptionRecord): boolean {
    return this.list.includes(record);
  }

  statuses(): EventSubscriptionStatus[] {
    return this.list.map((r) => ({ type: r.type, status: r.status, error: r.error }));
  }

  /** The first reason no subscription can be created. */
  firstError(): string | null {
    return this.list.map((r) => r.error).find((e): e is string => e !== null) ?? null;
  }

  /**
   * Creates `record` on session `sessionId`; `stillWanted` says after the answer whether it
   * still matters (the session may have been replaced meanwhile).
   */
  async create(sessionId: string, record: SubscriptionRecord, stillWanted: () => boolean): Promise<void> {
    record.status = 'pending';
    record.error = null;
    try {
      const res = await this.api.request<{ data?: { id?: string }[] }>({
        method: 'POST',
        path: subscriptionsPath,
        body: { type: record.type, version: record.version, condition: record.condition, transport: { method: 'websocket', session_id: sessionId } },
        // A repeat after a lost answer gets 409, which counts as success.
        retry: 'safe',
      });
      if (!stillWanted()) return;
      Object.assign(record, { status: 'enabled', error: null, id: res.data?.data?.[0]?.id ?? null, permanent: false });
    } catch (err) {
      if (!stillWanted()) return;
      if (err instanceof ApiError && err.status === 409) {
        Object.assign(record, { status: 'enabled', error: null, permanent: false });
        return;
      }
      const { message, permanent } = describeCreateError(record.type, err);
      Object.assign(record, { status: 'failed', error: message, permanent });
      this.logger.warn('EventSub subscription failed', { type: record.type, status: err instanceof AppError ? (err.details.status ?? err.code) : 'unknown', message });
    }
  }

  /** Records a revocation; the record is found by the platform's id, or else by what it was for. */
  revoke(revocation: SubscriptionRevocation): void {
    const key = subscriptionKey(revocation.type, revocation.version, revocation.condition);
    const record = this.list.find((r) => r.id === revocation.id) ?? this.list.find((r) => r.key === key);
    if (record) Object.assign(record, { status: 'revoked', error: revocationWords(revocation.reason), permanent: true });
    if (revocation.reason === 'authorization_revoked') this.authorizationRevoked = true;
  }

  /** The words for the status while the authorization stays withdrawn; null otherwise. */
  revokedAuthorizationError(): string | null {
    return this.authorizationRevoked ? "The platform revoked Sidestage's access to your channel's events. Sign in again." : null;
  }
}

function recordFor(wanted: WantedSubscription, broadcasterId: string): SubscriptionRecord {
  const condition = typeof wanted.condition === 'function' ? wanted.condition(broadcasterId) : { ...wanted.condition };
  return {
    key: subscriptionKey(wanted.type, wanted.version, condition),
    type: wanted.type,
    version: wanted.version,
    condition,
    status: 'pending',
    error: null,
    id: null,
    permanent: false,
  };
}

function subscriptionKey(type: string, version: string, condition: Condition): string {
  const sorted = Object.keys(condition)
    .sort()
    .map((k) => [k, condition[k]]);
  return `${type}@${version}${JSON.stringify(sorted)}`;
}

function describeCreateError(type: string, err: unknown): { message: string; permanent: boolean } {
  if (err instanceof ApiError) {
    const says = err.platformMessage ? ` (${err.platformMessage})` : '';
    switch (err.status) {
      case 403:
        return { message: `Sidestage is not allowed to receive ${type} events${says}. Sign in again and grant the permission.`, permanent: true };
      case 401:
        return { message: `The platform did not accept your sign-in for ${type} events${says}. Sign in again.`, permanent: true };
      case 400:
      case 404:
        return { message: `The platform refused the ${type} subscription${says}.`, permanent: true };
      case 429:
        return { message: `Too many event subscriptions for this account${says}.`, permanent: false };
      default:
        return { message: `Could not subscribe to ${type} events: the platform answered ${err.status}${says}.`, permanent: false };
    }
  }
  if (err instanceof AppError) return { message: `Could not subscribe to ${type} events: ${err.message}`, permanent: err.code === 'not_signed_in' };
  return { message: `Could not subscribe to ${type} events.`, permanent: false };
}

function revocationWords(reason: string): string {
  switch (reason) {
    case 'authorization_revoked':
      return 'Revoked: the authorization was withdrawn (authorization_revoked). Sign in again.';
    case 'user_removed':
      return 'Revoked: the account no longer exists or was suspended (user_removed).';
    case 'version_removed':
      return 'Revoked: the platform no longer offers this version of the event (version_removed).';
    default:
      return `Revoked by the platform (${reason}).`;
  }
}
