/**
 * A call's answer that arrives after a newer event (over the dock, answers come over HTTP and
 * events over a WebSocket) must not overwrite what the event said. Each test holds an answer back,
 * delivers a newer event, then lets the old answer in.
 */
import { describe, expect, it, vi } from 'vitest';
import type {
  AdsState,
  CharityOverview,
  DataRecoveryNotice,
  HotkeysState,
  QueueSnapshot,
  QueueStatus,
  Redemption,
  RewardsOverview,
  SimulationState,
  StreamStatus,
} from '../../../shared/ipc/contract';
import { noSimulationCounts } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { appInfo, deferred, fakeDeps, flush, ok, overview, signedIn, signedOut } from '../test-support/store-fakes';

function setup(extra: Record<string, Record<string, unknown>> = {}) {
  const fake = fakeDeps();
  // Domains a test needs beyond the fake bridge's auth and ingest.
  Object.assign(fake.bridge, extra);
  const store = createSidestageStore(fake.deps);
  return { ...fake, store };
}

/** A bridge function whose next answer the test gives by hand. */
function heldAnswer<T>() {
  const answer = deferred<T>();
  return { answer, fn: vi.fn(async (_arg?: unknown) => ok(await answer.promise)) };
}

const r = (id: string): Redemption => ({
  id,
  rewardId: 'a',
  rewardTitle: 'Reward a',
  rewardCost: 1,
  userId: id,
  userLogin: `u${id}`,
  userName: `U${id}`,
  userInput: '',
  redeemedAt: new Date(Number(id) * 1000).toISOString(),
});
const queueStatus = (over: Partial<QueueStatus> = {}): QueueStatus => ({
  lastSyncedAt: '2030-01-01T00:00:00.000Z',
  syncing: false,
  error: null,
  outboxCount: 0,
  outboxError: null,
  size: 0,
  pendingCancel: null,
  ...over,
});
const snapshot = (version: number, items: Redemption[], status = queueStatus({ size: items.length })): QueueSnapshot => ({
  version,
  items,
  rewards: [{ id: 'a', title: 'Reward a', cost: 1 }],
  status,
  failures: [],
});

