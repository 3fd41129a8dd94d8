/**
 * The Broadcasts panel in the store: the list of recorded broadcasts (main's, followed through
 * `broadcastStory:changed`) and the story of the one shown, read when it is picked and again while
 * it is the live one. `broadcastStory:ended` shows the panel on the broadcast that just ended.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { BroadcastStory, BroadcastSummary } from '../../../shared/ipc/contract';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import { selectCurrentBroadcaster } from './selectors';
import type { BroadcastStorySlice } from './slice-types/broadcast-story';
import type { SidestageState, StoreDeps } from './types';

export const broadcastsPanelId = 'broadcasts';

export function createBroadcastStorySlice({ set, get, deps, run, epochs }: SliceContext): BroadcastStorySlice {
  const readShown = () => {
    const id = selectShownBroadcastId(get());
    if (!id) return Promise.resolve();
    return run('broadcastStory.get', async () => {
      const result = await deps.bridge.broadcastStory.get({ id });
      if (!result.ok) throw new Error(result.error.message);
      // An answer for a broadcast no longer shown is dropped.
      if (selectShownBroadcastId(get()) === id) set({ shownBroadcast: result.value });
    });
  };
  return {
    broadcastStories: null,
    shownBroadcastId: null,
    shownBroadcast: null,
    loadBroadcastStories: () =>
      run('broadcastStory.load', async () => {
        await epochs.ask('broadcastStory', () => deps.bridge.broadcastStory.list(), (broadcastStories) => set({ broadcastStories }));
        await readShown();
      }),
    showBroadcast: (id) => {
      set({ shownBroadcastId: id, shownBroadcast: get().shownBroadcast?.id === id ? get().shownBroadcast : null });
      return readShown();
    },
    readShownBroadcast: () => (get().shownBroadcast?.id === selectShownBroadcastId(get()) ? Promise.resolve() : readShown()),
    readBroadcastStory: async (id) => {
      let story: BroadcastStory | null = null;
      await run('broadcastStory.readForExport', async () => {
        const result = await deps.bridge.broadcastStory.get({ id });
        if (!result.ok) throw new Error(result.error.message);
        story = result.value;
      });
      return story;
    },
    applyBroadcastStories: (broadcastStories) => {
      epochs.tick('broadcastStory');
      const before = get().shownBroadcast;
      set({ broadcastStories });
      const shown = selectShownBroadcastId(get());
      // The live one grows every minute; a newly ended one has its end; another one is read once.
      if (shown && (before?.id !== shown || before.endedAt === null)) void readShown();
    },
    openEndedBroadcast: (id) => {
      get().setActivePanel(broadcastsPanelId, 'auto');
      void get().showBroadcast(id);
    },
  };
}

type ListState = Pick<SidestageState, 'broadcastStories' | 'auth'>;

const ownBroadcasts = new WeakMap<BroadcastSummary[], { broadcasterId: string | null; own: BroadcastSummary[] }>();

/**
 * The broadcasts the list shows: the current broadcaster's (the one account rule,
 * `selectCurrentBroadcaster`), and those of unknown broadcaster (recorded before broadcasts were kept
 * per account, or with nobody signed in), which are shown to whoever is signed in rather than lost.
 * The same array while neither changes, so that a component may select it.
 */
export function selectOwnBroadcasts(state: ListState): BroadcastSummary[] {
  const all = state.broadcastStories?.broadcasts;
  if (!all) return noBroadcasts;
  const broadcasterId = selectCurrentBroadcaster(state)?.id ?? null;
  const cached = ownBroadcasts.get(all);
  if (cached && cached.broadcasterId === broadcasterId) return cached.own;
  const own = all.filter((b) => b.broadcasterId === undefined || b.broadcasterId === broadcasterId);
  ownBroadcasts.set(all, { broadcasterId, own });
  return own;
}
const noBroadcasts: BroadcastSummary[] = [];

/** The broadcast shown: the one picked while it is listed, else the newest (of the current broadcaster's). */
export function selectShownBroadcastId(state: ListState & Pick<SidestageState, 'shownBroadcastId'>): string | null {
  const list = selectOwnBroadcasts(state);
  if (state.shownBroadcastId && list.some((b) => b.id === state.shownBroadcastId)) return state.shownBroadcastId;
  return list[0]?.id ?? null;
}

/**
 * The recorded story of a marker log's broadcast, if any. Both are keyed by the platform's stream id
 * (the marker log keeps a broadcast only once it has one; the story's id is that id, `local-<start>`
 * only for a stream seen without one, which has no marker log), so they match by it.
 */
export function selectStoryOfMarkerLog(state: Pick<SidestageState, 'broadcastStories'>, streamId: string): BroadcastSummary | null {
  return state.broadcastStories?.broadcasts.find((b) => b.id === streamId) ?? null;
}

/** Follows broadcastStory:changed and :ended; reads the list at start and whenever events may have been missed. */
export function mirrorBroadcastStory(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'broadcastStory:changed': (state, list) => state.applyBroadcastStories(list),
      'broadcastStory:ended': (state, { id }) => state.openEndedBroadcast(id),
    },
    load: (state) => state.loadBroadcastStories(),
  });
}
