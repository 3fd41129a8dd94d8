import { describe, expect, it } from 'vitest';
import type { ChannelEventOf } from '../../../shared/ipc/contract';
import { activityItemOf } from './activity-events';

const moderation = (action: string, extra: Partial<ChannelEventOf<'moderation'>> = {}): ChannelEventOf<'moderation'> => ({
  kind: 'moderation',
  id: `m-${action}`,
  at: '2030-01-01T10:00:00Z',
  source: 'live',
  moderator: { id: '9', login: 'mallory', name: 'Mallory' },
  action,
  user: null,
  reason: '',
  messageId: null,
  messageText: null,
  expiresAt: null,
  detail: '',
  ...extra,
});

describe('the activity feed words a moderator’s action', () => {
  it('a deleted line, a cleared chat, slow mode, a blocked term: by the moderator', () => {
    const fan = { id: '7', login: 'fan', name: 'Fan' };
    expect(activityItemOf(moderation('delete', { user: fan, messageId: 'x', messageText: 'spoiler' }))).toMatchObject({ kind: 'moderation', who: 'Mallory', text: 'deleted a message from Fan' });
    expect(activityItemOf(moderation('clear'))).toMatchObject({ who: 'Mallory', text: 'cleared chat' });
    expect(activityItemOf(moderation('slow', { detail: '30 s between messages' }))).toMatchObject({ text: 'turned slow mode on (30 s between messages)' });
    expect(activityItemOf(moderation('add_blocked_term', { detail: 'badword' }))).toMatchObject({ text: 'blocked the term badword' });
  });

  it('bans, warnings and roles are not told twice (their own events are in the feed)', () => {
    for (const action of ['ban', 'timeout', 'unban', 'warn', 'mod', 'vip', 'approve_unban_request']) expect(activityItemOf(moderation(action)), action).toBeNull();
  });
});