describe('late answers never overwrite newer state', () => {
  it('queue: a snapshot older than the deltas already applied is ignored (signing in again)', async () => {
    const first = snapshot(10, [r('1')]);
    // Signed in again: main cleared the queue (version 11) and is bringing it up to date.
    const stale = snapshot(11, [], queueStatus({ syncing: true }));
    const held = deferred<QueueSnapshot>();
    const getSnapshot = vi.fn().mockResolvedValueOnce(ok(first)).mockImplementation(async () => ok(await held.promise));
    const { store } = setup({ redemptions: { getSnapshot } });
    await store.getState().loadQueue();
    const loading = store.getState().loadQueue();
    await flush();
    // The deltas of the sign-in overtake the snapshot's answer.
    store.getState().applyQueueDelta({ baseVersion: 10, version: 11, added: [], removed: ['1'], status: queueStatus({ syncing: true }), failures: [] });
    store.getState().applyQueueDelta({ baseVersion: 11, version: 12, added: [r('2'), r('3')], removed: [], status: queueStatus({ size: 2 }), failures: [] });
    held.resolve(stale);
    await loading;
    const state = store.getState();
    expect(state.queue?.version).toBe(12);
    expect(state.queue?.items.map((x) => x.id)).toEqual(['2', '3']);
    expect(state.queueStatus?.syncing).toBe(false);
    // The next delta follows on, without asking for a snapshot again.
    store.getState().applyQueueDelta({ baseVersion: 12, version: 13, added: [r('4')], removed: [], status: queueStatus({ size: 3 }), failures: [] });
    expect(store.getState().queue?.items.map((x) => x.id)).toEqual(['2', '3', '4']);
    expect(getSnapshot).toHaveBeenCalledTimes(2);
  });

  it('queue: deltas that overtake the first snapshot are applied after it (the sign-in\'s "in sync" is not lost)', async () => {
    // Main took the snapshot while bringing the queue up to date, then said "in sync" before the answer arrived.
    const held = deferred<QueueSnapshot>();
    const getSnapshot = vi.fn(async () => ok(await held.promise));
    const { store } = setup({ redemptions: { getSnapshot } });
    const loading = store.getState().loadQueue();
    await flush();
    store.getState().applyQueueDelta({ baseVersion: 4, version: 5, added: [r('2')], removed: [], status: queueStatus({ size: 2 }), failures: [] });
    held.resolve(snapshot(4, [r('1')], queueStatus({ syncing: true, size: 1 })));
    await loading;
    const state = store.getState();
    expect(state.queue).toEqual({ version: 5, items: [r('1'), r('2')] });
    expect(state.queueStatus?.syncing).toBe(false);
    expect(getSnapshot).toHaveBeenCalledTimes(1);
  });

  it('queue: early deltas the snapshot already holds are skipped, and a gap after it asks again', async () => {
    const getSnapshot = vi.fn().mockResolvedValueOnce(ok(snapshot(6, [r('1')]))).mockResolvedValueOnce(ok(snapshot(9, [r('3')])));
    const { store } = setup({ redemptions: { getSnapshot } });
    store.getState().applyQueueDelta({ baseVersion: 5, version: 6, added: [r('1')], removed: [], status: queueStatus({ size: 1 }), failures: [] });
    store.getState().applyQueueDelta({ baseVersion: 7, version: 8, added: [r('3')], removed: [], status: queueStatus({ size: 2 }), failures: [] });
    await store.getState().loadQueue();
    await flush();
    expect(getSnapshot).toHaveBeenCalledTimes(2);
    expect(store.getState().queue).toEqual({ version: 9, items: [r('3')] });
  });

  it('queue: a snapshot as new as the copy or newer is still applied', async () => {
    const getSnapshot = vi.fn().mockResolvedValueOnce(ok(snapshot(5, [r('1')]))).mockResolvedValueOnce(ok(snapshot(7, [r('2')])));
    const { store } = setup({ redemptions: { getSnapshot } });
    await store.getState().loadQueue();
    await store.getState().loadQueue();
    expect(store.getState().queue).toEqual({ version: 7, items: [r('2')] });
  });

  it('queue: "Sync now" answering after a delta does not bring back an older status', async () => {
    const { answer, fn: reconcile } = heldAnswer<QueueStatus>();
    const { store } = setup({ redemptions: { getSnapshot: vi.fn(async () => ok(snapshot(1, []))), reconcile } });
    await store.getState().loadQueue();
    const syncing = store.getState().reconcileQueue();
    await flush();
    store.getState().applyQueueDelta({ baseVersion: 1, version: 2, added: [r('1')], removed: [], status: queueStatus({ size: 1 }), failures: [] });
    answer.resolve(queueStatus({ syncing: true }));
    await syncing;
    expect(store.getState().queueStatus).toEqual(queueStatus({ size: 1 }));
  });

  it('auth: a state read before sign-in completed does not sign the window out again', async () => {
    const { answer, fn: getState } = heldAnswer<typeof signedOut>();
    const { store, bridge } = setup();
    Object.assign(bridge.auth, { getState });
    const loading = store.getState().loadAuth();
    await flush();
    store.getState().applyAuth(signedIn);
    answer.resolve(signedOut);
    await loading;
    expect(store.getState().auth).toEqual(signedIn);
  });

  it('auth: the sign-in call answering "pending" after the signed-in event keeps the sign-in', async () => {
    const pending = { ...signedOut, status: 'signingIn' as const };
    const { answer, fn: signIn } = heldAnswer<typeof signedOut>();
    const { store, bridge } = setup();
    Object.assign(bridge.auth, { signIn });
    const signingIn = store.getState().signIn('loopback');
    await flush();
    store.getState().applyAuth(signedIn);
    answer.resolve(pending as typeof signedOut);
    await signingIn;
    expect(store.getState().auth?.status).toBe('signedIn');
  });

  it('ingest: an overview answered after ingest:changed is not shown', async () => {
    const { answer, fn: getOverview } = heldAnswer<typeof overview>();
    const { store, bridge } = setup();
    Object.assign(bridge.ingest, { getOverview });
    const loading = store.getState().loadIngest();
    await flush();
    store.getState().applyIngest({ ...overview, selectedId: 2 });
    answer.resolve(overview);
    await loading;
    expect(store.getState().ingest?.selectedId).toBe(2);
  });

  it('ingest: a choice answered after a newer event leaves the event standing', async () => {
    const { answer, fn: setOptions } = heldAnswer<typeof overview>();
    const { store, bridge } = setup();
    Object.assign(bridge.ingest, { setOptions });
    const choosing = store.getState().setSecure(true);
    await flush();
    store.getState().applyIngest({ ...overview, secure: true, probing: true });
    answer.resolve({ ...overview, secure: true });
    await choosing;
    expect(store.getState().ingest?.probing).toBe(true);
  });

  const live: StreamStatus = { live: true, streamId: 's1', startedAt: '2030-01-01T10:00:00Z', viewerCount: 4, title: 'T', categoryId: '1', categoryName: 'C', checkedAt: null, error: null };
  const offline: StreamStatus = { ...live, live: false, streamId: null, startedAt: null, viewerCount: null };

  it('stream: a poll answered after stream.online does not say offline', async () => {
    const { answer, fn: refresh } = heldAnswer<StreamStatus>();
    const { store } = setup({ stream: { refresh, getStatus: vi.fn() } });
    const refreshing = store.getState().refreshStream();
    await flush();
    store.getState().applyStreamStatus(live);
    answer.resolve(offline);
    await refreshing;
    expect(store.getState().streamStatus).toEqual(live);
  });

  it('live controls: loads answered after events (stream, hotkey, ads) are not shown', async () => {
    const stream = heldAnswer<StreamStatus>();
    const hotkeys = heldAnswer<HotkeysState>();
    const ads = heldAnswer<AdsState>();
    const chat = heldAnswer<unknown>();
    const markers = heldAnswer<unknown>();
    const { store } = setup({
      stream: { getStatus: stream.fn },
      hotkeys: { getState: hotkeys.fn },
      ads: { getState: ads.fn },
      chatSettings: { get: chat.fn },
      markers: { getOverview: markers.fn },
    });
    const loading = store.getState().loadLive();
    await flush();
    const hotkey: HotkeysState = { hotkeys: [{ action: 'marker', label: 'Drop a marker', accelerator: 'F9', registered: true, error: null, lastFiredAt: null }], testingUntil: null, unavailable: null };
    const noSchedule = { running: null, schedule: null, scheduleError: null };
    const ad: AdsState = { lastStartedAt: '2030-01-01T10:00:00Z', lastLength: 30, nextAllowedAt: null, message: null, ...noSchedule };
    store.getState().applyStreamStatus(live);
    store.getState().applyHotkeys({ ...hotkey, hotkeys: [{ ...hotkey.hotkeys[0]!, lastFiredAt: '2030-01-01T10:01:00Z' }] });
    store.getState().applyAds(ad);
    stream.answer.resolve(offline);
    hotkeys.answer.resolve(hotkey);
    ads.answer.resolve({ lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null, ...noSchedule });
    chat.answer.resolve(null);
    markers.answer.resolve(null);
    await loading;
    expect(store.getState().streamStatus).toEqual(live);
    expect(store.getState().hotkeys?.hotkeys[0]?.lastFiredAt).toBe('2030-01-01T10:01:00Z');
    expect(store.getState().ads).toEqual(ad);
  });

  it('charity: an overview answered after a donation event keeps the donation', async () => {
    const empty: CharityOverview = { state: 'active', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null };
    const donated = { ...empty, updatedAt: '2030-01-01T10:00:00Z' };
    const { answer, fn: getOverview } = heldAnswer<CharityOverview>();
    const { store } = setup({ charity: { getOverview } });
    const loading = store.getState().loadCharity();
    await flush();
    store.getState().applyCharity(donated);
    answer.resolve(empty);
    await loading;
    expect(store.getState().charity).toEqual(donated);
  });

  it('rewards: a list or an edit answered after rewards:changed does not undo it', async () => {
    const reward = {
      id: 'a', title: 'Hydrate', prompt: '', cost: 100, backgroundColor: '#00ff00', isEnabled: true, isPaused: false, isInStock: true,
      isUserInputRequired: false, maxPerStream: { isEnabled: false, value: 0 }, maxPerUserPerStream: { isEnabled: false, value: 0 },
      globalCooldown: { isEnabled: false, seconds: 0 }, shouldRedemptionsSkipRequestQueue: false, cooldownExpiresAt: null,
    } as unknown as RewardsOverview['rewards'][number];
    const before: RewardsOverview = { rewards: [reward], loadedAt: '2030-01-01T10:00:00Z' };
    const list = heldAnswer<RewardsOverview>();
    const update = heldAnswer<typeof reward>();
    const { store } = setup({ rewards: { list: list.fn, update: update.fn } });
    const loading = store.getState().loadRewards();
    await flush();
    const paused: RewardsOverview = { rewards: [{ ...reward, isPaused: true, cost: 200 }], loadedAt: '2030-01-01T10:01:00Z' };
    store.getState().applyRewards(paused);
    list.answer.resolve(before);
    await loading;
    expect(store.getState().rewards).toEqual(paused);

    const saving = store.getState().saveReward('a', { cost: 300 });
    await flush();
    const newer: RewardsOverview = { rewards: [{ ...reward, isPaused: true, cost: 300, title: 'Hydrate!' }], loadedAt: '2030-01-01T10:02:00Z' };
    store.getState().applyRewards(newer);
    update.answer.resolve({ ...reward, isPaused: true, cost: 300 });
    await saving;
    expect(store.getState().rewards).toEqual(newer);
  });

  it('demo: the switch\'s answer after demo:changed does not roll the counts back', async () => {
    const off: SimulationState = { available: true, running: false, startedAt: null, counts: noSimulationCounts };
    const running: SimulationState = { ...off, running: true, startedAt: '2030-01-01T10:00:00Z', counts: { ...noSimulationCounts, redemptions: 3, chatEvents: 1 } };
    const { answer, fn: setSimulation } = heldAnswer<SimulationState>();
    const { store } = setup({ demo: { setSimulation, getSimulation: vi.fn() } });
    const switching = store.getState().setSimulation(true);
    await flush();
    store.getState().applySimulation(running);
    answer.resolve({ ...running, counts: noSimulationCounts });
    await switching;
    expect(store.getState().simulation).toEqual(running);
  });

  it('damaged-file notices: a read answered after data:changed does not bring back a dismissed notice', async () => {
    const notice = (id: string): DataRecoveryNotice => ({
      id,
      file: `${id}.json`,
      reason: 'it was cut short',
      done: 'set it aside',
      setAsideAs: null,
      lost: null,
      kept: null,
      consequence: null,
      at: '2030-01-01T00:00:00.000Z',
    });
    const { answer, fn: getNotices } = heldAnswer<DataRecoveryNotice[]>();
    const { store } = setup({ data: { getNotices, dismissNotice: vi.fn() } });
    const loading = store.getState().loadRecoveryNotices();
    await flush();
    store.getState().applyRecoveryNotices([notice('b')]);
    answer.resolve([notice('a'), notice('b')]);
    await loading;
    expect(store.getState().recoveryNotices.map((n) => n.id)).toEqual(['b']);
  });

  it('an answer with no event since is still shown', async () => {
    const { answer, fn: getState } = heldAnswer<typeof signedIn>();
    const { store, bridge } = setup();
    Object.assign(bridge.auth, { getState });
    const loading = store.getState().loadAuth();
    await flush();
    answer.resolve(signedIn);
    await loading;
    expect(store.getState().auth).toEqual(signedIn);
  });
});

