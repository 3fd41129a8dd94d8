import { describe, expect, it, vi } from 'vitest';
import type { QueueDelta, QueueSnapshot, Redemption, ResolveResult } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { visibleRedemptions, describeResolve } from './redemptions-slice';
import { deferred, fakeDeps, flush, ok, signedIn } from '../test-support/store-fakes';

const r = (id: string, at: number, rewardId = 'a'): Redemption => ({
  id,
  rewardId,
  rewardTitle: `Reward ${rewardId}`,
  rewardCost: 1,
  userId: id,
  userLogin: `u${id}`,
  userName: `U${id}`,
  userInput: '',
  redeemedAt: new Date(at * 1000).toISOString(),
});
const status = { lastSyncedAt: '2025-01-01T00:00:00.000Z', syncing: false, error: null, outboxCount: 0, outboxError: null, size: 3, pendingCancel: null };
const snapshot = (version: number, items: Redemption[]): QueueSnapshot => ({ version, items, rewards: [{ id: 'a', title: 'Reward a', cost: 1 }], status, failures: [] });

function setup() {
  const fake = fakeDeps();
  const result = deferred<ResolveResult>();
  const redemptions = {
    getSnapshot: vi.fn(async () => ok(snapshot(3, [r('1', 1), r('2', 2), r('3', 3, 'b')]))),
    fulfill: vi.fn(async (_arg: { ids: string[] }) => ok(await result.promise)),
    cancel: vi.fn(async (_arg: { ids: string[] }) => ok(await result.promise)),
    cancelWithUndo: vi.fn(async (_arg: { ids: string[] }) => ok(await result.promise)),
    undoCancel: vi.fn(async () => ok({ ids: ['1'] })),
    resolveAllOfReward: vi.fn(async (_arg: { rewardId: string; status: string }) => ok(await result.promise)),
    reconcile: vi.fn(async () => ok(status)),
    dismissFailure: vi.fn(async () => ok(null)),
  };
  Object.assign(fake.bridge, { redemptions });
  const store = createSidestageStore(fake.deps);
  return { ...fake, store, redemptions, result };
}

const ids = (s: ReturnType<typeof setup>['store']) => visibleRedemptions(s.getState()).map((x) => x.id);

