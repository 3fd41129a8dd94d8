import { describe, expect, it } from 'vitest';
import { signedOutAuthState, type AuthState } from '../../../shared/ipc/contract';
import { Emitter } from '../../../shared/primitives/emitter';
import { withCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { CurrentBroadcaster, followCurrentBroadcaster, requireSignedInBroadcaster, type BroadcasterChange } from './current-broadcaster';

const account = (id: string) => ({ id, login: `u${id}`, displayName: `U${id}`, broadcasterType: 'affiliate' as const, profileImageUrl: '' });
const state = (status: AuthState['status'], id?: string): AuthState => ({ ...signedOutAuthState, status, account: id ? account(id) : null });

/** As the auth service moves its state on: the current broadcaster worked out from the last one. */
function fakeAuth(initial: AuthState) {
  let current = withCurrentBroadcaster(initial, null);
  const changes = new Emitter<AuthState>();
  return {
    getState: () => current,
    onChange: changes.on,
    set(next: AuthState) {
      current = withCurrentBroadcaster(next, current.currentBroadcaster);
      changes.fire(current);
    },
  };
}

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

describe('requireSignedInBroadcaster', () => {
  it('answers the broadcaster when the API is callable, and refuses in words otherwise', () => {
    expect(requireSignedInBroadcaster('1', { canCallApi: true }, 'Message not sent')).toBe('1');
    for (const [id, canCallApi] of [
      [null, true],
      ['1', false],
    ] as const) {
      expect(() => requireSignedInBroadcaster(id, { canCallApi }, 'Message not sent')).toThrow(
        expect.objectContaining({ code: 'not_signed_in', message: 'Message not sent: sign in first.' }),
      );
    }
  });
});
