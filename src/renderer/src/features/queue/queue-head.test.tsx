import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { QueueSnapshot, Redemption, ResolveResult } from '../../../../shared/ipc/contract';
import { createSidestageStore } from '../../store/create-store';
import { visibleRedemptions } from '../../store/redemptions-slice';
import { fakeDeps, flush, ok } from '../../test-support/store-fakes';
import { quickActionFor } from '../quick-actions/quick-action-keys';
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
const status = { lastSyncedAt: '2025-01-01T00:00:00.000Z', syncing: false, error: null, outboxCount: 0, outboxError: null, size: 5 };
const snapshot = (items: Redemption[]): QueueSnapshot => ({ version: 1, items, rewards: [{ id: 'a', title: 'Reward a', cost: 1 }], status, failures: [] });
const done: ResolveResult = { done: 1, queued: 0, failed: [] };

/** Five redemptions, oldest first; the undo window is long so a test decides when it ends. */
async function setup(items = [r('1', 10, 'play Tetris'), r('2', 20), r('3', 30), r('4', 40), r('5', 50)]) {
  const fake = fakeDeps();
  const redemptions = {
    getSnapshot: vi.fn(async () => ok(snapshot(items))),
    fulfill: vi.fn(async (_arg: { ids: string[] }) => ok(done)),
    cancel: vi.fn(async (_arg: { ids: string[] }) => ok(done)),
    resolveAllOfReward: vi.fn(async () => ok(done)),
    reconcile: vi.fn(async () => ok(status)),
    dismissFailure: vi.fn(async () => ok(null)),
  };
  Object.assign(fake.bridge, { redemptions });
  const store = createSidestageStore({ ...fake.deps, cancelUndoMs: 60_000 });
  await store.getState().loadQueue();
  return { store, redemptions };
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

  it('Cancel waits out the Queue panel’s undo window, keeps its selection, and Undo sends nothing', async () => {
    const { store, redemptions } = await setup();
    store.getState().toggleSelected('4');
    await cancelRedemptionWithUndo(store, '2');
    expect(store.getState().pendingCancel?.ids).toEqual(['2']);
    expect(visibleRedemptions(store.getState()).map((x) => x.id)).toEqual(['1', '3', '4', '5']);
    // The selection made in the Queue panel is not what was canceled, and it is still there.
    expect([...store.getState().selectedIds]).toEqual(['4']);
    expect(redemptions.cancel).not.toHaveBeenCalled();
    store.getState().undoCancel();
    await flush();
    expect(redemptions.cancel).not.toHaveBeenCalled();
    expect(queueHead(store.getState()).items.map((x) => x.id)).toEqual(['1', '2', '3']);
    // Not undone: sent when the window ends.
    await cancelRedemptionWithUndo(store, '3');
    await store.getState().sendPendingCancel();
    expect(redemptions.cancel).toHaveBeenCalledWith({ ids: ['3'] });
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
    await cancelQueueHead(store);
    expect(store.getState().pendingCancel?.ids).toEqual(['2']);
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
    expect(store.getState().pendingCancel).toBeNull();
  });
});
