import { describe, expect, it } from 'vitest';
import type { BannedAccount, ModLogEntry, ModLogState } from '../../../../shared/ipc/contract';
import { describeModLogEntry, filterModLog, modLogAbout, modLogChoices, noModLogFilter, searchBanned } from './mod-log-model';

const who = (id: string, name: string) => ({ id, login: name.toLowerCase(), name });
const entry = (id: string, action: string, fields: Partial<ModLogEntry> = {}): ModLogEntry => ({
  id,
  at: '2030-01-01T10:00:00Z',
  broadcasterId: '42',
  broadcastId: 'b1',
  moderator: who('7', 'ModMallory'),
  action,
  user: who('9', 'PixelPal'),
  reason: '',
  expiresAt: null,
  messageText: null,
  detail: '',
  ...fields,
});
const state: ModLogState = {
  liveBroadcastId: 'b2',
  unavailable: null,
  entries: [
    entry('4', 'slow', { user: null, detail: '30 s between messages', broadcastId: 'b2' }),
    entry('3', 'timeout', { moderator: who('42', 'Me'), user: who('5', 'LurkingLuna'), expiresAt: '2030-01-01T10:10:00Z', broadcastId: 'b2' }),
    entry('2', 'delete', { messageText: 'buy followers' }),
    entry('1', 'ban', { reason: 'spam' }),
  ],
};

describe('the mod log model', () => {
  it('filters by action, moderator, target (name or @login) and this broadcast', () => {
    const ids = (f: Partial<typeof noModLogFilter>) => filterModLog(state, { ...noModLogFilter, ...f }).map((e) => e.id);
    expect(ids({})).toEqual(['4', '3', '2', '1']);
    expect(ids({ action: 'ban' })).toEqual(['1']);
    expect(ids({ moderatorId: '42' })).toEqual(['3']);
    expect(ids({ target: '@pixel' })).toEqual(['2', '1']);
    expect(ids({ thisBroadcast: true })).toEqual(['4', '3']);
    expect(filterModLog({ ...state, liveBroadcastId: null }, { ...noModLogFilter, thisBroadcast: true })).toEqual([]);
  });

  it("offers the actions and moderators seen, and says each entry in words", () => {
    expect(modLogChoices(state)).toEqual({ actions: ['ban', 'delete', 'slow', 'timeout'], moderators: [who('42', 'Me'), who('7', 'ModMallory')].map(({ id, name }) => ({ id, name })) });
    expect(state.entries.map(describeModLogEntry)).toEqual([
      'ModMallory turned slow mode on (30 s between messages)',
      'Me timed out LurkingLuna for 10 min',
      'ModMallory deleted a message from PixelPal (“buy followers”)',
      'ModMallory banned PixelPal: spam',
    ]);
  });

  it("lists a viewer's entries for their card", () => {
    expect(modLogAbout(state, '9').map((e) => e.id)).toEqual(['2', '1']);
    expect(modLogAbout(null, '9')).toEqual([]);
  });

  it('searches banned accounts by name or login and leaves out ended timeouts', () => {
    const ban = (id: string, name: string, expiresAt: string | null): BannedAccount => ({ user: who(id, name), moderator: null, reason: '', createdAt: '2030-01-01T09:00:00Z', expiresAt, pending: false });
    const accounts = [ban('1', 'PixelPal', null), ban('2', 'cozy_carrot', '2030-01-01T10:30:00Z'), ban('3', 'Gone', '2030-01-01T09:30:00Z')];
    const now = Date.parse('2030-01-01T10:00:00Z');
    expect(searchBanned(accounts, '', now).map((a) => a.user.id)).toEqual(['1', '2']);
    expect(searchBanned(accounts, '@COZY', now).map((a) => a.user.id)).toEqual(['2']);
  });
});
