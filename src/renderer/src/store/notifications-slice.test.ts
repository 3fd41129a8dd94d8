import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShownNotification } from '../../../shared/ipc/contract';
import { systemClock } from '../../../shared/primitives/clock';
import { createSidestageStore } from './create-store';
import { maxVisibleToasts, selectToastView, toastLifetimeMs } from './notifications-slice';
import { fakeDeps } from '../test-support/store-fakes';

const toast = (id: string, extra: Partial<ShownNotification> = {}): ShownNotification => ({ id, title: `Toast ${id}`, body: '', actions: [], tag: null, ...extra });

// vitest's fake timers drive the injected clock: the system clock reads the (faked) global timers.
function setup() {
  const { deps } = fakeDeps({ clock: systemClock });
  return createSidestageStore(deps);
}

const ids = (store: ReturnType<typeof setup>) => store.getState().toasts.map((t) => t.id);

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an info toast goes by itself after its lifetime; an error stays until dismissed', () => {
    const store = setup();
    store.getState().showToast(toast('info'));
    store.getState().showToast(toast('error', { urgency: 'error' }));
    vi.advanceTimersByTime(toastLifetimeMs - 1);
    expect(ids(store)).toEqual(['info', 'error']);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual(['error']);
    vi.advanceTimersByTime(10 * 60_000);
    expect(ids(store)).toEqual(['error']);
    store.getState().dismissToast('error');
    expect(ids(store)).toEqual([]);
  });

  it('does not expire while paused (pointer or focus on it), and gives the paused time back', () => {
    const store = setup();
    store.getState().showToast(toast('a'));
    vi.advanceTimersByTime(4_000);
    store.getState().setToastsPaused(true);
    vi.advanceTimersByTime(60_000);
    expect(ids(store)).toEqual(['a']);
    store.getState().setToastsPaused(false);
    vi.advanceTimersByTime(toastLifetimeMs - 4_000 - 1);
    expect(ids(store)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual([]);
  });

  it('shows at most a few; the rest fold into "+N more", which opens them all', () => {
    const store = setup();
    for (let i = 1; i <= 7; i++) store.getState().showToast(toast(String(i), { urgency: 'error' }));
    const view = selectToastView(store.getState());
    expect(view.shown.map((t) => t.id)).toEqual(['5', '6', '7']);
    expect(view.shown).toHaveLength(maxVisibleToasts);
    expect(view.hidden).toBe(4);
    expect(selectToastView(store.getState(), 1)).toMatchObject({ hidden: 6, shown: [expect.objectContaining({ id: '7' })] });
    store.getState().setToastsExpanded(true);
    expect(selectToastView(store.getState())).toMatchObject({ hidden: 0 });
    expect(selectToastView(store.getState()).shown).toHaveLength(7);
    store.getState().dismissAllToasts();
    expect(store.getState()).toMatchObject({ toasts: [], toastsExpanded: false });
  });

  it('a toast with the tag of another replaces it and starts its own time', () => {
    const store = setup();
    store.getState().showToast(toast('m1', { tag: 'marker' }));
    vi.advanceTimersByTime(5_000);
    store.getState().showToast(toast('m2', { tag: 'marker' }));
    expect(ids(store)).toEqual(['m2']);
    vi.advanceTimersByTime(5_000);
    expect(ids(store)).toEqual(['m2']);
    vi.advanceTimersByTime(1_000);
    expect(ids(store)).toEqual([]);
  });
});
