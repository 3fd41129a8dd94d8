import { describe, expect, it } from 'vitest';
import { signedOutAuthState, type AuthState } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { CurrentBroadcaster, currentBroadcasterId, followCurrentBroadcaster, type BroadcasterChange } from './current-broadcaster';

const account = (id: string) => ({ id, login: `u${id}`, displayName: `U${id}`, broadcasterType: 'affiliate' as const, profileImageUrl: '' });
const state = (status: AuthState['status'], id?: string): AuthState => ({ ...signedOutAuthState, status, account: id ? account(id) : null });

function fakeAuth(initial: AuthState) {
  let current = initial;
  const changes = new Emitter<AuthState>();
  return {
    getState: () => current,
    onChange: changes.on,
    set(next: AuthState) {
      current = next;
      changes.fire(next);
    },
  };
}

describe('currentBroadcasterId', () => {
  it('is nobody signed out, the account signed in, and the last account while signing in or renewing', () => {
    expect(currentBroadcasterId(state('signedOut', '1'), '1')).toBeNull();
    expect(currentBroadcasterId(state('signedIn', '2'), '1')).toBe('2');
    expect(currentBroadcasterId(state('signingIn'), '1')).toBe('1');
    expect(currentBroadcasterId(state('needsSignIn'), '1')).toBe('1');
    expect(currentBroadcasterId(state('needsSignIn', '1'), null)).toBe('1');
  });
});

describe('CurrentBroadcaster', () => {
  it('keeps the account through a re-sign-in and says when the API is callable again', () => {
    const auth = fakeAuth(state('signedIn', '1'));
    const current = new CurrentBroadcaster(auth);
    const changes: BroadcasterChange[] = [];
    current.onChange((c) => changes.push(c));
    expect(current.id).toBe('1');
    expect(current.canCallApi).toBe(true);

    auth.set(state('needsSignIn', '1'));
    auth.set(state('signingIn'));
    expect(current.id).toBe('1');
    expect(current.canCallApi).toBe(false);
    auth.set(state('signedIn', '1'));
    expect(changes).toEqual([
      { id: '1', previousId: '1', canCallApi: false, signedInNow: false },
      { id: '1', previousId: '1', canCallApi: true, signedInNow: true },
    ]);
  });

  it('switches to another account at once and clears on sign-out', () => {
    const auth = fakeAuth(state('signedIn', '1'));
    const current = new CurrentBroadcaster(auth);
    const ids: (string | null)[] = [];
    current.onChange((c) => ids.push(c.id));
    auth.set(state('signedIn', '2'));
    auth.set(state('signedOut'));
    expect(ids).toEqual(['2', null]);
    current.dispose();
    auth.set(state('signedIn', '3'));
    expect(ids).toEqual(['2', null]);
  });
});

describe('followCurrentBroadcaster', () => {
  it('tells the listener who is current now (callable or not), then every change, until released', () => {
    const auth = fakeAuth(state('needsSignIn', '1'));
    const current = new CurrentBroadcaster(auth);
    const changes: BroadcasterChange[] = [];
    const off = followCurrentBroadcaster(current, (c) => changes.push(c));
    auth.set(state('signedIn', '1'));
    off();
    auth.set(state('signedOut'));
    expect(changes).toEqual([
      { id: '1', previousId: null, canCallApi: false, signedInNow: false },
      { id: '1', previousId: '1', canCallApi: true, signedInNow: true },
    ]);
  });
});
