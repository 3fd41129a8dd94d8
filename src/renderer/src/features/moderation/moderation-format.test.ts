import { describe, expect, it } from 'vitest';
import type { ShieldModeState, UnbanRequest } from '../../../../shared/ipc/contract';
import { describeHeldReason, describeResolution, describeSuggestion, formatDuration, formatShieldOn, recentMessagesOf } from './moderation-format';

const now = Date.parse('2030-01-01T10:05:00Z');

describe("a chatter's recent messages", () => {
  it('the last ones of that chatter, oldest first, at most the limit', () => {
    const line = (id: string, userId: string) => ({ id, userId }) as never;
    const chat = [line('a', '7'), line('b', '8'), line('c', '7'), line('d', '7'), line('e', '9')];
    expect(recentMessagesOf(chat, '7').map((m) => m.id)).toEqual(['a', 'c', 'd']);
    expect(recentMessagesOf(chat, '7', 2).map((m) => m.id)).toEqual(['c', 'd']);
    expect(recentMessagesOf(chat, 'nobody')).toEqual([]);
  });
});

describe('moderation words', () => {
  it('Shield Mode on: how long and by whom; nothing while off', () => {
    const on: ShieldModeState = { known: true, active: true, lastActivatedAt: '2030-01-01T10:01:48Z', by: { id: '7', login: 'maria', name: 'ModMaria' }, error: null, suggestion: null };
    expect(formatShieldOn(on, now)).toBe('Shield Mode on for 3:12, by ModMaria');
    expect(formatShieldOn({ ...on, lastActivatedAt: null, by: null }, now)).toBe('Shield Mode on');
    expect(formatShieldOn({ ...on, active: false }, now)).toBeNull();
    expect(describeSuggestion({ raider: { id: '9', login: 'r', name: 'Raider' }, newChatters: 14, withinSeconds: 30, at: '' })).toBe('A raid from Raider brought 14 first-time chatters in 30 s.');
  });

  it("why AutoMod held a message, in the broadcaster's words", () => {
    expect(describeHeldReason({ reason: 'automod', category: 'aggressive', level: 3, blockedTerms: [] })).toBe('AutoMod: aggression, level 3');
    expect(describeHeldReason({ reason: 'automod', category: 'new_thing', level: null, blockedTerms: [] })).toBe('AutoMod: new thing');
    expect(describeHeldReason({ reason: 'blockedTerm', category: null, level: null, blockedTerms: ['spoilers', 'ending'] })).toBe('Blocked term: spoilers, ending');
  });

  it('ages in the largest unit that reads well', () => {
    expect(formatDuration('2030-01-01T10:04:00Z', now)).toBe('1 minute');
    expect(formatDuration('2030-01-01T07:00:00Z', now)).toBe('3 hours');
    expect(formatDuration('2029-12-20T10:00:00Z', now)).toBe('12 days');
    expect(formatDuration('2029-06-01T10:00:00Z', now)).toBe('7 months');
    expect(formatDuration('2026-12-01T10:00:00Z', now)).toBe('3 years');
    expect(formatDuration(null, now)).toBeNull();
  });

  it('a resolved unban request says what and who', () => {
    const request: UnbanRequest = { id: 'r', user: { id: '1', login: 'a', name: 'A' }, text: '', createdAt: '', status: 'approved', resolvedBy: { id: '2', login: 'm', name: 'Mod' }, resolutionText: 'Welcome back', pending: false };
    expect(describeResolution(request)).toBe('approved by Mod: Welcome back');
    expect(describeResolution({ ...request, status: 'canceled', resolutionText: null })).toBe('taken back');
  });
});
