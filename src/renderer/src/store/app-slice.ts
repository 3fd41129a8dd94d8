import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import type { AppSlice } from './types';

export function createAppSlice({ set, deps, run }: SliceContext): AppSlice {
  return {
    appInfo: null,
    transport: deps.transport,
    connection: deps.connection.getState(),
    loadAppInfo: () =>
      run('app.load', async () => {
        const appInfo = await call(deps.bridge.app.getInfo());
        set({ appInfo });
      }),
    setPlatform: (clientId) =>
      run('app.setPlatform', async () => {
        const appInfo = await call(deps.bridge.app.setPlatform({ clientId }));
        set({ appInfo });
      }),
    setConnection: (connection) => set({ connection }),
  };
}
