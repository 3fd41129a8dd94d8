import type { AppInfo } from '../../shared/ipc/contract';
import type { IpcRouter } from './ipc-router';

export interface AppControls {
  info(): AppInfo;
  /** Saves the client ID for the next start (null: the demo) and answers the new info. */
  setPlatform(clientId: string | null): AppInfo;
}

export function registerAppHandlers(router: IpcRouter, app: AppControls): void {
  router.handle('app:getInfo', () => app.info());
  router.handle('app:setPlatform', ({ clientId }) => app.setPlatform(clientId));
}
