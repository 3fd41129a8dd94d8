import { describe, expect, it } from 'vitest';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { fakeChannelEvents } from '../../test-support/fake-channel-events';
import { silentLogger } from '../logger';
import type { ApiRequest } from '../api/api-client';
import { ChatService } from './chat-service';

function serviceAnswering(answer: unknown) {
  const sent: ApiRequest[] = [];
  const api = {
    request: async (req: ApiRequest) => {
      sent.push(req);
      return { status: 200, data: req.path === '/helix/chat/emotes/global' ? { data: [] } : answer } as never;
    },
    get: async () => ({}) as never,
  };
  const { broadcaster } = fakeBroadcaster();
  const { source, stream } = fakeChannelEvents(broadcaster);
  const chat = new ChatService({ api, broadcaster, channelEvents: stream, logger: silentLogger });
  chat.start();
  return { chat, sent, broadcaster, source };
}

describe('ChatService refusals', () => {
  it("says why the platform dropped a message, in the broadcaster's words", async () => {
    const { chat } = serviceAnswering({ data: [{ message_id: 'm1', is_sent: false, drop_reason: { code: 'msg_emoteonly', message: 'Your message was not sent because this room is in emote-only mode.' } }] });
    await expect(chat.send('hello')).rejects.toThrow('Message not sent: chat is in emote-only mode.');
  });

  it("falls back to the platform's own message for a code it does not know", async () => {
    const { chat } = serviceAnswering({ data: [{ message_id: 'm1', is_sent: false, drop_reason: { code: 'msg_new_rule', message: 'A new rule dropped it' } }] });
    await expect(chat.send('hello')).rejects.toThrow('Message not sent: A new rule dropped it.');
  });

  it('sends as the broadcaster: sender and channel are the signed-in account', async () => {
    const { chat, sent, broadcaster } = serviceAnswering({ data: [{ message_id: 'm2', is_sent: true, drop_reason: null }] });
    await expect(chat.send('hello')).resolves.toEqual({ messageId: 'm2' });
    expect(sent.find((r) => r.path === '/helix/chat/messages')?.body).toEqual({ broadcaster_id: broadcaster.id, sender_id: broadcaster.id, message: 'hello' });
  });

  it('refuses to send while signed out, in words', async () => {
    const { chat } = serviceAnswering({});
    const signedOut = fakeBroadcaster();
    signedOut.auth.set({ ...signedOut.auth.getState(), status: 'signedOut', account: null });
    const other = new ChatService({ api: { request: async () => ({ status: 200, data: {} }) as never, get: async () => ({}) as never }, broadcaster: signedOut.broadcaster, channelEvents: fakeChannelEvents(signedOut.broadcaster).stream, logger: silentLogger });
    other.start();
    await expect(other.send('hello')).rejects.toMatchObject({ code: 'not_signed_in', message: 'Message not sent: sign in first.' });
    chat.dispose();
  });
});

