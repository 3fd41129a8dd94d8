/** The auth slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { AuthState, SignInFlow } from '../../../../shared/ipc/contract';

export type AuthActionId = 'auth.load' | 'auth.signIn' | 'auth.cancelSignIn' | 'auth.signOut';

export interface AuthSlice {
  auth: AuthState | null;
  loadAuth(): Promise<void>;
  signIn(flow: SignInFlow): Promise<void>;
  cancelSignIn(): Promise<void>;
  signOut(): Promise<void>;
  /** Mirrors main's auth state (from an event or a call's result). */
  applyAuth(state: AuthState): void;
}
