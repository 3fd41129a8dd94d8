import { describe, expect, it } from 'vitest';
import type { BroadcastStory, BroadcastStoryList, BroadcastSummary } from '../../../shared/ipc/contract';
import { summaryOf } from '../../../shared/domain/broadcast-story';
import { createSidestageStore, startMirroring } from './create-store';
import { selectOwnBroadcasts, selectShownBroadcastId, selectStoryOfMarkerLog } from './broadcast-story-slice';
import { fakeDeps, flush, ok } from '../test-support/store-fakes';

const story = (id: string, endedAt: string | null = '2025-01-01T21:00:00.000Z'): BroadcastStory => ({
  id,
  startedAt: '2025-01-01T20:00:00.000Z',
  endedAt,
  title: id,
  categoryName: '',
  minutes: [{ minute: 0, viewers: 3, chatLines: 1, chatters: 1, follows: 0, subs: 0, bits: 0, redemptions: 0, donations: 0 }],
  moments: [],
  chatters: [],
  followers: [],
  subscribers: [],
});
const list = (stories: BroadcastStory[], liveId: string | null = null): BroadcastStoryList => ({ broadcasts: stories.map(summaryOf) as BroadcastSummary[], liveId, unavailable: null });

describe('broadcast story slice', () => {
  it('reads the list and the newest story at start; a broadcast that ended opens the panel on it', async () => {
    const { deps, bridge, emit } = fakeDeps();
    bridge.broadcastStory.list.mockResolvedValue(ok(list([story('b2'), story('b1')])));
    bridge.broadcastStory.get.mockImplementation(async ({ id }: { id: string }) => ok(story(id)));
    const store = createSidestageStore(deps);
    const stop = startMirroring(store, deps);
    await flush();
    expect(selectShownBroadcastId(store.getState())).toBe('b2');
    expect(store.getState().shownBroadcast?.id).toBe('b2');

    emit('broadcastStory:changed', list([story('b3'), story('b2'), story('b1')]));
    emit('broadcastStory:ended', { id: 'b3' });
    await flush();
    expect(store.getState().activePanel).toBe('broadcasts');
    expect(store.getState().shownBroadcast?.id).toBe('b3');
    stop();
  });

  it('the live broadcast is read again as it grows; a finished one is read once', async () => {
    const { deps, bridge } = fakeDeps();
    bridge.broadcastStory.get.mockImplementation(async ({ id }: { id: string }) => ok(story(id, id === 'live' ? null : '2025-01-01T21:00:00.000Z')));
    const store = createSidestageStore(deps);
    store.getState().applyBroadcastStories(list([story('live', null)], 'live'));
    await flush();
    store.getState().applyBroadcastStories(list([story('live', null)], 'live'));
    await flush();
    expect(bridge.broadcastStory.get).toHaveBeenCalledTimes(2);
    await store.getState().showBroadcast('old');
    store.getState().applyBroadcastStories(list([story('live', null), story('old')], 'live'));
    await flush();
    store.getState().applyBroadcastStories(list([story('live', null), story('old')], 'live'));
    await flush();
    expect(bridge.broadcastStory.get.mock.calls.filter(([arg]) => (arg as { id: string }).id === 'old')).toHaveLength(1);
  });

  it("the Markers panel's export: a marker log's broadcast has a story only when one was recorded with its stream id; it is read when asked for", async () => {
    const { deps, bridge } = fakeDeps();
    const store = createSidestageStore(deps);
    expect(selectStoryOfMarkerLog(store.getState(), 's1')).toBeNull();
    store.getState().applyBroadcastStories(list([story('s2'), story('s1')]));
    await flush();
    expect(selectStoryOfMarkerLog(store.getState(), 's1')?.id).toBe('s1');
    expect(selectStoryOfMarkerLog(store.getState(), 's9')).toBeNull();
    bridge.broadcastStory.get.mockImplementation(async ({ id }: { id: string }) => ok(story(id)));
    expect((await store.getState().readBroadcastStory('s1'))?.id).toBe('s1');
    bridge.broadcastStory.get.mockResolvedValue({ ok: false, error: { code: 'invalid_argument', message: 'gone' } });
    expect(await store.getState().readBroadcastStory('s1')).toBeNull();
    expect(store.getState().actions['broadcastStory.readForExport']?.error).toBe('gone');
  });

  it("the list is the current broadcaster's broadcasts, with those of unknown broadcaster; the newest of them is shown", () => {
    const of = (id: string, broadcasterId?: string) => ({ ...story(id), ...(broadcasterId ? { broadcasterId } : {}) });
    const broadcastStories = list([of('theirs', '222'), of('mine', '111'), of('before-accounts')]);
    const signedInAs = (id: string | null) => ({ broadcastStories, shownBroadcastId: null, auth: { currentBroadcaster: id === null ? null : { id } } as never });
    expect(selectOwnBroadcasts(signedInAs('111')).map((b) => b.id)).toEqual(['mine', 'before-accounts']);
    expect(selectShownBroadcastId(signedInAs('111'))).toBe('mine');
    expect(selectOwnBroadcasts(signedInAs('222')).map((b) => b.id)).toEqual(['theirs', 'before-accounts']);
    expect(selectShownBroadcastId({ ...signedInAs('111'), shownBroadcastId: 'theirs' })).toBe('mine');
    expect(selectOwnBroadcasts(signedInAs(null)).map((b) => b.id)).toEqual(['before-accounts']);
    // The same array while neither the list nor the account changes (a component selects it).
    expect(selectOwnBroadcasts(signedInAs('111'))).toBe(selectOwnBroadcasts(signedInAs('111')));
  });
});
