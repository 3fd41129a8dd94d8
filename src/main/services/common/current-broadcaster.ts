/**
 * "Which account is current": one rule for every service, so that during a re-sign-in or an
 * expired sign-in the panels agree on whose channel they show.
 *
 * - signed out: nobody;
 * - signed in: the signed-in account (a different account switches at once);
 * - signing in, or the sign-in needs renewing: still the last account, whose channel is still
 *   the one on screen; services keep its data and wait for the sign-in to call the API again.
 */
import type { AuthState } from '../../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

/** What a service needs from auth: the state now, and its changes. */
export interface AuthSource {
  getState(): AuthState;
  onChange(listener: (state: AuthState) => void): Disposer;
}

export interface BroadcasterChange {
  /** The current broadcaster's id, or null for nobody. */
  id: string | null;
  previousId: string | null;
  /** The API may be called for `id` (signed in). */
  canCallApi: boolean;
  /** True when this change completed a sign-in (the moment to reconcile with the platform). */
  signedInNow: boolean;
}

/** The rule itself, for a state following a known current broadcaster. */
export function currentBroadcasterId(state: AuthState, previousId: string | null): string | null {
  if (state.status === 'signedOut') return null;
  if (state.status === 'signedIn') return state.account?.id ?? null;
  return state.account?.id ?? previousId;
}

export class CurrentBroadcaster {
  private currentId: string | null;
  private status: AuthState['status'];
  private readonly changes = new Emitter<BroadcasterChange>();
  private readonly offAuth: Disposer;

  constructor(private readonly auth: AuthSource) {
    const state = auth.getState();
    this.currentId = currentBroadcasterId(state, null);
    this.status = state.status;
    this.offAuth = auth.onChange((next) => this.apply(next));
  }

  get id(): string | null {
    return this.currentId;
  }

  /** Signed in as the current broadcaster: API calls for it may be made now. */
  get canCallApi(): boolean {
    return this.currentId !== null && this.status === 'signedIn';
  }

  /** Called when the broadcaster changes, and when the API becomes callable or stops being so. */
  readonly onChange = (listener: (change: BroadcasterChange) => void): Disposer => this.changes.on(listener);

  dispose(): void {
    this.offAuth();
    this.changes.dispose();
  }

  private apply(state: AuthState): void {
    const previousId = this.currentId;
    const wasCallable = this.canCallApi;
    const signedInNow = state.status === 'signedIn' && this.status !== 'signedIn';
    this.currentId = currentBroadcasterId(state, previousId);
    this.status = state.status;
    if (previousId === this.currentId && wasCallable === this.canCallApi) return;
    this.changes.fire({ id: this.currentId, previousId, canCallApi: this.canCallApi, signedInNow });
  }
}

/** What a service reads of the current broadcaster (a `CurrentBroadcaster`, shared by the composition root). */
export type BroadcasterSource = Pick<CurrentBroadcaster, 'id' | 'canCallApi' | 'onChange'>;

/**
 * Calls `listener` at once with the current broadcaster (as a change from nobody, signed in now if
 * the API is callable), then with every change: a service starts and follows with one code path.
 */
export function followCurrentBroadcaster(broadcaster: BroadcasterSource, listener: (change: BroadcasterChange) => void): Disposer {
  const off = broadcaster.onChange(listener);
  listener({ id: broadcaster.id, previousId: null, canCallApi: broadcaster.canCallApi, signedInNow: broadcaster.canCallApi });
  return off;
}