describe('ChatService reading chat', () => {
  const chatter = { broadcaster_user_id: '42', chatter_user_id: '7', chatter_user_login: 'fan', chatter_user_name: 'Fan', badges: [{ set_id: 'vip', id: '1', info: '' }] };

  it('keeps messages and announcements from the stream, and no other notice', async () => {
    const { chat, source } = serviceAnswering({});
    source.fire('channel.chat.message', { ...chatter, message_id: 'c1', message: { text: 'hi Kappa', fragments: [{ type: 'text', text: 'hi ', emote: null }, { type: 'emote', text: 'Kappa', emote: { id: '25' } }] }, color: '#FF0000' }, 'n1', '2030-01-01T10:00:01Z');
    source.fire('channel.chat.notification', { ...chatter, message_id: 'c2', message: { text: 'Stream at 8', fragments: [] }, color: '', notice_type: 'announcement', announcement: { color: 'blue' } }, 'n2', '2030-01-01T10:00:02Z');
    source.fire('channel.chat.notification', { ...chatter, message_id: 'c3', message: { text: '', fragments: [] }, notice_type: 'sub' }, 'n3');
    expect(chat.getSnapshot().messages).toEqual([
      {
        id: 'c1',
        userId: '7',
        userLogin: 'fan',
        userName: 'Fan',
        color: '#FF0000',
        badges: [{ setId: 'vip', id: '1' }],
        fragments: [
          { type: 'text', text: 'hi ', emoteUrl: null },
          { type: 'emote', text: 'Kappa', emoteUrl: null },
        ],
        text: 'hi Kappa',
        at: '2030-01-01T10:00:01Z',
        announcement: null,
        removed: null,
        removedBy: null,
      },
      { id: 'c2', userId: '7', userLogin: 'fan', userName: 'Fan', color: '', badges: [{ setId: 'vip', id: '1' }], fragments: [{ type: 'text', text: 'Stream at 8', emoteUrl: null }], text: 'Stream at 8', at: '2030-01-01T10:00:02Z', announcement: 'BLUE', removed: null, removedBy: null },
    ]);
    chat.dispose();
  });

  const mod = { moderator_user_id: '9', moderator_user_login: 'mallory', moderator_user_name: 'Mallory' };
  const nulls = { ban: null, timeout: null, delete: null, warn: null, slow: null, followers: null };
  const say = (source: ReturnType<typeof serviceAnswering>['source'], id: string, userId = '7') =>
    source.fire('channel.chat.message', { ...chatter, chatter_user_id: userId, message_id: id, message: { text: id, fragments: [] } }, `n-${id}`);
  const removal = (chat: ChatService) => Object.fromEntries(chat.getSnapshot().messages.map((m) => [m.id, [m.removed, m.removedBy]]));

  it('a line another moderator deletes is marked deleted, and by whom, whichever of the two events comes first', async () => {
    const { chat, source } = serviceAnswering({});
    say(source, 'a');
    say(source, 'b');
    say(source, 'c');
    const target = { target_user_id: '7', target_user_login: 'fan', target_user_name: 'Fan' };
    const deleted = (id: string) => ({ ...nulls, ...mod, action: 'delete', delete: { user_id: '7', user_login: 'fan', user_name: 'Fan', message_id: id, message_body: id } });
    source.fire('channel.chat.message_delete', { broadcaster_user_id: '42', ...target, message_id: 'a' }, 'd1');
    // The platform's removal alone takes the line out (the overlay drops it); who did it comes with channel.moderate.
    expect(removal(chat).a).toEqual(['deleted', null]);
    source.fire('channel.moderate', { broadcaster_user_id: '42', ...deleted('a') }, 'm1');
    source.fire('channel.moderate', { broadcaster_user_id: '42', ...deleted('b') }, 'm2');
    source.fire('channel.chat.message_delete', { broadcaster_user_id: '42', ...target, message_id: 'b' }, 'd2');
    await Promise.resolve();
    expect(removal(chat)).toEqual({ a: ['deleted', 'Mallory'], b: ['deleted', 'Mallory'], c: [null, null] });
    chat.dispose();
  });

  it("a ban's lines are banned by whom, a timeout's timed out; a cleared chat marks the rest cleared", async () => {
    const { chat, source } = serviceAnswering({});
    say(source, 'a', '7');
    say(source, 'b', '8');
    say(source, 'c', '5');
    const user = (id: string) => ({ user_id: id, user_login: `u${id}`, user_name: `U${id}` });
    source.fire('channel.ban', { ...user('7'), ...mod, reason: 'spam', banned_at: '2030-01-01T10:00:00Z', ends_at: null }, 'b1');
    source.fire('channel.chat.clear_user_messages', { broadcaster_user_id: '42', target_user_id: '7', target_user_login: 'u7', target_user_name: 'U7' }, 'cu1');
    source.fire('channel.moderate', { broadcaster_user_id: '42', ...nulls, ...mod, action: 'timeout', timeout: { ...user('8'), reason: '', expires_at: '2030-01-01T10:10:00Z' } }, 'm3');
    source.fire('channel.chat.clear_user_messages', { broadcaster_user_id: '42', target_user_id: '8', target_user_login: 'u8', target_user_name: 'U8' }, 'cu2');
    source.fire('channel.chat.clear', { broadcaster_user_id: '42' }, 'cl');
    await Promise.resolve();
    expect(removal(chat)).toEqual({ a: ['banned', 'Mallory'], b: ['timedOut', 'Mallory'], c: ['cleared', null] });
    source.fire('channel.moderate', { broadcaster_user_id: '42', ...nulls, ...mod, action: 'clear' }, 'm4');
    await Promise.resolve();
    expect(removal(chat).c).toEqual(['cleared', 'Mallory']);
    chat.dispose();
  });
});