describe('answers arriving out of order', () => {
  it('notification settings: a read answered after a later save does not undo the save', async () => {
    const settings = { doNotDisturb: false, mutedRewardIds: [], donations: true };
    const read = heldAnswer<typeof settings>();
    const { store } = setup({ notifications: { getSettings: read.fn, setSettings: vi.fn(async (c: object) => ok({ ...settings, ...c })) } });
    const loading = store.getState().loadNotificationSettings();
    await flush();
    await store.getState().setNotificationSettings({ doNotDisturb: true });
    read.answer.resolve(settings);
    await loading;
    expect(store.getState().notificationSettings?.doNotDisturb).toBe(true);
  });

  it('channel info: a read answered after a later update does not bring back the old title', async () => {
    const info = { title: 'Old', categoryId: '1', categoryName: 'C', language: 'en', tags: [], isBrandedContent: false };
    const read = heldAnswer<typeof info>();
    const { store } = setup({ channel: { getInfo: read.fn, updateInfo: vi.fn(async (c: object) => ok({ ...info, ...c })) } });
    const loading = store.getState().loadChannelInfo();
    await flush();
    await store.getState().updateChannelInfo({ title: 'New' });
    read.answer.resolve(info);
    await loading;
    expect(store.getState().channelInfo?.title).toBe('New');
  });

  it('app info: the first read answered after "Save client ID" does not bring back the old choice', async () => {
    const read = heldAnswer<typeof appInfo>();
    const { store, bridge } = setup();
    Object.assign(bridge.app, { getInfo: read.fn });
    const loading = store.getState().loadAppInfo();
    await flush();
    await store.getState().setPlatform('abcdefghijklmnopqrstuvwxyz0123');
    read.answer.resolve(appInfo);
    await loading;
    expect(store.getState().appInfo?.savedClientId).toBe('abcdefghijklmnopqrstuvwxyz0123');
  });

  it('close to tray: two quick clicks end on the second one whatever order main answers in', async () => {
    const first = deferred<{ closeToTray: boolean }>();
    const setSettings = vi
      .fn()
      .mockImplementationOnce(async () => ok(await first.promise))
      .mockImplementationOnce(async () => ok({ closeToTray: false }));
    const { store } = setup({ tray: { setSettings } });
    const one = store.getState().setCloseToTray(true);
    await flush();
    await store.getState().setCloseToTray(false);
    first.resolve({ closeToTray: true });
    await one;
    expect(store.getState().traySettings).toEqual({ closeToTray: false });
  });
});

