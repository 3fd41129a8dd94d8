import { describe, expect, it, vi } from 'vitest';
import { signedInAuthState } from '../../test-support/auth-states';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { resetStreamKeyOnAccountChange, streamKeyReader } from './stream-key';

describe('streamKeyReader', () => {
  it('reads the current broadcaster’s key, and asks for the sign-in while it is renewed', async () => {
    const { auth, broadcaster } = fakeBroadcaster();
    const get = vi.fn(async () => ({ data: [{ stream_key: 'live_42_secret' }] }));
    const read = streamKeyReader({ get: get as never }, broadcaster);
    expect(await read()).toBe('live_42_secret');
    expect(get).toHaveBeenCalledWith('/helix/streams/key', { broadcaster_id: '42' });
    auth.expire();
    await expect(read()).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('says so when the platform returns no key', async () => {
    const { broadcaster } = fakeBroadcaster();
    const read = streamKeyReader({ get: (async () => ({ data: [] })) as never }, broadcaster);
    await expect(read()).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('resetStreamKeyOnAccountChange', () => {
  it('drops the key for another account or none, not for a renewed sign-in of the same one', async () => {
    const { auth, broadcaster } = fakeBroadcaster();
    const resetStreamKey = vi.fn(async () => {
      throw new Error('directory down');
    });
    const off = resetStreamKeyOnAccountChange({ resetStreamKey }, broadcaster);
    auth.expire();
    auth.signingIn();
    auth.set(signedInAuthState);
    expect(resetStreamKey).not.toHaveBeenCalled();
    auth.set({ ...signedInAuthState, account: { ...signedInAuthState.account!, id: '43' } });
    auth.set({ ...signedInAuthState, status: 'signedOut', account: null });
    expect(resetStreamKey).toHaveBeenCalledTimes(2);
    off();
    auth.set(signedInAuthState);
    expect(resetStreamKey).toHaveBeenCalledTimes(2);
  });
});
