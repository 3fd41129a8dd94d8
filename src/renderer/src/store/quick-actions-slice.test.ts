import { describe, expect, it, vi } from 'vitest';
import type { ClipsState, EngagementState, FollowedChannel, IpcResult, RaidState } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { deferred, fakeDeps, flush, ok, signedIn } from '../test-support/store-fakes';

const clip = (status: 'processing' | 'ready'): ClipsState => ({
  recent: [{ requestId: 'r1', clipId: 'Clip-1', editUrl: 'https://clips.example/Clip-1/edit', url: status === 'ready' ? 'https://clips.example/Clip-1' : null, source: 'button', pressedAt: '2030-01-01T10:00:00Z', status, error: null }],
});
const poll = (votes: number, status: 'active' | 'terminated' = 'active'): EngagementState => ({
  templates: [],
  poll: { id: 'p1', title: 'Q', choices: [{ id: 'a', title: 'A', votes }], status, startedAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T10:01:00Z' },
  prediction: null,
});
const raid = (status: 'pending' | 'canceled'): RaidState => ({
  raid: { to: { id: '2', login: 'sam', displayName: 'Sam' }, startedAt: '2030-01-01T10:00:00Z', dueAt: '2030-01-01T10:01:30Z', status, viewers: null },
  shoutout: null,
});
const channel = (login: string): FollowedChannel => ({ id: login, login, displayName: login, categoryName: '', title: '', viewerCount: 1 });

function setup() {
  const fakes = fakeDeps();
  const calls = {
    clips: { getState: vi.fn(async () => ok<ClipsState>({ recent: [] })), create: vi.fn(async (): Promise<IpcResult<ClipsState>> => ok(clip('processing'))) },
    polls: {
      getState: vi.fn(async () => ok(poll(0))),
      endPoll: vi.fn(async (): Promise<IpcResult<EngagementState>> => ok(poll(3, 'terminated'))),
    },
    raids: {
      getState: vi.fn(async () => ok<RaidState>({ raid: null, shoutout: null })),
      cancel: vi.fn(async (): Promise<IpcResult<RaidState>> => ok(raid('canceled'))),
      searchFollowed: vi.fn(async (_arg: { query: string }): Promise<IpcResult<FollowedChannel[]>> => ok([])),
    },
  };
  Object.assign(fakes.bridge, calls);
  const store = createSidestageStore(fakes.deps);
  const stop = startMirroring(store, fakes.deps);
  return { ...fakes, calls, store, stop };
}

describe('quick actions slice', () => {
  it('reads every quick action at sign-in and follows the events', async () => {
    const { store, emit, calls, stop } = setup();
    store.getState().applyAuth(signedIn);
    await flush();
    expect(calls.clips.getState).toHaveBeenCalled();
    expect(store.getState().engagement).toEqual(poll(0));
    emit('polls:changed', poll(2));
    expect(store.getState().engagement!.poll!.choices[0]!.votes).toBe(2);
    emit('clips:changed', clip('ready'));
    expect(store.getState().clips!.recent[0]!.status).toBe('ready');
    stop();
  });

  it('a clip answer computed before the "ready" event never puts "processing" back', async () => {
    const { store, emit, calls } = setup();
    const answer = deferred<IpcResult<ClipsState>>();
    calls.clips.create.mockImplementation(() => answer.promise);
    const creating = store.getState().createClip();
    emit('clips:changed', clip('ready'));
    answer.resolve(ok(clip('processing')));
    await creating;
    expect(store.getState().clips!.recent[0]!.status).toBe('ready');
  });

  it('a late "end poll" answer gives way to a newer progress event, and a late raid answer to a newer event', async () => {
    const { store, emit, calls } = setup();
    const ended = deferred<IpcResult<EngagementState>>();
    calls.polls.endPoll.mockImplementation(() => ended.promise);
    const ending = store.getState().endPoll();
    emit('polls:changed', poll(4, 'terminated'));
    ended.resolve(ok(poll(3, 'terminated')));
    await ending;
    expect(store.getState().engagement!.poll!.choices[0]!.votes).toBe(4);

    const canceled = deferred<IpcResult<RaidState>>();
    calls.raids.cancel.mockImplementation(() => canceled.promise);
    const canceling = store.getState().cancelRaid();
    emit('raids:changed', raid('pending'));
    canceled.resolve(ok(raid('canceled')));
    await canceling;
    expect(store.getState().raids!.raid!.status).toBe('pending');
  });

  it('shows only the newest search’s answer while the broadcaster types', async () => {
    const { store, calls } = setup();
    const first = deferred<IpcResult<FollowedChannel[]>>();
    const second = deferred<IpcResult<FollowedChannel[]>>();
    calls.raids.searchFollowed.mockImplementationOnce(() => first.promise).mockImplementationOnce(() => second.promise);
    const a = store.getState().searchFollowed('s');
    const b = store.getState().searchFollowed('sa');
    second.resolve(ok([channel('sam')]));
    await b;
    first.resolve(ok([channel('sam'), channel('sue')]));
    await a;
    expect(store.getState().followedChannels!.map((c) => c.login)).toEqual(['sam']);
  });
});
