import type { Disposer } from '../../shared/primitives/emitter';
import type { StreamStatusService } from '../services/stream-status/stream-status-service';
import type { IpcRouter } from './ipc-router';

/** `stream:*`: live or offline, uptime, viewers, title, category; forwards `stream:changed`. */
export function registerStreamIpc(router: IpcRouter, stream: StreamStatusService): Disposer {
  router.handle('stream:getStatus', () => stream.getStatus());
  router.handle('stream:refresh', () => stream.refresh());
  return stream.onChange((status) => router.emit('stream:changed', status));
}
