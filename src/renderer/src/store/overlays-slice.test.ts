import { describe, expect, it, vi } from 'vitest';
import { defaultAlertType } from '../../../shared/domain/alert-template';
import { alertKinds, defaultWidgetSettings, type AlertKind, type AlertQueueState, type AlertTypeSettings, type MediaList, type OverlaysState } from '../../../shared/ipc/contract';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';
import { createSidestageStore, startMirroring } from './create-store';
import { toBase64 } from './overlays-slice';

const url = 'http://127.0.0.1:4455/overlay/alerts?token=SECRETtokenSECRETtokenSECRETtokenSECRETtok';

function overlaysState(revision: number, extra: Partial<OverlaysState> = {}): OverlaysState {
  return {
    revision,
    server: { status: 'running', port: 4455, origin: 'http://127.0.0.1:4455', error: null, pagesBuilt: true },
    overlays: [{ key: 'alerts', kind: 'alerts', title: 'Alerts', url, pagesOpen: 1 }],
    alerts: { types: Object.fromEntries(alertKinds.map((k) => [k, defaultAlertType(k)])) as Record<AlertKind, AlertTypeSettings>, options: { gapMs: 1500, summaryAfter: 5, mutedRewardIds: [], quietRefollows: true } },
    goals: [],
    reducedMotion: false,
    pickedRedemptionId: null,
    chatOverlay: { hideOtherChannels: false, hideCommands: false, hideBot: false, fadeAfterSeconds: 0 },
    customCss: {},
    ...extra,
  };
}

function queueState(revision: number, waitingCount = 0): AlertQueueState {
  return { revision, showing: null, waiting: [], waitingCount, pausedByHand: false, adBreakEndsAt: null, pagesOpen: 1, dropped: [], last: null };
}

/** The store's fakes with the overlays' and the media library's channels. */
function setUp() {
  const fakes = fakeDeps({ copyFeedbackMs: 10 });
  const overlays = {
    getState: vi.fn(async () => ok(overlaysState(1))),
    getQueue: vi.fn(async () => ok(queueState(1))),
    addToObs: vi.fn(async (_arg: { key: string }) => ok({ sceneName: 'Gaming', inputName: 'Sidestage Alerts', updated: false })),
    setReducedMotion: vi.fn(async (_arg: { reducedMotion: boolean }) => ok(overlaysState(2, { reducedMotion: true }))),
    pauseAlerts: vi.fn(async () => ok({ ...queueState(3), pausedByHand: true })),
  };
  const media = {
    list: vi.fn(async (): Promise<ReturnType<typeof ok<MediaList>>> => ok({ items: [] })),
    add: vi.fn(async (_arg: { name: string; dataBase64: string }) => ok({ id: 'a'.repeat(32), name: 'x', kind: 'image' as const, contentType: 'image/png', bytes: 1 })),
    remove: vi.fn(async (_arg: { id: string }): Promise<ReturnType<typeof ok<MediaList>>> => ok({ items: [] })),
  };
  Object.assign(fakes.bridge, { overlays, media });
  return { ...fakes, overlays, media };
}

