/**
 * The Live view's quick actions in the store: clips, the ad schedule and
 * snooze (the ads state itself is the live slice's), polls and predictions with their templates,
 * raids and shoutouts. Main is the source of truth: each domain's event replaces its state, and a
 * call's answer is shown only when no newer event or answer of its domain was (event-epochs.ts).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AdsState, ClipsState, EngagementState, IpcResult, RaidState } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { QuickActionsSlice } from './slice-types/quick-actions';

export function createQuickActionsSlice({ set, deps, run, epochs }: SliceContext): QuickActionsSlice {
  const { bridge } = deps;
  const ask = async <T>(domain: 'clips' | 'polls' | 'raids' | 'ads', request: () => Promise<IpcResult<T>>, show: (value: T) => void) => {
    await epochs.ask(domain, request, show);
  };
  const showClips = (clips: ClipsState) => set({ clips });
  const showEngagement = (engagement: EngagementState) => set({ engagement });
  const showRaids = (raids: RaidState) => set({ raids });
  const showAds = (ads: AdsState) => set({ ads });
  return {
    clips: null,
    engagement: null,
    raids: null,
    followedChannels: null,

    loadQuickActions: async () => {
      await Promise.all([
        run('clips.load', () => ask('clips', () => bridge.clips.getState(), showClips)),
        run('polls.load', () => ask('polls', () => bridge.polls.getState(), showEngagement)),
        run('raids.load', () => ask('raids', () => bridge.raids.getState(), showRaids)),
      ]);
    },

    createClip: () => run('clips.create', () => ask('clips', () => bridge.clips.create(), showClips)),

    refreshAdSchedule: () => run('ads.schedule', () => ask('ads', () => bridge.ads.refreshSchedule(), showAds)),
    snoozeAd: () => run('ads.snooze', () => ask('ads', () => bridge.ads.snooze(), showAds)),

    saveTemplate: (template) => run('polls.saveTemplate', () => ask('polls', () => bridge.polls.saveTemplate(template), showEngagement)),
    deleteTemplate: (id) => run('polls.deleteTemplate', () => ask('polls', () => bridge.polls.deleteTemplate({ id }), showEngagement)),
    startEngagement: (templateId) => run('polls.start', () => ask('polls', () => bridge.polls.start({ templateId }), showEngagement)),
    endPoll: () => run('polls.end', () => ask('polls', () => bridge.polls.endPoll(), showEngagement)),
    lockPrediction: () => run('polls.lock', () => ask('polls', () => bridge.polls.lockPrediction(), showEngagement)),
    resolvePrediction: (outcomeId) => run('polls.resolve', () => ask('polls', () => bridge.polls.resolvePrediction({ outcomeId }), showEngagement)),
    cancelPrediction: () => run('polls.cancel', () => ask('polls', () => bridge.polls.cancelPrediction(), showEngagement)),

    searchFollowed: (query, fresh = false) =>
      run('raids.search', async (isLatest) => {
        const channels = await call(bridge.raids.searchFollowed(fresh ? { query, fresh } : { query }));
        // Typing fires searches in a row: only the newest one's answer is shown.
        if (isLatest()) set({ followedChannels: channels });
      }),
    startRaid: (channelId) => run('raids.start', () => ask('raids', () => bridge.raids.start({ channelId }), showRaids)),
    cancelRaid: () => run('raids.cancel', () => ask('raids', () => bridge.raids.cancel(), showRaids)),
    sendShoutout: (login) => run('raids.shoutout', () => ask('raids', () => bridge.raids.shoutout({ login }), showRaids)),

    applyClips: (state) => {
      epochs.tick('clips');
      showClips(state);
    },
    applyEngagement: (state) => {
      epochs.tick('polls');
      showEngagement(state);
    },
    applyRaids: (state) => {
      epochs.tick('raids');
      showRaids(state);
    },
  };
}

/** Clips, polls and predictions, raids: the current broadcaster's, read once their API can be called. */
export function mirrorQuickActions(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'clips:changed': (state, clips) => state.applyClips(clips),
      'polls:changed': (state, engagement) => state.applyEngagement(engagement),
      'raids:changed': (state, raids) => state.applyRaids(raids),
    },
    load: (state) => state.loadQuickActions(),
    account: { clear: () => store.setState({ clips: null, engagement: null, raids: null, followedChannels: null }) },
  });
}
