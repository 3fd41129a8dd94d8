/** The banned-accounts slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { BannedAccountsState } from '../../../../shared/ipc/contract';

export type BannedAccountsActionId = 'bannedAccounts.load' | 'bannedAccounts.refresh' | 'bannedAccounts.unban';

export interface BannedAccountsSlice {
  bannedAccounts: BannedAccountsState | null;
  bannedNotice: string | null;
  loadBannedAccounts(): Promise<void>;
  refreshBannedAccounts(): Promise<void>;
  /** True when unbanned: the name field is cleared then, kept otherwise. */
  unbanByName(login: string): Promise<boolean>;
  applyBannedAccounts(state: BannedAccountsState): void;
}
