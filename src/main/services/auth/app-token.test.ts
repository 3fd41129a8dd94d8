import { describe, expect, it } from 'vitest';
import { AppTokenSource } from './app-token';
import { IdentityError, type TokenGrant } from './identity-client';

/** An identity service that hands out app-1, app-2, ... and counts the requests. */
function countingIdentity(fail: () => Error | null = () => null) {
  const calls = { count: 0 };
  const identity = {
    clientCredentials: async (): Promise<TokenGrant> => {
      calls.count++;
      const error = fail();
      if (error) throw error;
      return { accessToken: `app-${calls.count}`, refreshToken: null, expiresIn: 5_000_000, scopes: [] };
    },
  };
  return { identity, calls };
}

describe('AppTokenSource', () => {
  it('asks once for concurrent callers and keeps the token', async () => {
    const { identity, calls } = countingIdentity();
    const source = new AppTokenSource(identity);
    expect(await Promise.all([source.getAccessToken(), source.getAccessToken()])).toEqual(['app-1', 'app-1']);
    expect(await source.getAccessToken()).toBe('app-1');
    expect(calls.count).toBe(1);
  });

  it('replaces a rejected token once; a caller whose token was already replaced gets the new one', async () => {
    const { identity, calls } = countingIdentity();
    const source = new AppTokenSource(identity);
    await source.getAccessToken();
    expect(await Promise.all([source.refreshAfterUnauthorized('app-1'), source.refreshAfterUnauthorized('app-1')])).toEqual(['app-2', 'app-2']);
    expect(await source.refreshAfterUnauthorized('app-1')).toBe('app-2');
    expect(calls.count).toBe(2);
    source.forget();
    expect(await source.getAccessToken()).toBe('app-3');
  });

  it("says in words when the platform refuses, and asks again next time", async () => {
    let refuse = true;
    const { identity } = countingIdentity(() => (refuse ? new IdentityError(400, 'invalid client secret') : null));
    const source = new AppTokenSource(identity);
    await expect(source.getAccessToken()).rejects.toMatchObject({ code: 'api_error', message: 'Sidestage could not get its app token from the platform: invalid client secret.' });
    refuse = false;
    expect(await source.getAccessToken()).toBe('app-2');
  });
});
