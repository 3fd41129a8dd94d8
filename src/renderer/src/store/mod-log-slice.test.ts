import { describe, expect, it } from 'vitest';
import type { BannedAccountsState, ModLogState } from '../../../shared/ipc/contract';
import { fail, flush, ok, signedIn, signedOut, mirroredStore } from '../test-support/store-fakes';

const who = (id: string, name: string) => ({ id, login: name.toLowerCase(), name });
const log: ModLogState = {
  liveBroadcastId: 'b1',
  unavailable: null,
  entries: [{ id: 'e1', at: '2030-01-01T10:00:00Z', broadcasterId: '42', broadcastId: 'b1', moderator: who('7', 'ModMallory'), action: 'ban', user: who('9', 'PixelPal'), reason: 'spam', expiresAt: null, messageText: null, detail: '' }],
};
const banned: BannedAccountsState = { loaded: true, truncated: false, error: null, accounts: [{ user: who('9', 'PixelPal'), moderator: who('7', 'ModMallory'), reason: 'spam', createdAt: '2030-01-01T10:00:00Z', expiresAt: null, pending: false }] };

describe('mod log slice', () => {
  it('reads at sign-in, follows modLog:changed, and forgets it when signed out', async () => {
    const { store, bridge, emit } = mirroredStore();
    bridge.modLog.getState.mockResolvedValue(ok(log));
    store.getState().applyAuth(signedIn);
    await flush();
    expect(store.getState().modLog!.entries.map((e) => e.id)).toEqual(['e1']);
    emit('modLog:changed', { ...log, entries: [] });
    expect(store.getState().modLog!.entries).toEqual([]);
    store.getState().applyAuth(signedOut);
    await flush();
    expect(store.getState().modLog).toBeNull();
  });
});

describe('banned accounts slice', () => {
  it('reads at sign-in and follows bannedAccounts:changed', async () => {
    const { store, bridge, emit } = mirroredStore();
    bridge.bannedAccounts.getState.mockResolvedValue(ok(banned));
    store.getState().applyAuth(signedIn);
    await flush();
    expect(store.getState().bannedAccounts!.accounts).toHaveLength(1);
    emit('bannedAccounts:changed', { ...banned, accounts: [] });
    expect(store.getState().bannedAccounts!.accounts).toEqual([]);
  });

  it('unbans by name and says whether it did, the refusal in words', async () => {
    const { store, bridge } = mirroredStore();
    store.getState().applyAuth(signedIn);
    await flush();
    bridge.bannedAccounts.unban.mockResolvedValueOnce(ok({ message: 'PixelPal is unbanned and may chat again.' }));
    await expect(store.getState().unbanByName('pixelpal')).resolves.toBe(true);
    expect(bridge.bannedAccounts.unban).toHaveBeenLastCalledWith({ login: 'pixelpal' });
    expect(store.getState().bannedNotice).toBe('PixelPal is unbanned and may chat again.');
    bridge.bannedAccounts.unban.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'Not unbanned: no account is named “ghost”.' }));
    await expect(store.getState().unbanByName('ghost')).resolves.toBe(false);
    expect(store.getState().actions['bannedAccounts.unban']!.error).toBe('Not unbanned: no account is named “ghost”.');
  });
});
