import type { Disposer } from '../../shared/primitives/emitter';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { IpcRouter } from './ipc-router';

/** `data:*`: damaged-file notices, read and dismissed; forwards `data:changed`. */
export function registerDataIpc(router: IpcRouter, notices: DataRecoveryNotices): Disposer {
  router.handle('data:getNotices', () => notices.list());
  router.handle('data:dismissNotice', ({ id }) => notices.dismiss(id));
  return notices.onChange((list) => router.emit('data:changed', list));
}
