import type { AppInfo } from '../../shared/ipc/contract';
import type { IpcRouter } from './ipc-router';

export function registerAppHandlers(router: IpcRouter, app: { info(): AppInfo }): void {
  router.handle('app:getInfo', () => app.info());
}
