import { describe, expect, it } from 'vitest';
import { signedOutAuthState, type AuthState } from '../ipc/contract';
import { nextCurrentBroadcaster, withCurrentBroadcaster } from './current-broadcaster';

const account = (id: string) => ({ id, login: `u${id}`, displayName: `U${id}`, broadcasterType: 'affiliate' as const, profileImageUrl: '' });
const view = (id: string, canCallApi: boolean) => ({ id, login: `u${id}`, displayName: `U${id}`, canCallApi });

describe('nextCurrentBroadcaster', () => {
  it('is nobody signed out, the account signed in, and the last account while signing in or renewing', () => {
    expect(nextCurrentBroadcaster('signedOut', account('1'), view('1', true))).toBeNull();
    expect(nextCurrentBroadcaster('signedIn', account('2'), view('1', true))).toEqual(view('2', true));
    expect(nextCurrentBroadcaster('signingIn', null, view('1', true))).toEqual(view('1', false));
    expect(nextCurrentBroadcaster('needsSignIn', null, view('1', true))).toEqual(view('1', false));
    expect(nextCurrentBroadcaster('needsSignIn', account('1'), null)).toEqual(view('1', false));
    expect(nextCurrentBroadcaster('signingIn', null, null)).toBeNull();
  });

  it('names nobody for a signed-in state without an account rather than a stale one', () => {
    expect(nextCurrentBroadcaster('signedIn', null, view('1', true))).toBeNull();
  });
});

describe('withCurrentBroadcaster', () => {
  it('works the field out from the status and account, whatever the state held before', () => {
    const stale: AuthState = { ...signedOutAuthState, status: 'needsSignIn', account: account('7'), currentBroadcaster: view('9', true) };
    expect(withCurrentBroadcaster(stale, null).currentBroadcaster).toEqual(view('7', false));
  });
});
