import type { SliceContext } from './action-runner';
import type { AppSlice } from './types';

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
