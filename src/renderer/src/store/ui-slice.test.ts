import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamStatus } from '../../../shared/ipc/contract';
import { createSidestageStore } from './create-store';
import { followGoingLive } from './ui-slice';
import { fakeDeps } from '../test-support/store-fakes';

const offline: StreamStatus = {
  live: false,
  streamId: null,
  startedAt: null,
  viewerCount: null,
  title: 'Speedrun',
  categoryId: '1',
  categoryName: 'Games',
  checkedAt: '2030-01-01T10:00:00Z',
  error: null,
};
const t0 = Date.parse('2030-01-01T10:00:00Z');
/** Live since `at` (epoch ms). */
const liveSince = (at: number): StreamStatus => ({ ...offline, live: true, streamId: 's1', startedAt: new Date(at).toISOString(), viewerCount: 3 });

function setup() {
  const store = createSidestageStore(fakeDeps().deps);
  const stop = followGoingLive(store);
  return { store, stop };
}

describe('the Live panel while live', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(t0);
  });
  afterEach(() => vi.useRealTimers());

  it('going live shows the Live panel, even over a panel chosen before the stream started', () => {
    const { store, stop } = setup();
    store.getState().applyStreamStatus(offline);
    store.getState().setActivePanel('markers');
    vi.advanceTimersByTime(60_000);
    store.getState().applyStreamStatus(liveSince(Date.now() - 5_000));
    expect(store.getState().activePanel).toBe('live');
    stop();
  });

  it('a panel chosen just before the start, within started_at\'s whole second, still gives way to Live', () => {
    const { store, stop } = setup();
    store.getState().applyStreamStatus(offline);
    // The stream starts at t0 + 1.6 s; the platform says t0 + 1 s (whole seconds). The click was at t0 + 1.3 s.
    vi.advanceTimersByTime(1_300);
    store.getState().setActivePanel('queue');
    vi.advanceTimersByTime(300);
    store.getState().applyStreamStatus(liveSince(t0 + 1_000));
    expect(store.getState().activePanel).toBe('live');
    stop();
  });

  it('a panel chosen after the stream started stays, also when the news of going live comes after the click', () => {
    const { store, stop } = setup();
    store.getState().applyStreamStatus(offline);
    const startedAt = Date.now();
    vi.advanceTimersByTime(2_000);
    store.getState().setActivePanel('queue');
    store.getState().applyStreamStatus(liveSince(startedAt));
    expect(store.getState().activePanel).toBe('queue');
    stop();
  });

  it('a panel chosen while live is not taken away by the next status', () => {
    const { store, stop } = setup();
    store.getState().applyStreamStatus(liveSince(Date.now() - 1_000));
    expect(store.getState().activePanel).toBe('live');
    store.getState().setActivePanel('rewards');
    store.getState().applyStreamStatus({ ...liveSince(Date.now() - 1_000), viewerCount: 9 });
    expect(store.getState().activePanel).toBe('rewards');
    stop();
  });

  it('a reload within a second of the start keeps the panel it restored', () => {
    const { store, stop } = setup();
    vi.advanceTimersByTime(300);
    // What a reload's panel memory does before the first status arrives.
    store.getState().setActivePanel('markers');
    store.getState().applyStreamStatus(liveSince(t0));
    expect(store.getState().activePanel).toBe('markers');
    stop();
  });

  it('already live at start: Live, unless a reload restored a panel', () => {
    const first = setup();
    first.store.getState().applyStreamStatus(liveSince(t0 - 600_000));
    expect(first.store.getState().activePanel).toBe('live');
    first.stop();

    const second = setup();
    second.store.getState().setActivePanel('rewards');
    second.store.getState().applyStreamStatus(liveSince(t0 - 600_000));
    expect(second.store.getState().activePanel).toBe('rewards');
    second.stop();
  });

  it('a switch Sidestage makes itself does not count as the broadcaster’s choice', () => {
    const { store, stop } = setup();
    store.getState().setActivePanel('go-live', 'auto');
    expect(store.getState()).toMatchObject({ activePanel: 'go-live', panelChosenAt: null });
    store.getState().applyStreamStatus(liveSince(Date.now()));
    expect(store.getState().activePanel).toBe('live');
    stop();
  });
});
