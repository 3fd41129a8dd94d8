/**
 * Overlays in the store: their links and settings (`overlays:changed`), the alert queue
 * (`overlays:queueChanged`) and the media library (`media:changed`). Main numbers the overlays' and
 * the queue's states (`revision`), so an answer older than an event already shown is dropped
 * (`epochs.numbered`); the media library's answers follow the order they come in (`epochs.ask`).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AlertQueueState, MediaList, OverlaysState, SpeechState, WidgetsState } from '../../../shared/ipc/contract';
import { MAX_MEDIA_BYTES, MAX_VIDEO_BYTES } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { OverlaysSlice } from './slice-types/overlays';

/** How long "Copied" shows. */
const copiedMs = 2_000;

/** Bytes as base64, a slice at a time (one `String.fromCharCode` of 5 MB would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function createOverlaysSlice({ set, get, deps, run, epochs }: SliceContext): OverlaysSlice {
  const { bridge } = deps;
  let copySeq = 0;

  const showOverlays = epochs.numbered(() => get().overlays, (overlays: OverlaysState) => set({ overlays }));
  const showQueue = epochs.numbered(() => get().alertQueue, (alertQueue: AlertQueueState) => set({ alertQueue }));
  // The media library carries no number: a list read before a media:changed event shown is not shown.
  const showMedia = (media: MediaList) => set({ media });
  // Speech carries no number either: an answer older than a speechChanged event shown is not shown.
  const showSpeech = (speech: SpeechState) => set({ speech });
  const speechAction = (request: () => ReturnType<typeof bridge.overlays.getSpeech>) => run('overlays.speech', async () => void (await epochs.ask('speech', request, showSpeech)));
  // The widgets' state carries no number either: answers and events in the order they come.
  const showWidgets = (widgets: WidgetsState) => set({ widgets });
  const widgetsAction = (request: () => ReturnType<typeof bridge.overlays.getWidgets>) => run('overlays.widgets', async () => void (await epochs.ask('widgets', request, showWidgets)));
  const queueAction = (request: () => ReturnType<typeof bridge.overlays.getQueue>) => run('overlays.queue', async () => showQueue(await call(request())));

  return {
    overlays: null,
    alertQueue: null,
    media: null,
    speech: null,
    widgets: null,
    overlayCopied: null,
    overlayNotice: null,
    loadOverlays: () => run('overlays.load', async () => showOverlays(await call(bridge.overlays.getState()))),
    loadAlertQueue: () => run('overlays.queue', async () => showQueue(await call(bridge.overlays.getQueue()))),
    loadMedia: () =>
      run('media.load', async () => {
        await epochs.ask('media', () => bridge.media.list(), showMedia);
      }),
    loadSpeech: () => speechAction(() => bridge.overlays.getSpeech()),
    setSpeech: (changes) => speechAction(() => bridge.overlays.setSpeech(changes)),
    skipSpeech: () => speechAction(() => bridge.overlays.skipSpeech()),
    loadWidgets: () => widgetsAction(() => bridge.overlays.getWidgets()),
    setWidget: (arg) => widgetsAction(() => bridge.overlays.setWidget(arg)),
    widgetTimer: (action) => widgetsAction(() => bridge.overlays.widgetTimer({ action })),
    setAlertType: (kind, changes) => run(`overlays.alert.${kind}`, async () => showOverlays(await call(bridge.overlays.setAlertType({ kind, changes })))),
    setAlertOptions: (changes) => run('overlays.options', async () => showOverlays(await call(bridge.overlays.setAlertOptions(changes)))),
    setOverlaysReducedMotion: (reducedMotion) => run('overlays.reducedMotion', async () => showOverlays(await call(bridge.overlays.setReducedMotion({ reducedMotion })))),
    setChatOverlayOptions: (changes) => run('overlays.chatOptions', async () => showOverlays(await call(bridge.overlays.setChatOptions(changes)))),
    setOverlayCustomCss: (key, css) => run(`overlays.css.${key}`, async () => showOverlays(await call(bridge.overlays.setCustomCss({ key, css })))),
    setOverlayPort: (port) => run('overlays.port', async () => showOverlays(await call(bridge.overlays.setPort({ port })))),
    saveGoal: (goal) => run(`overlays.goal.${goal.id ?? 'new'}`, async () => showOverlays(await call(bridge.overlays.saveGoal(goal)))),
    removeGoal: (id) => run(`overlays.goal.${id}`, async () => showOverlays(await call(bridge.overlays.removeGoal({ id })))),
    adjustGoal: (id, current) => run(`overlays.goal.${id}`, async () => showOverlays(await call(bridge.overlays.adjustGoal({ id, current })))),
    copyOverlayUrl: (key) =>
      run(`overlays.copy.${key}`, async () => {
        const url = get().overlays?.overlays.find((o) => o.key === key)?.url;
        if (!url) throw new Error('The overlay server is not running, so this overlay has no URL yet.');
        try {
          await deps.writeClipboard(url);
        } catch (error) {
          throw new Error(`Could not write to the clipboard: ${error instanceof Error && error.message ? error.message : 'permission denied'}`);
        }
        const seq = ++copySeq;
        set({ overlayCopied: { key, seq } });
        setTimeout(() => {
          if (get().overlayCopied?.seq === seq) set({ overlayCopied: null });
        }, deps.copyFeedbackMs ?? copiedMs);
      }),
    addOverlayToObs: (key) =>
      run(`overlays.addToObs.${key}`, async () => {
        set({ overlayNotice: null });
        const added = await call(bridge.overlays.addToObs({ key }));
        set({ overlayNotice: { key, text: added.updated ? `“${added.inputName}” in OBS now shows this overlay’s current URL.` : `Added “${added.inputName}” to the scene “${added.sceneName}” in OBS.` } });
      }),
    resetOverlayLink: (key) => run(`overlays.resetLink.${key}`, async () => showOverlays(await call(bridge.overlays.resetLink({ key })))),
    pickRedemptionOnScreen: (redemptionId) => run('overlays.redemption', async () => showOverlays(await call(bridge.overlays.pickRedemption({ redemptionId })))),
    pauseAlerts: () => queueAction(() => bridge.overlays.pauseAlerts()),
    resumeAlerts: () => queueAction(() => bridge.overlays.resumeAlerts()),
    skipAlert: () => queueAction(() => bridge.overlays.skipAlert()),
    replayAlert: () => queueAction(() => bridge.overlays.replayAlert()),
    testAlert: (kind) =>
      run('overlays.test', async () => {
        set({ overlayNotice: null });
        const { message } = await call(bridge.overlays.testAlert({ kind }));
        set({ overlayNotice: { key: 'test', text: message } });
      }),
    addMedia: (file) =>
      run('media.add', async () => {
        // Main reads the bytes and holds each kind to its own limit; a video's is the largest.
        const limit = file.type?.startsWith('video/') ? MAX_VIDEO_BYTES : MAX_MEDIA_BYTES;
        if (file.size > limit) throw new Error(`“${file.name}” is larger than ${limit / 1024 / 1024} MB: choose a smaller one.`);
        const data = new Uint8Array(await file.arrayBuffer());
        await call(bridge.media.add({ name: file.name.slice(0, 120) || 'Untitled', dataBase64: toBase64(data) }));
      }),
    // The list after the removal is shown as an event is: a list read before it is not shown.
    removeMedia: (id) => run(`media.remove.${id}`, async () => get().applyMedia(await call(bridge.media.remove({ id })))),
    applyOverlays: showOverlays,
    applyAlertQueue: showQueue,
    applySpeech: (speech) => {
      epochs.tick('speech');
      showSpeech(speech);
    },
    applyWidgets: (widgets) => {
      epochs.tick('widgets');
      showWidgets(widgets);
    },
    applyMedia: (list) => {
      epochs.tick('media');
      showMedia(list);
    },
  };
}

/** Follows the overlays, the queue and the media library, and reads them at start and whenever events may have been missed. */
export function mirrorOverlays(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'overlays:changed': (state, overlays) => state.applyOverlays(overlays),
      'overlays:queueChanged': (state, queue) => state.applyAlertQueue(queue),
      'media:changed': (state, list) => state.applyMedia(list),
      'overlays:speechChanged': (state, speech) => state.applySpeech(speech),
      'overlays:widgetsChanged': (state, widgets) => state.applyWidgets(widgets),
    },
    load: async (state) => {
      await Promise.all([state.loadOverlays(), state.loadAlertQueue(), state.loadMedia(), state.loadSpeech(), state.loadWidgets()]);
    },
  });
}
