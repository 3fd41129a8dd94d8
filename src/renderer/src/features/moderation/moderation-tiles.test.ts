import { describe, expect, it } from 'vitest';
import type { ShieldModeState, UnbanRequest } from '../../../../shared/ipc/contract';
import type { SidestageState } from '../../store/types';
import { shieldModeTileState, unbanRequestsTileState } from './moderation-tiles';

const off: ShieldModeState = { known: true, active: false, lastActivatedAt: null, by: null, error: null, suggestion: null };
const with_ = (fields: Partial<SidestageState>) => ({ actions: {}, shieldMode: null, unbanRequests: null, ...fields }) as unknown as SidestageState;
const request = (status: UnbanRequest['status']): UnbanRequest => ({ id: status, user: { id: '1', login: 'a', name: 'A' }, text: '', createdAt: '', status, resolvedBy: null, resolutionText: null, pending: false });

describe('moderation tiles', () => {
  it('Shield Mode: on with since and by whom, the suggestion, off, while changing, unread', () => {
    const on = shieldModeTileState(with_({ shieldMode: { ...off, active: true, lastActivatedAt: '2030-01-01T10:00:00Z', by: { id: '7', login: 'm', name: 'ModMaria' } } }));
    expect(on).toMatchObject({ text: 'Shield Mode on', tone: 'warn' });
    expect(on.detail).toMatch(/^since .+ · by ModMaria$/);
    expect(shieldModeTileState(with_({ shieldMode: { ...off, suggestion: { raider: null, newChatters: 14, withinSeconds: 30, at: '' } } }))).toEqual({ text: 'Turn on?', detail: '14 first-time chatters after a raid', tone: 'warn' });
    expect(shieldModeTileState(with_({ shieldMode: off }))).toEqual({ text: 'Off' });
    expect(shieldModeTileState(with_({ shieldMode: off, actions: { 'shieldMode.set': { pending: true, error: null } } }))).toMatchObject({ text: 'Turning on…' });
    expect(shieldModeTileState(with_({ shieldMode: { ...off, known: false, error: 'Shield Mode not read: …' } }))).toMatchObject({ text: 'Not read', disabled: false });
  });

  it('unban requests: how many wait', () => {
    expect(unbanRequestsTileState(with_({ unbanRequests: { loaded: true, requests: [request('pending'), request('approved')], error: null } }))).toEqual({ text: '1 waiting', tone: 'warn' });
    expect(unbanRequestsTileState(with_({ unbanRequests: { loaded: true, requests: [], error: null } }))).toEqual({ text: 'None waiting' });
    expect(unbanRequestsTileState(with_({}))).toMatchObject({ text: 'Reading…' });
  });
});
