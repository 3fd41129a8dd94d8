import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { IpcRouter } from './ipc-router';

/** Damaged-file notices: read, dismiss, and `data:changed` when they change. Returns the disposer. */
export function registerDataHandlers(router: IpcRouter, notices: DataRecoveryNotices): () => void {
  router.handle('data:getNotices', () => notices.list());
  router.handle('data:dismissNotice', ({ id }) => notices.dismiss(id));
  return notices.onChange((list) => router.emit('data:changed', list));
}
