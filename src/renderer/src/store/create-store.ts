import { createStore, type StoreApi } from 'zustand/vanilla';
import { createActionRunner } from './action-runner';
import { createAppSlice } from './app-slice';
import { createAuthSlice } from './auth-slice';
import { createIngestSlice } from './ingest-slice';
import type { SidestageState, StoreDeps } from './types';
import { createUiSlice } from './ui-slice';

export type SidestageStore = StoreApi<SidestageState>;

/** One store of slices. Main is the source of truth; the store mirrors it. */
export function createSidestageStore(deps: StoreDeps): SidestageStore {
  return createStore<SidestageState>()((set, get) => {
    const { run, retry } = createActionRunner(set);
    const context = { set, get, deps, run };
    return {
      ...createAppSlice(context),
      ...createAuthSlice(context),
      ...createIngestSlice(context),
      ...createUiSlice(context, retry),
    };
  });
}

/**
 * Loads the first state and keeps the store in step with main: events, connection state, and a
 * full re-read whenever the event stream (re)opens. Returns the function that stops it.
 */
export function startMirroring(store: SidestageStore, deps: StoreDeps): () => void {
  const actions = store.getState();
  const stops = [
    deps.bridge.on('auth:changed', (state) => store.getState().applyAuth(state)),
    deps.bridge.on('ingest:changed', (overview) => store.getState().applyIngest(overview)),
    deps.connection.subscribe((state) => store.getState().setConnection(state)),
    deps.connection.onResync(() => void resync(store)),
  ];
  // The state may have moved between the store's creation and the subscription above.
  actions.setConnection(deps.connection.getState());
  void actions.loadAppInfo();
  void actions.loadAuth();
  return () => {
    for (const stop of stops) stop();
  };
}

/** Re-reads what events may have missed. */
export async function resync(store: SidestageStore): Promise<void> {
  const state = store.getState();
  const work: Promise<void>[] = [state.loadAuth()];
  if (!state.appInfo && !state.actions['app.load']?.pending) work.push(state.loadAppInfo());
  // applyAuth loads the overview on a change to signed in; an unchanged sign-in needs it here.
  if (state.auth?.status === 'signedIn') work.push(state.loadIngest());
  await Promise.all(work);
}
