import { describe, expect, it } from 'vitest';
import { fakeBroadcaster } from '../../test-support/fake-auth-source';
import { silentLogger } from '../logger';
import type { ApiRequest } from '../api/api-client';
import { ChatService } from './chat-service';

const noEvents = { onNotification: () => () => {}, want: () => () => {} };

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
  const chat = new ChatService({ api, broadcaster, events: noEvents, logger: silentLogger });
  chat.start();
  return { chat, sent, broadcaster };
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
    const other = new ChatService({ api: { request: async () => ({ status: 200, data: {} }) as never, get: async () => ({}) as never }, broadcaster: signedOut.broadcaster, events: noEvents, logger: silentLogger });
    other.start();
    await expect(other.send('hello')).rejects.toMatchObject({ code: 'not_signed_in', message: 'Message not sent: sign in first.' });
    chat.dispose();
  });
});
