import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { QueueSnapshot, QueueStatus, Redemption, ResolveResult } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import { selectPendingCancel, visibleRedemptions } from '../../store/redemptions-slice';
import { deferred, fakeDeps, flush, ok } from '../../test-support/store-fakes';
import { quickActionFor } from '../live/quick-action-keys';
import { cancelQueueHead, cancelRedemptionWithUndo, fulfilQueueHead, fulfilRedemption, queueHead, QueueHeadList } from './queue-head';

const r = (id: string, at: number, input = ''): Redemption => ({
  id,
  rewardId: 'a',
  rewardTitle: `Reward ${id}`,
  rewardCost: 1,
  userId: id,
  userLogin: `u${id}`,
  userName: `Viewer${id}`,
  userInput: input,
  redeemedAt: new Date(at * 1000).toISOString(),
});
const status: QueueStatus = { lastSyncedAt: '2025-01-01T00:00:00.000Z', syncing: false, error: null, outboxCount: 0, outboxError: null, size: 5, pendingCancel: null };
const snapshot = (items: Redemption[]): QueueSnapshot => ({ version: 1, items, rewards: [{ id: 'a', title: 'Reward a', cost: 1 }], status, failures: [] });
const done: ResolveResult = { done: 1, queued: 0, failed: [] };

/** Five redemptions, oldest first; main's cancel with undo answers when the test says (its window is main's). */
async function setup(items = [r('1', 10, 'play Tetris'), r('2', 20), r('3', 30), r('4', 40), r('5', 50)]) {
  const fake = fakeDeps();
  const cancelled = deferred<ResolveResult>();
  const redemptions = {
    getSnapshot: vi.fn(async () => ok(snapshot(items))),
    fulfill: vi.fn(async (_arg: { ids: string[] }) => ok(done)),
    cancel: vi.fn(async (_arg: { ids: string[] }) => ok(done)),
    cancelWithUndo: vi.fn(async (_arg: { ids: string[] }) => ok(await cancelled.promise)),
    undoCancel: vi.fn(async () => ok({ ids: ['2'] })),
    resolveAllOfReward: vi.fn(async () => ok(done)),
    reconcile: vi.fn(async () => ok(status)),
    dismissFailure: vi.fn(async () => ok(null)),
  };
  Object.assign(fake.bridge, { redemptions });
  const store = createSidestageStore(fake.deps);
  await store.getState().loadQueue();
  // Main's next delta, as its queue sends it.
  let version = 1;
  const delta = (removed: string[], added: Redemption[], pendingCancel: QueueStatus['pendingCancel']) =>
    store.getState().applyQueueDelta({ baseVersion: version, version: ++version, added, removed, status: { ...status, pendingCancel }, failures: [] });
  return { store, redemptions, cancelled, delta };
}

const key = (k: string, target: unknown = null) => ({ key: k, defaultPrevented: false, altKey: false, ctrlKey: false, metaKey: false, repeat: false, target: target as EventTarget | null });

