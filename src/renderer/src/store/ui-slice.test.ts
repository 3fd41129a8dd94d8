import { describe, expect, it } from 'vitest';
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
const live: StreamStatus = { ...offline, live: true, streamId: 's1', startedAt: '2030-01-01T10:00:00Z', viewerCount: 3 };

function setup() {
  const store = createSidestageStore(fakeDeps().deps);
  const stop = followGoingLive(store);
  return { store, stop };
}

describe('the Live panel while live', () => {
  it('going from offline to live shows the Live panel, even over a panel chosen before', () => {
    const { store, stop } = setup();
    store.getState().applyStreamStatus(offline);
    store.getState().setActivePanel('markers');
    store.getState().applyStreamStatus(live);
    expect(store.getState().activePanel).toBe('live');
    stop();
  });

  it('a panel chosen while live stays (the next status does not take it away)', () => {
    const { store, stop } = setup();
    store.getState().applyStreamStatus(offline);
    store.getState().applyStreamStatus(live);
    store.getState().setActivePanel('queue');
    store.getState().applyStreamStatus({ ...live, viewerCount: 9 });
    expect(store.getState().activePanel).toBe('queue');
    stop();
  });

  it('already live at start: Live, unless a panel was chosen or restored', () => {
    const first = setup();
    first.store.getState().applyStreamStatus(live);
    expect(first.store.getState().activePanel).toBe('live');
    first.stop();

    const second = setup();
    second.store.getState().setActivePanel('rewards');
    second.store.getState().applyStreamStatus(live);
    expect(second.store.getState().activePanel).toBe('rewards');
    second.stop();
  });

  it('a switch Sidestage makes itself does not count as the broadcaster’s choice', () => {
    const { store, stop } = setup();
    store.getState().setActivePanel('go-live', 'auto');
    expect(store.getState()).toMatchObject({ activePanel: 'go-live', panelChosen: false });
    store.getState().applyStreamStatus(live);
    expect(store.getState().activePanel).toBe('live');
    stop();
  });
});
