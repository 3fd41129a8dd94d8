/**
 * The one account rule in the renderer, through the real mirrors: while a sign-in is renewed the
 * last account's channel stays on screen and nothing is read; once signed in again it is read
 * again; nobody signed in, nothing of it is shown.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ActivitySnapshot, AuthState, ChatSnapshot, QueueSnapshot, StreamStatus } from '../../../shared/ipc/contract';
import { withCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { createSidestageStore, startMirroring } from './create-store';
import { selectCanCallApi, selectCurrentBroadcaster, selectShownStreamStatus } from './selectors';
import { fakeDeps, flush, ok, signedIn, signedOut } from '../test-support/store-fakes';

const live: StreamStatus = { live: true, streamId: 's1', startedAt: '2030-01-01T10:00:00Z', viewerCount: 7, title: 'T', categoryId: '1', categoryName: 'C', checkedAt: null, error: null };
const queue: QueueSnapshot = {
  version: 3,
  items: [{ id: 'r1', rewardId: 'a', rewardTitle: 'Hydrate', rewardCost: 1, userId: '9', userLogin: 'pal', userName: 'Pal', userInput: '', redeemedAt: '2030-01-01T10:01:00Z' }],
  rewards: [{ id: 'a', title: 'Hydrate', cost: 1 }],
  status: { lastSyncedAt: '2030-01-01T10:01:00Z', syncing: false, error: null, outboxCount: 0, outboxError: null, size: 1, pendingCancel: null },
  failures: [],
};
const feed: ActivitySnapshot = { version: 2, items: [{ id: 'f1', kind: 'follow', at: '2030-01-01T10:02:00Z', who: 'Pal', whoId: '9', text: 'followed', amount: null }], capacity: 100 };
const chat: ChatSnapshot = { version: 4, messages: [], capacity: 150, selfId: '1001' };

/** The same account, its sign-in expired, then being renewed: main's states in that order. */
const expired: AuthState = withCurrentBroadcaster({ ...signedIn, status: 'needsSignIn', scopes: [], error: 'Your sign-in expired.' }, signedIn.currentBroadcaster);
const renewing: AuthState = withCurrentBroadcaster(
  { ...expired, status: 'signingIn', error: null, pending: { flow: 'loopback', authorizeUrl: 'http://127.0.0.1:1/oauth2/authorize', openedBy: 'main', expiresAt: '2030-01-01T10:10:00Z' } },
  expired.currentBroadcaster,
);

function setup() {
  const fake = fakeDeps();
  const reads = {
    stream: { getStatus: vi.fn(async () => ok(live)) },
    redemptions: { getSnapshot: vi.fn(async () => ok(queue)) },
    activity: { getSnapshot: vi.fn(async () => ok(feed)) },
    chat: { getSnapshot: vi.fn(async () => ok(chat)) },
  };
  Object.assign(fake.bridge, reads);
  // Main's auth state: what its event says, and what a read (a resync's) answers.
  let auth = signedOut;
  fake.bridge.auth.getState.mockImplementation(async () => ok(auth));
  const tell = (next: AuthState) => {
    auth = next;
    fake.emit('auth:changed', next);
  };
  const store = createSidestageStore(fake.deps);
  return { ...fake, store, reads, tell };
}

describe('the account rule in the renderer', () => {
  it('re-signing in while live keeps the stream, the queue, the feed and chat on screen, reads nothing meanwhile, and reads again once signed in', async () => {
    const { store, deps, tell, connection, reads } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    tell(signedIn);
    await flush();
    expect(selectShownStreamStatus(store.getState())).toEqual(live);
    expect(reads.redemptions.getSnapshot).toHaveBeenCalledTimes(1);

    for (const auth of [expired, renewing]) {
      tell(auth);
      connection.resync();
      await flush();
      const state = store.getState();
      expect(selectCurrentBroadcaster(state)).toMatchObject({ id: '1001', canCallApi: false });
      expect(selectCanCallApi(state)).toBe(false);
      expect(selectShownStreamStatus(state)).toEqual(live);
      expect(state.queue?.items.map((r) => r.id)).toEqual(['r1']);
      expect(state.activity?.items.map((i) => i.id)).toEqual(['f1']);
      expect(state.chat?.version).toBe(4);
    }
    for (const read of [reads.stream.getStatus, reads.redemptions.getSnapshot, reads.activity.getSnapshot, reads.chat.getSnapshot]) expect(read).toHaveBeenCalledTimes(1);

    tell(signedIn);
    await flush();
    for (const read of [reads.stream.getStatus, reads.redemptions.getSnapshot, reads.activity.getSnapshot, reads.chat.getSnapshot]) expect(read).toHaveBeenCalledTimes(2);
    expect(selectShownStreamStatus(store.getState())).toEqual(live);
    expect(store.getState().queue?.items).toHaveLength(1);

    // Nobody signed in: nothing of the last account is shown or kept.
    tell(signedOut);
    const state = store.getState();
    expect(selectShownStreamStatus(state)).toBeNull();
    expect([state.streamStatus, state.queue, state.activity, state.chat]).toEqual([null, null, null, null]);
    stop();
  });
});