describe('redemptions slice', () => {
  it('loads a snapshot, then follows deltas, and re-reads the snapshot when one was missed', async () => {
    const { store, redemptions } = setup();
    await store.getState().loadQueue();
    expect(ids(store)).toEqual(['1', '2', '3']);
    const next: QueueDelta = { baseVersion: 3, version: 4, added: [r('4', 4)], removed: ['1'], status, failures: [] };
    store.getState().applyQueueDelta(next);
    expect(ids(store)).toEqual(['2', '3', '4']);
    store.getState().applyQueueDelta({ ...next, baseVersion: 9, version: 10 });
    await flush();
    expect(redemptions.getSnapshot).toHaveBeenCalledTimes(2);
  });

  it('F with nothing selected fulfils the focused row at once; main\'s delta takes it out and the focus moves on', async () => {
    const { store, redemptions, result } = setup();
    await store.getState().loadQueue();
    store.getState().moveQueueFocus(1);
    expect(store.getState().focusedId).toBe('1');
    const done = store.getState().resolveTargets('FULFILLED');
    await flush();
    expect(redemptions.fulfill).toHaveBeenCalledWith({ ids: ['1'] });
    // Main is the one optimistic layer: nothing is hidden here until its delta says so.
    expect(ids(store)).toEqual(['1', '2', '3']);
    store.getState().applyQueueDelta({ baseVersion: 3, version: 4, added: [], removed: ['1'], status, failures: [] });
    expect(ids(store)).toEqual(['2', '3']);
    expect(store.getState().focusedId).toBe('2');
    result.resolve({ done: 1, queued: 0, failed: [] });
    await done;
    expect(store.getState().queueNotice).toBe('1 fulfilled.');
  });

  it('Space selects; C cancels the selection through main\'s undo window; a refusal shows its reason', async () => {
    const { store, redemptions, result } = setup();
    await store.getState().loadQueue();
    store.getState().toggleSelected('1');
    store.getState().toggleSelected('3');
    const done = store.getState().resolveTargets('CANCELED');
    await flush();
    expect(redemptions.cancelWithUndo).toHaveBeenCalledWith({ ids: ['1', '3'] });
    expect(redemptions.cancel).not.toHaveBeenCalled();
    result.resolve({ done: 1, queued: 0, failed: [{ ids: ['3'], status: 'CANCELED', message: 'Could not cancel U3\'s "Reward b": Forbidden.', at: 'x' }] });
    await done;
    expect(store.getState().actions['redemptions.resolve']?.error).toMatch(/Forbidden/);
  });

  it('C keeps no timer and hides nothing here: main holds it, U asks main to put it back, and the notice says so', async () => {
    const { store, redemptions, result } = setup();
    await store.getState().loadQueue();
    store.getState().focusRedemption('1');
    const cancel = store.getState().resolveTargets('CANCELED');
    await flush();
    expect(redemptions.cancelWithUndo).toHaveBeenCalledWith({ ids: ['1'] });
    expect(ids(store)).toEqual(['1', '2', '3']);
    await store.getState().undoCancel();
    expect(redemptions.undoCancel).toHaveBeenCalledTimes(1);
    expect(store.getState().queueNotice).toBe('Cancel undone: the redemption is back in the queue.');
    result.resolve({ done: 0, queued: 0, failed: [], undone: 1 });
    await cancel;
    expect(store.getState().queueNotice).toBe('Cancel undone: the redemption is back in the queue.');
    expect(store.getState().actions['redemptions.resolve']?.error ?? null).toBeNull();
  });

  it('"waiting to be sent" gives way to "sent" once main’s outbox is empty', async () => {
    const { store, redemptions, result } = setup();
    await store.getState().loadQueue();
    store.getState().focusRedemption('1');
    const done = store.getState().resolveTargets('FULFILLED');
    result.resolve({ done: 0, queued: 1, failed: [] });
    await done;
    expect(store.getState().queueNotice).toMatch(/1 waiting to be sent/);
    expect(redemptions.fulfill).toHaveBeenCalled();
    store.getState().applyQueueDelta({ baseVersion: 3, version: 4, added: [], removed: ['1'], status: { ...status, outboxCount: 1 }, failures: [] });
    expect(store.getState().queueNotice).toMatch(/waiting to be sent/);
    store.getState().applyQueueDelta({ baseVersion: 4, version: 5, added: [], removed: [], status: { ...status, outboxCount: 0 }, failures: [] });
    expect(store.getState().queueNotice).toBe('1 fulfilled.');
  });

  it('filters by reward and user', async () => {
    const { store } = setup();
    await store.getState().loadQueue();
    store.getState().setQueueFilter({ rewardId: 'b' });
    expect(ids(store)).toEqual(['3']);
    store.getState().setQueueFilter({ rewardId: null, user: 'u2' });
    expect(ids(store)).toEqual(['2']);
  });

  it('loads the queue on sign-in and applies events', async () => {
    const { store, deps, emit, bridge, redemptions } = setup();
    Object.assign(bridge, {
      charity: { getOverview: vi.fn(async () => ok({ state: 'none', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null })) },
      rewards: { list: vi.fn(async () => ok({ rewards: [], loadedAt: null })) },
      notifications: { getSettings: vi.fn(async () => ok({ doNotDisturb: false, mutedRewardIds: [], donations: true })), act: vi.fn(async () => ok(null)) },
    });
    const stop = startMirroring(store, deps);
    store.getState().applyAuth(signedIn);
    await flush();
    expect(redemptions.getSnapshot).toHaveBeenCalled();
    expect(ids(store)).toEqual(['1', '2', '3']);
    emit('notifications:shown', { id: 'n1', title: 'PixelPal redeemed Hydrate!', body: '100 points', actions: [{ id: 'fulfill', label: 'Fulfill' }], tag: 'redemption:1' });
    expect(store.getState().toasts).toHaveLength(1);
    await store.getState().actOnToast('n1', 'fulfill');
    expect(store.getState().toasts).toHaveLength(0);
    emit('notifications:open', { kind: 'redemption', id: '2' });
    expect(store.getState().activePanel).toBe('queue');
    expect(store.getState().focusedId).toBe('2');
    stop();
  });

  it('describes an outcome in words', () => {
    expect(describeResolve({ done: 2, queued: 3, failed: [] }, 'CANCELED')).toBe('2 canceled, 3 waiting to be sent (they will go as soon as the platform can be reached).');
    expect(describeResolve({ done: 0, queued: 0, failed: [] }, 'FULFILLED')).toMatch(/already handled/);
  });
});
