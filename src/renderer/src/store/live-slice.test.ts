import { describe, expect, it, vi } from 'vitest';
import type { ChatSettingsState, IpcResult, MarkersOverview, StreamStatus } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { fail, fakeDeps, flush, ok, signedIn } from '../test-support/store-fakes';
import { selectChannelCategory, selectChannelTitle } from './selectors';
import { chatModesOff } from '../../../shared/test-support/chat-settings';

const status: StreamStatus = { live: true, streamId: 's1', startedAt: '2026-01-01T10:00:00Z', viewerCount: 4, title: 'T', categoryId: '1', categoryName: 'C', checkedAt: null, error: null };
const overview: MarkersOverview = { logs: [], api: { videoId: null, markers: [], fetchedAt: null, error: null }, descriptionTemplate: '', lastResult: null, noteRequest: null, revision: 1 };
const chat: ChatSettingsState = {
  values: chatModesOff,
  pending: false,
  fetchedAt: null,
  error: null,
  presets: [],
  pendingRevert: null,
  revision: 1,
};

function setup() {
  const fakes = fakeDeps();
  const live = {
    stream: { getStatus: vi.fn(async () => ok(status)), refresh: vi.fn(async () => ok(status)) },
    markers: {
      getOverview: vi.fn(async () => ok(overview)),
      drop: vi.fn(async (_arg?: { description?: string }): Promise<IpcResult<MarkersOverview>> => ok({ ...overview, lastResult: { at: 'x', ok: true, message: 'Marker at 0:05' } })),
      refreshApi: vi.fn(async () => ok(overview)),
      setDescriptionTemplate: vi.fn(async () => ok(overview)),
    },
    hotkeys: {
      getState: vi.fn(async () =>
        ok({ hotkeys: [{ action: 'marker' as const, label: 'Drop a marker', accelerator: 'CommandOrControl+Alt+M', registered: true, error: null, lastFiredAt: null }], testingUntil: null, unavailable: null }),
      ),
      set: vi.fn(),
      clear: vi.fn(),
      startTest: vi.fn(),
    },
    chatSettings: { get: vi.fn(async () => ok(chat)), update: vi.fn(), applyPreset: vi.fn(), cancelRevert: vi.fn(), revertNow: vi.fn(), refresh: vi.fn() },
    ads: { getState: vi.fn(async () => ok({ lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null })), run: vi.fn() },
    channel: { getInfo: vi.fn(), updateInfo: vi.fn(), searchCategories: vi.fn() },
  };
  Object.assign(fakes.bridge, live);
  const store = createSidestageStore(fakes.deps);
  return { store, ...fakes, live };
}