describe('the queue head', () => {
  it('holds the 3 oldest redemptions and counts the rest', async () => {
    const { store } = await setup();
    const head = queueHead(store.getState());
    expect(head.items.map((x) => x.id)).toEqual(['1', '2', '3']);
    expect(head.more).toBe(2);
  });

  it('shows who, reward, input and age; keys only on the first; "N more" links to the Queue', async () => {
    const { store } = await setup();
    const head = queueHead(store.getState());
    const html = renderToStaticMarkup(<QueueHeadList items={head.items} more={head.more} filtered={false} now={40_000} onFulfil={() => {}} onCancel={() => {}} onOpenQueue={() => {}} />);
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(html).toContain('Reward 1');
    expect(html).toContain('Viewer1 · 30 s ago');
    expect(html).toContain('play Tetris');
    expect(html).not.toContain('Reward 4');
    expect(html.match(/aria-keyshortcuts="F"/g)).toHaveLength(1);
    expect(html.match(/aria-keyshortcuts="X"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Fulfil Viewer1&#x27;s Reward 1" aria-keyshortcuts="F"');
    expect(html).toContain('2 more in the queue');
  });

  it('says what to do next when nothing waits, or when the Queue filter hides them', () => {
    const empty = renderToStaticMarkup(<QueueHeadList items={[]} more={0} filtered={false} now={0} onFulfil={() => {}} onCancel={() => {}} onOpenQueue={() => {}} />);
    expect(empty).toContain('No redemptions are waiting.');
    expect(empty).toContain('Open the Queue');
    const filtered = renderToStaticMarkup(<QueueHeadList items={[]} more={0} filtered now={0} onFulfil={() => {}} onCancel={() => {}} onOpenQueue={() => {}} />);
    expect(filtered).toContain('Change the filter in the Queue');
    // While the queue is brought up to date, an empty head does not claim that nothing waits.
    const syncing = renderToStaticMarkup(<QueueHeadList items={[]} more={0} filtered={false} syncing now={0} onFulfil={() => {}} onCancel={() => {}} onOpenQueue={() => {}} />);
    expect(syncing).toContain('Bringing the queue up to date');
    expect(syncing).not.toContain('No redemptions are waiting.');
  });

  it('Fulfil sends through the queue action at once', async () => {
    const { store, redemptions } = await setup();
    await fulfilRedemption(store, '2');
    expect(redemptions.fulfill).toHaveBeenCalledWith({ ids: ['2'] });
  });

  it('Cancel goes to main’s undo window: main’s delta takes the row out and shows it pending, the selection stays, and Undo asks main to put it back', async () => {
    const { store, redemptions, cancelled, delta } = await setup();
    store.getState().toggleSelected('4');
    const cancel = cancelRedemptionWithUndo(store, '2');
    await flush();
    expect(redemptions.cancelWithUndo).toHaveBeenCalledWith({ ids: ['2'] });
    expect(redemptions.cancel).not.toHaveBeenCalled();
    // Nothing hidden here: the row goes when main says so.
    expect(visibleRedemptions(store.getState()).map((x) => x.id)).toEqual(['1', '2', '3', '4', '5']);
    const sendAt = '2025-01-01T00:00:05.000Z';
    delta(['2'], [], { ids: ['2'], sendAt });
    expect(selectPendingCancel(store.getState())).toEqual({ ids: ['2'], sendAt });
    expect(visibleRedemptions(store.getState()).map((x) => x.id)).toEqual(['1', '3', '4', '5']);
    // The selection made in the Queue panel is not what was canceled, and it is still there.
    expect([...store.getState().selectedIds]).toEqual(['4']);
    await store.getState().undoCancel();
    expect(redemptions.undoCancel).toHaveBeenCalledTimes(1);
    expect(store.getState().queueNotice).toBe('Cancel undone: the redemption is back in the queue.');
    delta([], [r('2', 20)], null);
    cancelled.resolve({ done: 0, queued: 0, failed: [], undone: 1 });
    await cancel;
    // The undone cancel's answer does not replace what the undo said.
    expect(store.getState().queueNotice).toBe('Cancel undone: the redemption is back in the queue.');
    expect(selectPendingCancel(store.getState())).toBeNull();
    expect(queueHead(store.getState()).items.map((x) => x.id)).toEqual(['1', '2', '3']);
  });

  it('says when there was nothing to undo, and how a cancel that was sent went', async () => {
    const { store, redemptions, cancelled } = await setup();
    redemptions.undoCancel.mockResolvedValueOnce(ok({ ids: [] }));
    await store.getState().undoCancel();
    expect(store.getState().queueNotice).toBe('Nothing to undo: the cancel was already sent.');
    const cancel = cancelRedemptionWithUndo(store, '3');
    cancelled.resolve({ done: 1, queued: 0, failed: [] });
    await cancel;
    expect(store.getState().queueNotice).toBe('1 canceled.');
  });

  it('F and X act on the first redemption of the head', async () => {
    const { store, redemptions } = await setup();
    expect(quickActionFor(key('f'))).toBe('fulfilQueueHead');
    expect(quickActionFor(key('X'))).toBe('cancelQueueHead');
    expect(quickActionFor(key('u'))).toBe('undoQueueCancel');
    await fulfilQueueHead(store);
    expect(redemptions.fulfill).toHaveBeenCalledWith({ ids: ['1'] });
    // Main's delta takes the fulfilled one out; X then takes the next one.
    store.getState().applyQueueDelta({ baseVersion: 1, version: 2, added: [], removed: ['1'], status, failures: [] });
    void cancelQueueHead(store);
    await flush();
    expect(redemptions.cancelWithUndo).toHaveBeenCalledWith({ ids: ['2'] });
  });

  it('the keys are ignored while typing, and do nothing on an empty queue', async () => {
    const input = { tagName: 'INPUT' };
    const textarea = { tagName: 'TEXTAREA' };
    expect(quickActionFor(key('f', input))).toBeNull();
    expect(quickActionFor(key('x', textarea))).toBeNull();
    expect(quickActionFor(key('u', { tagName: 'DIV', isContentEditable: true }))).toBeNull();
    const { store, redemptions } = await setup([]);
    await fulfilQueueHead(store);
    await cancelQueueHead(store);
    expect(redemptions.fulfill).not.toHaveBeenCalled();
    expect(redemptions.cancelWithUndo).not.toHaveBeenCalled();
  });
});
