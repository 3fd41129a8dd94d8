import type { StoreApi } from 'zustand/vanilla';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { AppSlice } from './slice-types/app';
import type { SidestageState, StoreDeps } from './types';

export function createAppSlice({ set, deps, run, epochs }: SliceContext): AppSlice {
  /** No event carries the app's info: an answer gives way to the answer of a call made later. */
  const ask = async (request: () => ReturnType<typeof deps.bridge.app.getInfo>) => {
    await epochs.ask('app', request, (appInfo) => set({ appInfo }));
  };
  return {
    appInfo: null,
    transport: deps.transport,
    connection: deps.connection.getState(),
    loadAppInfo: () => run('app.load', () => ask(() => deps.bridge.app.getInfo())),
    setPlatform: (clientId) => run('app.setPlatform', () => ask(() => deps.bridge.app.setPlatform({ clientId }))),
    setConnection: (connection) => set({ connection }),
  };
}

/**
 * The app's info has no event: it is read at start, and again on a resync only if it never came.
 * The connection's state is the dock bridge's own, followed here too.
 */
export function mirrorApp(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  const stop = mirrorDomain(store, deps, {
    events: {},
    load: (state) => (state.appInfo || state.actions['app.load']?.pending ? undefined : state.loadAppInfo()),
    also: [deps.connection.subscribe((connection) => store.getState().setConnection(connection))],
  });
  // The state may have moved between the store's creation and the subscription above.
  store.getState().setConnection(deps.connection.getState());
  return stop;
}
