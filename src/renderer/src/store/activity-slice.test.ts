import { describe, expect, it, vi } from 'vitest';
import type { ActivityDelta, ActivityItem, ActivitySnapshot } from '../../../shared/ipc/contract';
import { createSidestageStore } from './create-store';
import { visibleActivity } from './activity-slice';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const item = (id: string, kind: ActivityItem['kind'] = 'follow'): ActivityItem => ({ id, kind, at: '2030-01-01T10:00:00Z', who: `U${id}`, whoId: id, text: 'followed', amount: null });
const snapshot = (version: number, items: ActivityItem[], capacity = 10_000): ActivitySnapshot => ({ version, items, capacity });
const delta = (baseVersion: number, version: number, added: ActivityItem[], cleared = false): ActivityDelta => ({ baseVersion, version, added, cleared });

function setup(first: ActivitySnapshot = snapshot(2, [item('2'), item('1')])) {
  const fake = fakeDeps();
  const answer = deferred<ActivitySnapshot>();
  let held = true;
  const activity = {
    getSnapshot: vi.fn(async () => ok(held ? await answer.promise : first)),
    shoutout: vi.fn(async (_arg: { toBroadcasterId: string }) => ok({ message: 'Shoutout sent to Raider.' })),
  };
  Object.assign(fake.bridge, { activity });
  const store = createSidestageStore(fake.deps);
  return { store, activity, answer, release: () => (held = false) };
}

const ids = (store: ReturnType<typeof setup>['store']) => visibleActivity(store.getState()).map((i) => i.id);

describe('activity slice', () => {
  it('shows newest first and follows numbered deltas; a gap reads the snapshot again', async () => {
    const { store, activity, release } = setup();
    release();
    await store.getState().loadActivity();
    expect(ids(store)).toEqual(['2', '1']);
    store.getState().applyActivityDelta(delta(2, 4, [item('4'), item('3')]));
    expect(ids(store)).toEqual(['4', '3', '2', '1']);
    // Already applied (a resent event): nothing changes.
    store.getState().applyActivityDelta(delta(2, 4, [item('4'), item('3')]));
    expect(ids(store)).toHaveLength(4);
    store.getState().applyActivityDelta(delta(7, 8, [item('8')]));
    await flush();
    expect(activity.getSnapshot).toHaveBeenCalledTimes(2);
  });

  it('a late snapshot answer never undoes deltas that overtook it, and early deltas are kept', async () => {
    const { store, answer } = setup();
    const loading = store.getState().loadActivity();
    // Over the dock the event socket can deliver deltas before the snapshot's HTTP answer.
    store.getState().applyActivityDelta(delta(2, 3, [item('3')]));
    answer.resolve(snapshot(2, [item('2'), item('1')]));
    await loading;
    expect(ids(store)).toEqual(['3', '2', '1']);
    expect(store.getState().activity?.version).toBe(3);
    // An answer to a later read, computed before the last delta: ignored.
    store.getState().applyActivityDelta(delta(3, 4, [item('4')]));
    expect(ids(store)).toEqual(['4', '3', '2', '1']);
  });

  it('ignores a snapshot older than the copy it holds', async () => {
    const { store, activity, release } = setup(snapshot(5, [item('5')]));
    release();
    await store.getState().loadActivity();
    activity.getSnapshot.mockResolvedValueOnce(ok(snapshot(4, [item('4')])));
    await store.getState().loadActivity();
    expect(ids(store)).toEqual(['5']);
  });

  it('keeps at most the capacity, and a cleared delta starts over', async () => {
    const { store, release } = setup(snapshot(1, [item('1')], 3));
    release();
    await store.getState().loadActivity();
    store.getState().applyActivityDelta(delta(1, 4, [item('4'), item('3'), item('2')]));
    expect(ids(store)).toEqual(['4', '3', '2']);
    store.getState().applyActivityDelta(delta(4, 5, [], true));
    expect(ids(store)).toEqual([]);
  });

  it('filters by kind', async () => {
    const { store, release } = setup(snapshot(3, [item('3', 'raid'), item('2', 'cheer'), item('1', 'follow')]));
    release();
    await store.getState().loadActivity();
    store.getState().toggleActivityKind('raid');
    store.getState().toggleActivityKind('cheer');
    expect(ids(store)).toEqual(['3', '2']);
    store.getState().clearActivityFilter();
    expect(ids(store)).toEqual(['3', '2', '1']);
  });

  it("says a shoutout's outcome, and a refusal in main's words", async () => {
    const { store, activity } = setup();
    await store.getState().shoutout('99');
    expect(activity.shoutout).toHaveBeenCalledWith({ toBroadcasterId: '99' });
    expect(store.getState().activityNotice).toBe('Shoutout sent to Raider.');
    activity.shoutout.mockResolvedValueOnce(fail({ code: 'api_error', message: 'Shoutout not sent: The broadcaster is not streaming live.' }) as never);
    await store.getState().shoutout('99');
    expect(store.getState().actions['activity.shoutout']?.error).toBe('Shoutout not sent: The broadcaster is not streaming live.');
  });
});