describe('live slice', () => {
  it('loads everything once the account is signed in, and follows events', async () => {
    const { store, deps, bridge, live, emit } = setup();
    bridge.auth.getState.mockResolvedValue(ok(signedIn));
    const stop = startMirroring(store, deps);
    await flush();
    expect(live.stream.getStatus).toHaveBeenCalledTimes(1);
    expect(store.getState().streamStatus).toEqual(status);
    expect(store.getState().chatSettings).toEqual(chat);
    emit('stream:changed', { ...status, live: false });
    expect(store.getState().streamStatus?.live).toBe(false);
    stop();
  });

  it('keeps one fact for title and category: the Title row and the form agree after a change on the platform', async () => {
    const { store, deps, bridge, live, emit } = setup();
    const info = { title: 'T', categoryId: '1', categoryName: 'C', language: 'en', tags: [], isBrandedContent: false };
    live.channel.getInfo.mockImplementation(async () => ok(info));
    bridge.auth.getState.mockResolvedValue(ok(signedIn));
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().channelInfo).toEqual(info);
    // Changed on the platform: main reads it back and says so.
    emit('channel:changed', { ...info, title: 'New on the platform', categoryName: 'Chess', categoryId: '2' });
    expect(selectChannelTitle(store.getState())).toBe('New on the platform');
    expect(store.getState().channelInfo?.title).toBe('New on the platform');
    expect(selectChannelCategory(store.getState())).toBe('Chess');
    // A stream poll that saw another title means an event was missed: the channel is read again.
    live.channel.getInfo.mockImplementation(async () => ok({ ...info, title: 'Polled' }));
    emit('stream:changed', { ...status, title: 'Polled', categoryId: '2', checkedAt: '2026-01-01T10:05:00Z' });
    await flush();
    expect(selectChannelTitle(store.getState())).toBe('Polled');
    expect(store.getState().channelInfo?.title).toBe('Polled');
    stop();
  });

  it('an old chat-settings error goes once a later change works', async () => {
    const { store, live } = setup();
    await store.getState().loadLive();
    live.chatSettings.update.mockResolvedValueOnce(fail({ code: 'api_error', message: 'The platform had a problem; try again in a moment.' }));
    await store.getState().updateChatSettings({ emoteMode: true });
    expect(store.getState().actions['chatSettings.update']?.error).toMatch(/platform had a problem/);
    live.chatSettings.applyPreset.mockResolvedValueOnce(ok({ ...chat, revision: 2 }));
    await store.getState().applyChatPreset('p1');
    expect(store.getState().actions['chatSettings.update']?.error).toBeNull();
    // And the other way round.
    live.chatSettings.applyPreset.mockResolvedValueOnce(fail({ code: 'api_error', message: 'No.' }));
    await store.getState().applyChatPreset('p1');
    live.chatSettings.update.mockResolvedValueOnce(ok({ ...chat, revision: 3 }));
    await store.getState().updateChatSettings({ emoteMode: false });
    expect(store.getState().actions['chatSettings.preset']?.error).toBeNull();
  });

  it('mirrors the EventSub session, so statuses can say when live events are gone', async () => {
    const { store, deps, bridge, emit } = setup();
    bridge.auth.getState.mockResolvedValue(ok(signedIn));
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().eventSub?.state).toBe('connected');
    emit('events:changed', { state: 'reconnecting', sessionId: null, connectedAt: null, lastMessageAt: null, subscriptions: [], error: 'dropped' });
    expect(store.getState().eventSub?.state).toBe('reconnecting');
    stop();
  });

  it('drops a marker and shows the result', async () => {
    const { store, live } = setup();
    await store.getState().dropMarker('Boss');
    expect(live.markers.drop).toHaveBeenCalledWith({ description: 'Boss' });
    expect(store.getState().markers?.lastResult?.message).toBe('Marker at 0:05');
  });

  it('a call’s answer older than an event already applied is dropped', async () => {
    const { store, live } = setup();
    let answer!: (value: IpcResult<MarkersOverview>) => void;
    live.markers.drop.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const drop = store.getState().dropMarker();
    // The event (sent later by main) overtakes the call's answer on the way.
    store.getState().applyMarkers({ ...overview, revision: 5, api: { ...overview.api, videoId: 'v9' } });
    answer(ok({ ...overview, revision: 4 }));
    await drop;
    expect(store.getState().markers).toMatchObject({ revision: 5, api: { videoId: 'v9' } });
  });

  it('a note request brings the Live panel forward and is answered with its id', async () => {
    const { store, deps, live, emit } = setup();
    const stop = startMirroring(store, deps);
    emit('markers:changed', { ...overview, revision: 2, noteRequest: { id: 'n1', pressedAt: '2026-01-01T10:00:00Z', expiresAt: '2026-01-01T10:02:00Z' } });
    expect(store.getState().activePanel).toBe('live');
    await store.getState().dropMarker('Clutch', 'n1');
    expect(live.markers.drop).toHaveBeenCalledWith({ description: 'Clutch', noteRequestId: 'n1' });
    stop();
  });

  it('a refused marker is an action error in words', async () => {
    const { store, live } = setup();
    live.markers.drop.mockResolvedValueOnce(fail({ code: 'unavailable', message: 'You are not live: a marker marks a moment of a live broadcast.' }));
    await store.getState().dropMarker();
    expect(store.getState().actions['markers.drop']?.error).toMatch(/not live/);
  });

  it('shows a chat change at once and rolls it back when the call fails', async () => {
    const { store, live } = setup();
    store.getState().applyChatSettings(chat);
    let answer!: (value: unknown) => void;
    live.chatSettings.update.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const change = store.getState().updateChatSettings({ emoteMode: true });
    expect(store.getState().chatSettings).toMatchObject({ pending: true, values: { emoteMode: true } });
    answer(fail({ code: 'api_error', message: 'Only the broadcaster or a moderator can change chat settings.', status: 403 }));
    await change;
    expect(store.getState().chatSettings).toEqual(chat);
    expect(store.getState().actions['chatSettings.update']?.error).toMatch(/moderator/);
  });

  it('shows only the newest category search', async () => {
    const { store, live } = setup();
    let first!: (value: unknown) => void;
    live.channel.searchCategories.mockReturnValueOnce(new Promise((resolve) => (first = resolve)));
    live.channel.searchCategories.mockResolvedValueOnce(ok([{ id: '2', name: 'Chess', boxArtUrl: '' }]));
    const older = store.getState().searchCategories('ch');
    await store.getState().searchCategories('chess');
    first(ok([{ id: '1', name: 'Chatting', boxArtUrl: '' }]));
    await older;
    expect(store.getState().categoryResults.map((c) => c.name)).toEqual(['Chess']);
  });
});
