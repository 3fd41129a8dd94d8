/**
 * Live controls in the store: stream status, markers, chat settings, ads and the
 * channel's info. Main is the source of truth; this mirrors it through events and call results.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AdsState, IpcResult, StreamStatus } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { LiveSlice } from './slice-types/live';

export function createLiveSlice({ set, get, deps, run, epochs }: SliceContext): LiveSlice {
  const { bridge } = deps;
  // Stream status and ads carry no revision: their answers give way to a later event.
  // Channel info and the tray settings have no event: an answer gives way to a later call's answer.
  const showStream = (status: StreamStatus) => set({ streamStatus: status });
  const showAds = (state: AdsState) => set({ ads: state });
  // A later change that worked makes an older chat-settings failure untrue: its banner goes.
  const chatChanges = ['chatSettings.update', 'chatSettings.preset', 'chatSettings.cancelRevert', 'chatSettings.revertNow'] as const;
  const runChat = (id: (typeof chatChanges)[number], attempt: () => Promise<void>) =>
    run(id, async (isLatest) => {
      await attempt();
      if (!isLatest()) return;
      set((state) => {
        const actions = { ...state.actions };
        for (const other of chatChanges) if (other !== id && actions[other]?.error) actions[other] = { ...actions[other], error: null };
        return { actions };
      });
    });
  const ask = async <T>(domain: 'stream' | 'ads' | 'channelInfo' | 'tray' | 'events', request: () => Promise<IpcResult<T>>, show: (value: T) => void) => {
    await epochs.ask(domain, request, show);
  };
  return {
    streamStatus: null,
    markers: null,
    chatSettings: null,
    ads: null,
    channelInfo: null,
    categoryResults: [],
    traySettings: null,
    eventSub: null,

    loadLive: async () => {
      await Promise.all([
        run('stream.load', () => ask('stream', () => bridge.stream.getStatus(), showStream)),
        run('markers.load', async () => get().applyMarkers(await call(bridge.markers.getOverview()))),
        get().loadHotkeys(),
        run('chatSettings.load', async () => get().applyChatSettings(await call(bridge.chatSettings.get()))),
        run('ads.load', () => ask('ads', () => bridge.ads.getState(), showAds)),
        get().loadChannelInfo(),
        run('events.load', () => ask('events', () => bridge.events.getStatus(), (eventSub) => set({ eventSub }))),
      ]);
    },

    refreshStream: () => run('stream.refresh', () => ask('stream', () => bridge.stream.refresh(), showStream)),

    dropMarker: (description, noteRequestId) =>
      run('markers.drop', async () => {
        const arg = description || noteRequestId ? { ...(description ? { description } : {}), ...(noteRequestId ? { noteRequestId } : {}) } : undefined;
        get().applyMarkers(await call(bridge.markers.drop(arg)));
      }),

    refreshMarkers: () => run('markers.refreshApi', async () => get().applyMarkers(await call(bridge.markers.refreshApi()))),

    setMarkerTemplate: (template) =>
      run('markers.setTemplate', async () => get().applyMarkers(await call(bridge.markers.setDescriptionTemplate({ template })))),

    updateChatSettings: (changes) =>
      runChat('chatSettings.update', async () => {
        // Shown at once; main answers with the platform's values or the reason it refused.
        const before = get().chatSettings;
        if (before?.values) set({ chatSettings: { ...before, pending: true, values: { ...before.values, ...changes } } });
        try {
          get().applyChatSettings(await call(bridge.chatSettings.update(changes)));
        } catch (error) {
          // Main rolls back and says so in an event; a call that never reached main rolls back here.
          const now = get().chatSettings;
          if (before && now?.pending) set({ chatSettings: before });
          throw error;
        }
      }),

    applyChatPreset: (presetId) =>
      runChat('chatSettings.preset', async () => get().applyChatSettings(await call(bridge.chatSettings.applyPreset({ presetId })))),

    cancelChatRevert: () => runChat('chatSettings.cancelRevert', async () => get().applyChatSettings(await call(bridge.chatSettings.cancelRevert()))),

    revertChatNow: () => runChat('chatSettings.revertNow', async () => get().applyChatSettings(await call(bridge.chatSettings.revertNow()))),

    runAd: (length) => run('ads.run', () => ask('ads', () => bridge.ads.run({ length }), showAds)),

    loadChannelInfo: () => run('channel.load', () => ask('channelInfo', () => bridge.channel.getInfo(), (channelInfo) => set({ channelInfo }))),

    updateChannelInfo: (changes) => run('channel.update', () => ask('channelInfo', () => bridge.channel.updateInfo(changes), (channelInfo) => set({ channelInfo }))),

    searchCategories: (query) =>
      run('channel.search', async (isLatest) => {
        const q = query.trim();
        const results = q ? await call(bridge.channel.searchCategories({ query: q })) : [];
        // Typing fast starts many searches; only the newest one's answer is shown.
        if (isLatest()) set({ categoryResults: results });
      }),

    loadTraySettings: () => run('tray.load', () => ask('tray', () => bridge.tray.getSettings(), (traySettings) => set({ traySettings }))),

    setCloseToTray: (closeToTray) => run('tray.set', () => ask('tray', () => bridge.tray.setSettings({ closeToTray }), (traySettings) => set({ traySettings }))),

    applyStreamStatus: (status) => {
      epochs.tick('stream');
      showStream(status);
      // The channel info is the one fact for title and category. A poll of the stream that saw
      // other ones means the channel changed unseen (an event missed): read it again.
      const info = get().channelInfo;
      if (info && status.checkedAt && (status.title !== info.title || status.categoryId !== info.categoryId)) void get().loadChannelInfo();
    },
    // Over the dock a call's answer can arrive after an event sent later: the newer revision wins.
    applyMarkers: epochs.numbered(() => get().markers, (markers) => set({ markers })),
    // The optimistic copy shown during a change carries main's last revision: main's answer replaces it.
    applyChatSettings: epochs.numbered(() => get().chatSettings, (chatSettings) => set({ chatSettings })),
    applyAds: (state) => {
      epochs.tick('ads');
      showAds(state);
    },
    applyChannelInfo: (channelInfo) => {
      epochs.tick('channelInfo');
      set({ channelInfo });
    },
    applyEventSub: (eventSub) => {
      epochs.tick('events');
      set({ eventSub });
    },
  };
}

/**
 * Keeps live controls in step with main: the current broadcaster's stream, markers, chat settings,
 * ads and channel, and main's EventSub session. Returns the function that stops it.
 */
export function mirrorLive(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'stream:changed': (state, status) => state.applyStreamStatus(status),
      'markers:changed': (state, overview) => state.applyMarkers(overview),
      'chatSettings:changed': (state, chatSettings) => state.applyChatSettings(chatSettings),
      'ads:changed': (state, ads) => state.applyAds(ads),
      'channel:changed': (state, info) => state.applyChannelInfo(info),
      'events:changed': (state, eventSub) => state.applyEventSub(eventSub),
    },
    load: (state) => state.loadLive(),
    account: {
      clear: () => store.setState({ streamStatus: null, markers: null, chatSettings: null, ads: null, channelInfo: null, categoryResults: [] }),
    },
    also: [
      store.subscribe((state, previous) => {
        // The note shortcut was pressed: the Live panel has the note field.
        const request = state.markers?.noteRequest;
        if (request && request.id !== previous.markers?.noteRequest?.id) state.setActivePanel('live');
      }),
    ],
  });
}
