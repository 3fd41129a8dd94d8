/**
 * "Which account is current": the one rule, applied once by main's auth service and read by every
 * service and panel, so that during a re-sign-in or an expired sign-in they agree on whose channel
 * they show.
 *
 * - signed out: nobody;
 * - signed in: the signed-in account (a different account switches at once), its API callable;
 * - signing in, or the sign-in needs renewing: the account named, else still the last one, whose
 *   channel is still on screen; its data stays, but the API is not called until the sign-in is back.
 */
import type { Account, AuthState, CurrentBroadcasterView } from '../ipc/schemas/auth';

export function nextCurrentBroadcaster(status: AuthState['status'], account: Account | null, previous: CurrentBroadcasterView | null): CurrentBroadcasterView | null {
  if (status === 'signedOut') return null;
  const who = account ?? (status === 'signedIn' ? null : previous);
  if (!who) return null;
  return { id: who.id, login: who.login, displayName: who.displayName, canCallApi: status === 'signedIn' };
}

/** `state` with its `currentBroadcaster` worked out from its status and account, following `previous`. */
export function withCurrentBroadcaster<T extends Omit<AuthState, 'currentBroadcaster'>>(state: T, previous: CurrentBroadcasterView | null): T & Pick<AuthState, 'currentBroadcaster'> {
  return { ...state, currentBroadcaster: nextCurrentBroadcaster(state.status, state.account, previous) };
}
