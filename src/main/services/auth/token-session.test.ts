import { describe, expect, it } from 'vitest';
import { signedOutAuthState, type AuthState } from '../../../shared/ipc/contract';
import { createFakeClock } from '../../test-support/fake-clock';
import { silentLogger } from '../logger';
import type { IdentityClient } from './identity-client';
import { TokenSession, type TokenSessionOptions } from './token-session';
import { MemoryTokenStore, type StoredTokens } from './token-store';

const tokens: StoredTokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: null, scopes: ['a'], clientId: 'client', userId: '7', login: 'seven' };

function session(overrides: Partial<TokenSessionOptions> = {}) {
  let state: AuthState = signedOutAuthState;
  const updates: Partial<AuthState>[] = [];
  const store = new MemoryTokenStore();
  const identity = {
    revoke: async () => {},
  } as unknown as IdentityClient;
  const s = new TokenSession({
    identity,
    tokenStore: store,
    clientId: 'client',
    scopes: ['a', 'b'],
    logger: silentLogger,
    clock: createFakeClock(),
    state: {
      get: () => state,
      update: (patch) => {
        updates.push(patch);
        state = { ...state, ...patch };
      },
    },
    signInUnderway: () => false,
    expiredDuringSignIn: () => {},
    ...overrides,
  });
  const setStatus = (status: AuthState['status']) => void (state = { ...state, status });
  return { s, store, updates, state: () => state, setStatus };
}

describe('TokenSession', () => {
  it('adopt saves the tokens before it says signed in, and names the missing scopes', async () => {
    const w = session();
    const order: string[] = [];
    const save = w.store.save.bind(w.store);
    w.store.save = async (t) => {
      order.push(`saved with ${w.state().status}`);
      await save(t);
    };
    await w.s.adopt(tokens, null, 'device');
    order.push(`then ${w.state().status}`);
    expect(order).toEqual(['saved with signedOut', 'then signedIn']);
    expect(w.state()).toMatchObject({ status: 'signedIn', account: { id: '7', login: 'seven', displayName: 'seven' }, missingScopes: ['b'], error: null });
    expect(await w.s.getAccessToken()).toBe('access-1');
  });

  it('load answers false and asks for a new sign-in when the tokens belong to another client ID', async () => {
    const w = session();
    await w.store.save({ ...tokens, clientId: 'another' });
    expect(await w.s.load()).toBe(false);
    expect(w.state()).toMatchObject({ status: 'needsSignIn', account: null });
    expect(await w.store.load()).toBeNull();
    expect(w.s.hasTokens).toBe(false);
  });

  it('says "expired" or "signed out" when there is no token, after the state', async () => {
    const w = session();
    await expect(w.s.getAccessToken()).rejects.toMatchObject({ code: 'not_signed_in', message: 'Sign in to the platform first.' });
    w.setStatus('needsSignIn');
    await expect(w.s.refreshAfterUnauthorized('x')).rejects.toMatchObject({ code: 'not_signed_in', message: 'Your sign-in expired. Sign in again.' });
  });
});