describe('the re-read after the dock\'s event stream reconnects', () => {
  it('an event that arrives before the re-read\'s answer wins, through the real event wiring', async () => {
    const { store, bridge, deps, emit, connection } = setup({
      charity: { getOverview: vi.fn(async () => ok({ state: 'none', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null })) },
      rewards: { list: vi.fn(async () => ok({ rewards: [], loadedAt: null })) },
      notifications: { getSettings: vi.fn(async () => ok({ doNotDisturb: false, mutedRewardIds: [], donations: true })) },
      redemptions: { getSnapshot: vi.fn(async () => ok(snapshot(1, []))) },
      demo: { getSimulation: vi.fn(async () => ok({ available: false, running: false, startedAt: null, counts: noSimulationCounts })) },
      stream: { getStatus: vi.fn(async () => ok(null)) },
      markers: { getOverview: vi.fn(async () => ok(null)) },
      hotkeys: { getState: vi.fn(async () => ok(null)) },
      chatSettings: { get: vi.fn(async () => ok(null)) },
      ads: { getState: vi.fn(async () => ok(null)) },
    });
    const stop = startMirroring(store, deps);
    await flush();
    const reread = heldAnswer<typeof signedOut>();
    Object.assign(bridge.auth, { getState: reread.fn });
    connection.resync();
    await flush();
    expect(reread.fn).toHaveBeenCalled();
    emit('auth:changed', signedIn);
    reread.answer.resolve(signedOut);
    await flush();
    expect(store.getState().auth).toEqual(signedIn);
    stop();
  });
});
