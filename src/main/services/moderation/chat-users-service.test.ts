import { describe, expect, it } from 'vitest';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { channelEvent, ScriptedApi, user } from '../../test-support/moderation-fakes';
import { ApiError } from '../api/api-error';
import { ChatUsersService } from './chat-users-service';

function setup() {
  const api = new ScriptedApi()
    .answer('GET /helix/users', { data: [{ id: '7', login: 'viewer7', display_name: 'Viewer7', created_at: '2030-01-01T09:00:00Z' }] })
    .answer('GET /helix/channels/followers', { data: [{ user_id: '7', followed_at: '2030-01-01T09:30:00Z' }] })
    .answer('GET /helix/moderation/moderators', { data: [] })
    .answer('GET /helix/channels/vips', { data: [{ user_id: '7' }] })
    .answer('GET /helix/moderation/banned', { data: [] })
    .answer('POST /helix/moderation/moderators', undefined)
    .answer('DELETE /helix/channels/vips', undefined)
    .answer('DELETE /helix/moderation/bans', undefined)
    .answer('POST /helix/moderation/warnings', { data: [{ broadcaster_id: '42', user_id: '7', moderator_id: '42', reason: 'Be kind' }] });
  const { broadcaster } = fakeBroadcaster();
  const stream = fakeChannelEvents(broadcaster).stream;
  const users = new ChatUsersService({ api, broadcaster, channelEvents: stream });
  users.start();
  return { api, stream, users };
}

const ban = (userId: string, endsAt: string | null) => channelEvent('ban', { user: user(userId), moderator: user('42', 'Me'), reason: 'spam', endsAt });

describe('ChatUsersService', () => {
  it("reads a chatter's card: account and follow age, roles, ban; counts this broadcast's timeouts, bans and warnings", async () => {
    const { api, stream, users } = setup();
    stream.publish(ban('7', '2030-01-01T10:10:00Z'));
    stream.publish(ban('7', '2030-01-01T10:20:00Z'));
    stream.publish(channelEvent('warning', { user: user('7'), moderator: user('42', 'Me'), reason: 'calm down', rulesCited: [] }));
    stream.publish(ban('8', null));
    const card = await users.getCard('7');
    expect(card).toMatchObject({
      user: { id: '7', login: 'viewer7', name: 'Viewer7' },
      createdAt: '2030-01-01T09:00:00Z',
      followedAt: '2030-01-01T09:30:00Z',
      moderator: false,
      vip: true,
      banned: null,
      thisBroadcast: { timeouts: 2, bans: 0, warnings: 1 },
      suspicious: null,
      unread: [],
    });
    expect(api.to('GET /helix/channels/followers')[0]!.query).toEqual({ broadcaster_id: '42', user_id: '7' });
    // A new broadcast counts from nothing.
    stream.publish(channelEvent('streamOnline', { streamType: 'live', startedAt: '2030-01-01T11:00:00Z' }));
    expect((await users.getCard('7')).thisBroadcast).toEqual({ timeouts: 0, bans: 0, warnings: 0 });
  });

  it('shows the suspicious-user status the platform last told, and a banned chatter as banned', async () => {
    const { api, stream, users } = setup();
    stream.publish(channelEvent('suspiciousUserMessage', { user: user('7'), status: 'restricted', types: ['banEvader'], banEvasion: 'likely', messageId: 'm1', text: 'hi' }));
    api.answer('GET /helix/moderation/banned', { data: [{ user_id: '7', expires_at: '', reason: 'hate' }] });
    expect(await users.getCard('7')).toMatchObject({ suspicious: { status: 'restricted', types: ['banEvader'] }, banned: { until: null, reason: 'hate' } });
    stream.publish(channelEvent('suspiciousUserUpdate', { user: user('7'), moderator: user('42', 'Me'), status: 'activeMonitoring' }));
    expect((await users.getCard('7')).suspicious).toEqual({ status: 'activeMonitoring', types: ['banEvader'] });
    stream.publish(channelEvent('suspiciousUserUpdate', { user: user('7'), moderator: user('42', 'Me'), status: 'none' }));
    expect((await users.getCard('7')).suspicious).toBeNull();
  });

  it('a part the platform refuses is named in words; the rest of the card is shown', async () => {
    const { api, users } = setup();
    api.answer('GET /helix/channels/followers', () => {
      throw new ApiError(401, 'Unauthorized', 'Missing scope: moderator:read:followers');
    });
    const card = await users.getCard('7');
    expect(card.unread).toEqual(['Follow age not read: sign in again to allow this.']);
    expect(card).toMatchObject({ followedAt: null, vip: true, user: { name: 'Viewer7' } });
  });

  it('makes a moderator, removes a VIP and unbans, answering with the card read again', async () => {
    const { api, users } = setup();
    await expect(users.act('7', 'addModerator')).resolves.toMatchObject({ message: 'Viewer7 is a moderator now.', card: { user: { id: '7' } } });
    expect(api.to('POST /helix/moderation/moderators')[0]!.query).toEqual({ broadcaster_id: '42', user_id: '7' });
    await users.act('7', 'removeVip');
    expect(api.to('DELETE /helix/channels/vips')[0]!.query).toEqual({ broadcaster_id: '42', user_id: '7' });
    await expect(users.act('7', 'unban')).resolves.toMatchObject({ message: 'Viewer7 is unbanned and may chat again.' });
    expect(api.to('DELETE /helix/moderation/bans')[0]!.query).toEqual({ broadcaster_id: '42', moderator_id: '42', user_id: '7' });
    api.answer('POST /helix/moderation/moderators', () => {
      throw new ApiError(400, 'Bad Request', 'user is already a mod');
    });
    await expect(users.act('7', 'addModerator')).rejects.toThrow('Not made a moderator: user is already a mod.');
    await expect(users.act('42', 'unban')).rejects.toThrow('Not unbanned: that is you.');
  });

  it('warns with the reason, once', async () => {
    const { api, users } = setup();
    await expect(users.warn('7', 'Be kind')).resolves.toMatchObject({ message: 'Viewer7 is warned: Be kind' });
    expect(api.to('POST /helix/moderation/warnings')[0]).toMatchObject({ query: { broadcaster_id: '42', moderator_id: '42' }, body: { data: { user_id: '7', reason: 'Be kind' } }, retry: 'never' });
  });
});
