/** An `AuthSource` a test drives by hand, and the one `CurrentBroadcaster` built on it. */
import type { AuthState } from '../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../shared/primitives/emitter';
import { CurrentBroadcaster, type AuthSource } from '../services/common/current-broadcaster';
import { signedInAuthState } from './auth-states';
import { withCurrentBroadcaster } from '../../shared/domain/current-broadcaster';

export class FakeAuthSource implements AuthSource {
  private readonly changes = new Emitter<AuthState>();

  constructor(private state: AuthState = signedInAuthState) {
    this.state = withCurrentBroadcaster(state, null);
  }

  getState(): AuthState {
    return this.state;
  }

  onChange(listener: (state: AuthState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** As the auth service would: the current broadcaster worked out from the status and account. */
  set(next: AuthState): void {
    this.state = withCurrentBroadcaster(next, this.state.currentBroadcaster);
    this.changes.fire(this.state);
  }

  /** The same account (id 42), its sign-in expired: the renewal the broadcaster is asked for. */
  expire(): void {
    this.set({ ...signedInAuthState, status: 'needsSignIn' });
  }

  /** Signing in again: no account named yet. */
  signingIn(): void {
    this.set({ ...signedInAuthState, status: 'signingIn', account: null });
  }
}

/** A broadcaster following a fake auth, signed in as id 42 unless told otherwise. */
export function fakeBroadcaster(initial: AuthState = signedInAuthState): { auth: FakeAuthSource; broadcaster: CurrentBroadcaster } {
  const auth = new FakeAuthSource(initial);
  return { auth, broadcaster: new CurrentBroadcaster(auth) };
}
