import type { Disposer } from '../../shared/primitives/emitter';
import type { BannedAccountsService } from '../services/moderation/banned-accounts-service';
import type { IpcRouter } from './ipc-router';

/** `bannedAccounts:*`: the banned and timed-out accounts, unban by name; forwards `bannedAccounts:changed`. */
export function registerBannedAccountsIpc(router: IpcRouter, banned: Pick<BannedAccountsService, 'getState' | 'refresh' | 'unbanByName' | 'onChange'>): Disposer {
  router.handle('bannedAccounts:getState', () => banned.getState());
  router.handle('bannedAccounts:refresh', () => banned.refresh());
  router.handle('bannedAccounts:unban', ({ login }) => banned.unbanByName(login));
  return banned.onChange((state) => router.emit('bannedAccounts:changed', state));
}
