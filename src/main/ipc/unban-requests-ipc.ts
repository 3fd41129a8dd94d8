import type { Disposer } from '../../shared/primitives/emitter';
import type { UnbanRequestsService } from '../services/moderation/unban-requests-service';
import type { IpcRouter } from './ipc-router';

/** `unbanRequests:*`: the pending requests, approve or deny with a note; forwards `unbanRequests:changed`. */
export function registerUnbanRequestsIpc(router: IpcRouter, requests: Pick<UnbanRequestsService, 'getState' | 'refresh' | 'resolve' | 'onChange'>): Disposer {
  router.handle('unbanRequests:getState', () => requests.getState());
  router.handle('unbanRequests:refresh', () => requests.refresh());
  router.handle('unbanRequests:resolve', ({ requestId, status, note }) => requests.resolve(requestId, status, note));
  return requests.onChange((state) => router.emit('unbanRequests:changed', state));
}
