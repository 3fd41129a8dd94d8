import { describe, expect, it } from 'vitest';
import { defaultLiveView, type IpcResult, type LiveView } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { selectLiveView } from './live-view-slice';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const arranged: LiveView = { ...defaultLiveView, tileOrder: ['raid', 'clip'], hiddenTiles: ['snooze'], feedLayout: 'split' };

describe('live view slice', () => {
  it('shows the default until main answers, then main’s; follows liveView:changed and reads again on resync', async () => {
    const { deps, bridge, emit, connection } = fakeDeps();
    const answer = deferred<IpcResult<LiveView>>();
    bridge.liveView.get.mockReturnValueOnce(answer.promise);
    const store = createSidestageStore(deps);
    const stop = startMirroring(store, deps);
    expect(selectLiveView(store.getState())).toEqual(defaultLiveView);
    answer.resolve(ok(arranged));
    await flush();
    expect(store.getState().liveView).toEqual(arranged);
    // Another dock changed it.
    emit('liveView:changed', { ...arranged, feedTab: 'activity' });
    expect(store.getState().liveView?.feedTab).toBe('activity');
    bridge.liveView.get.mockResolvedValueOnce(ok(defaultLiveView));
    connection.resync();
    await flush();
    expect(store.getState().liveView).toEqual(defaultLiveView);
    stop();
  });

  it('shows a change at once, sends only what changed, and rolls it back when main refuses it, in words', async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    store.getState().applyLiveView(arranged);
    const answer = deferred<IpcResult<LiveView>>();
    bridge.liveView.set.mockReturnValueOnce(answer.promise);
    const saving = store.getState().changeLiveView({ hiddenTiles: [] });
    expect(store.getState().liveView).toEqual({ ...arranged, hiddenTiles: [] });
    expect(bridge.liveView.set).toHaveBeenCalledWith({ hiddenTiles: [] });
    answer.resolve(fail({ code: 'unavailable', message: 'Your disk is full, so Sidestage could not save this setting.' }));
    await saving;
    expect(store.getState().liveView).toEqual(arranged);
    expect(store.getState().actions['liveView.save']?.error).toMatch(/disk is full/);
  });

  it('an answer older than an event already shown is dropped', async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    const answer = deferred<IpcResult<LiveView>>();
    bridge.liveView.set.mockReturnValueOnce(answer.promise);
    const saving = store.getState().changeLiveView({ feedTab: 'activity' });
    store.getState().applyLiveView(arranged);
    answer.resolve(ok({ ...defaultLiveView, feedTab: 'activity' }));
    await saving;
    expect(store.getState().liveView).toEqual(arranged);
  });

  it('a quick second change stays on screen while main answers the first (two ticks in Arrange)', async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    store.getState().applyLiveView(arranged);
    const first = deferred<IpcResult<LiveView>>();
    const second = deferred<IpcResult<LiveView>>();
    bridge.liveView.set.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const savingFirst = store.getState().changeLiveView({ hiddenTiles: [] });
    const savingSecond = store.getState().changeLiveView({ tileOrder: ['clip', 'raid'] });
    expect(store.getState().liveView).toMatchObject({ hiddenTiles: [], tileOrder: ['clip', 'raid'] });
    // Main's answer and event for the first change, which knew nothing of the second yet.
    store.getState().applyLiveView({ ...arranged, hiddenTiles: [] });
    first.resolve(ok({ ...arranged, hiddenTiles: [] }));
    await savingFirst;
    expect(store.getState().liveView).toMatchObject({ hiddenTiles: [], tileOrder: ['clip', 'raid'] });
    // Main's event and answer for the second.
    store.getState().applyLiveView({ ...arranged, hiddenTiles: [], tileOrder: ['clip', 'raid'] });
    second.resolve(ok({ ...arranged, hiddenTiles: [], tileOrder: ['clip', 'raid'] }));
    await savingSecond;
    expect(store.getState().liveView).toEqual({ ...arranged, hiddenTiles: [], tileOrder: ['clip', 'raid'] });
  });

  it('a refused change goes, and a later one still on its way stays', async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    store.getState().applyLiveView(arranged);
    const first = deferred<IpcResult<LiveView>>();
    const second = deferred<IpcResult<LiveView>>();
    bridge.liveView.set.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const savingFirst = store.getState().changeLiveView({ feedTab: 'activity' });
    const savingSecond = store.getState().changeLiveView({ hiddenTiles: [] });
    first.resolve(fail({ code: 'unavailable', message: 'Your disk is full, so Sidestage could not save this setting.' }));
    await savingFirst;
    expect(store.getState().liveView).toEqual({ ...arranged, hiddenTiles: [] });
    second.resolve(ok({ ...arranged, hiddenTiles: [] }));
    await savingSecond;
    expect(store.getState().liveView).toEqual({ ...arranged, hiddenTiles: [] });
  });
});