describe('overlays slice', () => {
  it('reads the overlays, the queue and the media at start and follows their events', async () => {
    const { deps, emit } = setUp();
    const store = createSidestageStore(deps);
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().overlays?.revision).toBe(1);
    expect(store.getState().alertQueue?.revision).toBe(1);
    expect(store.getState().media).toEqual({ items: [] });
    emit('overlays:queueChanged', queueState(5, 3));
    expect(store.getState().alertQueue?.waitingCount).toBe(3);
    emit('overlays:changed', overlaysState(4, { reducedMotion: true }));
    expect(store.getState().overlays?.reducedMotion).toBe(true);
    emit('media:changed', { items: [{ id: 'b'.repeat(32), name: 'ding', kind: 'sound', contentType: 'audio/ogg', bytes: 9 }] });
    expect(store.getState().media?.items).toHaveLength(1);
    stop();
  });

  it('drops an answer older than an event already shown (main numbers its states)', async () => {
    const { deps, overlays } = setUp();
    const store = createSidestageStore(deps);
    const answer = deferred<ReturnType<typeof ok<OverlaysState>>>();
    overlays.setReducedMotion.mockReturnValueOnce(answer.promise);
    const saving = store.getState().setOverlaysReducedMotion(true);
    store.getState().applyOverlays(overlaysState(7, { reducedMotion: false }));
    answer.resolve(ok(overlaysState(6, { reducedMotion: true })));
    await saving;
    expect(store.getState().overlays).toMatchObject({ revision: 7, reducedMotion: false });
  });

  it('drops a media list read before a media:changed event shown, and shows a removal’s list as the event is', async () => {
    const { deps, media } = setUp();
    const store = createSidestageStore(deps);
    const answer = deferred<ReturnType<typeof ok<MediaList>>>();
    media.list.mockReturnValueOnce(answer.promise);
    const loading = store.getState().loadMedia();
    const ding = { id: 'b'.repeat(32), name: 'ding', kind: 'sound' as const, contentType: 'audio/ogg', bytes: 9 };
    store.getState().applyMedia({ items: [ding] });
    answer.resolve(ok({ items: [] }));
    await loading;
    expect(store.getState().media?.items).toEqual([ding]);
    // The answer to a removal is the list after it: a read begun before it is not shown.
    const late = deferred<ReturnType<typeof ok<MediaList>>>();
    media.list.mockReturnValueOnce(late.promise);
    const reading = store.getState().loadMedia();
    await store.getState().removeMedia(ding.id);
    late.resolve(ok({ items: [ding] }));
    await reading;
    expect(store.getState().media?.items).toEqual([]);
  });

  it('copies the whole URL, token included, and says so for a moment', async () => {
    const { deps, writeClipboard } = setUp();
    const store = createSidestageStore(deps);
    store.getState().applyOverlays(overlaysState(1));
    await store.getState().copyOverlayUrl('alerts');
    expect(writeClipboard).toHaveBeenCalledWith(url);
    expect(store.getState().overlayCopied?.key).toBe('alerts');
    await vi.waitFor(() => expect(store.getState().overlayCopied).toBeNull());
  });

  it('says what Add to OBS did, or why not', async () => {
    const { deps, overlays } = setUp();
    const store = createSidestageStore(deps);
    await store.getState().addOverlayToObs('alerts');
    expect(store.getState().overlayNotice).toEqual({ key: 'alerts', text: 'Added “Sidestage Alerts” to the scene “Gaming” in OBS.' });
    overlays.addToObs.mockResolvedValueOnce(fail({ code: 'unavailable', message: 'This OBS has no Browser source.', status: 605 }));
    await store.getState().addOverlayToObs('alerts');
    expect(store.getState().actions['overlays.addToObs.alerts']?.error).toBe('This OBS has no Browser source.');
  });

  it('refuses a file over 5 MB before sending it, and sends a file’s bytes as base64', async () => {
    const { deps, media } = setUp();
    const store = createSidestageStore(deps);
    await store.getState().addMedia({ name: 'huge.gif', size: 6 * 1024 * 1024, arrayBuffer: async () => new ArrayBuffer(0) });
    expect(media.add).not.toHaveBeenCalled();
    expect(store.getState().actions['media.add']?.error).toMatch(/larger than 5 MB/);
    // A video may be up to 20 MB: 6 MB goes on to main (which reads the bytes), 21 MB does not.
    await store.getState().addMedia({ name: 'alert.webm', type: 'video/webm', size: 21 * 1024 * 1024, arrayBuffer: async () => new ArrayBuffer(0) });
    expect(media.add).not.toHaveBeenCalled();
    expect(store.getState().actions['media.add']?.error).toMatch(/larger than 20 MB/);
    await store.getState().addMedia({ name: 'alert.webm', type: 'video/webm', size: 6 * 1024 * 1024, arrayBuffer: async () => Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3]).buffer });
    expect(media.add).toHaveBeenCalledTimes(1);
    const bytes = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);
    await store.getState().addMedia({ name: 'tiny.gif', size: bytes.length, arrayBuffer: async () => bytes.buffer });
    expect(media.add).toHaveBeenLastCalledWith({ name: 'tiny.gif', dataBase64: 'R0lGODlh' });
  });

  it('encodes large files to base64 exactly, a slice at a time', () => {
    const bytes = Uint8Array.from({ length: 200_003 }, (_, i) => (i * 7) % 256);
    // atob is the inverse, with the browser's own decoder.
    const back = atob(toBase64(bytes));
    expect(back.length).toBe(bytes.length);
    expect([...back].every((c, i) => c.charCodeAt(0) === bytes[i])).toBe(true);
  });

  it('shows the queue’s controls’ answers', async () => {
    const { deps } = setUp();
    const store = createSidestageStore(deps);
    await store.getState().pauseAlerts();
    expect(store.getState().alertQueue?.pausedByHand).toBe(true);
  });
});

describe('overlays slice: the stream widgets', () => {
  const widgetsState = (label: string) => ({ settings: { ...defaultWidgetSettings, counter: { variable: null, label } }, timer: { elapsedMs: 0, runningSince: null }, variables: [] });

  it('reads the widgets at start, follows their events, and shows no answer older than an event', async () => {
    const { deps, emit, overlays } = setUp();
    const late = deferred<ReturnType<typeof ok<ReturnType<typeof widgetsState>>>>();
    Object.assign(overlays, {
      getWidgets: vi.fn(async () => ok(widgetsState('Start'))),
      setWidget: vi.fn(() => late.promise),
    });
    const store = createSidestageStore(deps);
    const stop = startMirroring(store, deps);
    await flush();
    expect(store.getState().widgets?.settings.counter.label).toBe('Start');
    const saving = store.getState().setWidget({ widget: 'counter', changes: { label: 'Asked' } });
    emit('overlays:widgetsChanged', widgetsState('Newer'));
    late.resolve(ok(widgetsState('Asked')));
    await saving;
    expect(store.getState().widgets?.settings.counter.label).toBe('Newer');
    stop();
  });
});
