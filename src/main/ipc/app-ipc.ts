import type { AppInfo } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import type { IpcRouter } from './ipc-router';

export interface AppControls {
  info(): AppInfo;
  /** Saves the client ID for the next start (null: the demo) and answers the new info. */
  setPlatform(clientId: string | null): AppInfo;
}

/** `app:*`: version, mode and the platform choice. No events: the info changes only by these calls. */
export function registerAppIpc(router: IpcRouter, app: AppControls): Disposer {
  router.handle('app:getInfo', () => app.info());
  router.handle('app:setPlatform', ({ clientId }) => app.setPlatform(clientId));
  return () => {};
}
