/**
 * "Which account is current" for main's services: the auth state's `currentBroadcaster` (the one
 * rule, `shared/domain/current-broadcaster.ts`, applied by the auth service), and its changes, so
 * that during a re-sign-in or an expired sign-in every service agrees with the panels on whose
 * channel they show.
 */
import type { AuthState } from '../../../shared/ipc/contract';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';

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

export class CurrentBroadcaster extends Disposable {
  private current: AuthState['currentBroadcaster'];
  private status: AuthState['status'];
  private readonly changes = new Emitter<BroadcasterChange>();

  constructor(private readonly auth: AuthSource) {
    super();
    const state = auth.getState();
    this.current = state.currentBroadcaster;
    this.status = state.status;
    this.register(auth.onChange((next) => this.apply(next)));
  }

  get id(): string | null {
    return this.current?.id ?? null;
  }

  /** Signed in as the current broadcaster: API calls for it may be made now. */
  get canCallApi(): boolean {
    return this.current?.canCallApi ?? false;
  }

  /** Called when the broadcaster changes, and when the API becomes callable or stops being so. */
  readonly onChange = (listener: (change: BroadcasterChange) => void): Disposer => this.changes.on(listener);

  override dispose(): void {
    super.dispose();
    this.changes.dispose();
  }

  private apply(state: AuthState): void {
    const previousId = this.id;
    const wasCallable = this.canCallApi;
    const signedInNow = state.status === 'signedIn' && this.status !== 'signedIn';
    this.current = state.currentBroadcaster;
    this.status = state.status;
    if (previousId === this.id && wasCallable === this.canCallApi) return;
    this.changes.fire({ id: this.id, previousId, canCallApi: this.canCallApi, signedInNow });
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

/**
 * The broadcaster an API call is for: `id` (the service's current broadcaster) when the API may be
 * called for it; otherwise refuses, led by what was not done ("Message not sent: sign in first.").
 */
export function requireSignedInBroadcaster(id: string | null, broadcaster: Pick<BroadcasterSource, 'canCallApi'>, what: string): string {
  if (!id || !broadcaster.canCallApi) throw new AppError('not_signed_in', `${what}: sign in first.`);
  return id;
}
