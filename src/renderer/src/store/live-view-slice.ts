/**
 * The Live view as the broadcaster arranged it (its tiles, chat and activity, the tiles' choices).
 * Main keeps it, so the window and every dock agree; this mirrors its event and shows a change at
 * once, rolled back when main refuses it.
 */
import type { StoreApi } from 'zustand/vanilla';
import { defaultLiveView, type LiveView } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { LiveViewSlice } from './slice-types/live-view';

export function createLiveViewSlice({ set, deps, run, epochs }: SliceContext): LiveViewSlice {
  // Main's arrangement as last heard (an answer or an event), and the changes sent and not answered
  // yet, in the order made: what shows is main's with those on top, so that main's word on an earlier
  // change (a quick second tick in Arrange) never hides a later one still on its way.
  let confirmed: LiveView | null = null;
  const unanswered: Partial<LiveView>[] = [];
  const show = () =>
    set({ liveView: confirmed === null && unanswered.length === 0 ? null : unanswered.reduce<LiveView>((view, changes) => ({ ...view, ...changes }), confirmed ?? defaultLiveView) });
  const confirm = (liveView: LiveView) => {
    confirmed = liveView;
    show();
  };
  return {
    liveView: null,
    loadLiveView: () =>
      run('liveView.load', async () => {
        await epochs.ask('liveView', () => deps.bridge.liveView.get(), confirm);
      }),
    changeLiveView: (changes) =>
      run('liveView.save', async () => {
        const sent = { ...changes };
        unanswered.push(sent);
        show();
        try {
          await epochs.ask('liveView', () => deps.bridge.liveView.set(changes), (liveView) => (confirmed = liveView));
        } finally {
          // Answered or refused, it is no longer on top: a refused change is gone, an answered one is main's.
          unanswered.splice(unanswered.indexOf(sent), 1);
          show();
        }
      }),
    applyLiveView: (liveView) => {
      epochs.tick('liveView');
      confirm(liveView);
    },
  };
}

/** The arrangement in use: main's, or the default until main answered. */
export function selectLiveView(state: Pick<SidestageState, 'liveView'>): LiveView {
  return state.liveView ?? defaultLiveView;
}

/** Follows liveView:changed, and reads the arrangement at start and whenever events may have been missed. */
export function mirrorLiveView(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, { events: { 'liveView:changed': (state, view) => state.applyLiveView(view) }, load: (state) => state.loadLiveView() });
}
