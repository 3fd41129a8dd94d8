import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { DEMO_EMOTE_SETS, DEMO_MODERATOR_ID } from '../../../seed-community';
import { call } from '../../../test-support/emulator-test-client';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { DEMO_BOT } from '../../../seed';
import {
  CHANNEL_NOT_ALLOWING_BOT, INVALID_COLOR, MESSAGE_TOO_LARGE, SENDER_ID_MISMATCH, SENDER_NOT_A_CHAT_BOT, SENDER_NOT_PERMITTED, SOURCE_ONLY_WITH_USER_TOKEN,
} from './chat-messages';

const demo = useDemoEmulator();
const B = '501234567';
const PIXELPAL = '612345001';
const COZY = '612345002';
const sockets = useTestSockets();

const send = async (json: unknown, userId = B, scopes = ['user:write:chat']) => demo.helix('POST', '/chat/messages', { token: await demo.mint(userId, scopes), json });
const post = (user_id: string, text: string, extra: Record<string, unknown> = {}) => demo.simulate('/chat/messages', { broadcaster_id: B, user_id, text, ...extra });
const text = (t: string) => ({ type: 'text', text: t, cheermote: null, emote: null, mention: null });
const emote = (t: string, id: string, emote_set_id: string, owner_id: string, format = ['static']) => ({
  type: 'emote', text: t, cheermote: null, emote: { id, emote_set_id, owner_id, format }, mention: null,
});

/** A WebSocket session of `userId` subscribed to `type` in the demo channel; answers the socket. */
async function listen(type: string, userId = B, condition: Record<string, string> = { broadcaster_user_id: B, user_id: userId }): Promise<TestSocket> {
  const clientId = await demo.newClient('chat listener');
  const token = await demo.mint(userId, ['user:read:chat'], { client_id: clientId });
  const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
  sockets.push(socket);
  const res = await subscribe(demo.url, { token, clientId }, type, condition, sessionId);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  return socket;
}

describe('Send Chat Message', () => {
  it('sends, and channel.chat.message goes out with text, emote and mention fragments', async () => {
    const socket = await listen('channel.chat.message');
    const res = await send({ broadcaster_id: B, sender_id: B, message: 'hello Kappa @PixelPal sidestHype' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ message_id: expect.any(String), is_sent: true, drop_reason: null }] });

    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('channel.chat.message');
    expect(frame.payload.event).toEqual({
      broadcaster_user_id: B, broadcaster_user_login: 'sidestage_demo', broadcaster_user_name: 'Sidestage_Demo',
      chatter_user_id: B, chatter_user_login: 'sidestage_demo', chatter_user_name: 'Sidestage_Demo',
      message_id: res.json.data[0].message_id,
      message: {
        text: 'hello Kappa @PixelPal sidestHype',
        fragments: [
          text('hello '),
          emote('Kappa', '25', '0', '0'),
          text(' '),
          { type: 'mention', text: '@PixelPal', cheermote: null, emote: null, mention: { user_id: PIXELPAL, user_login: 'pixelpal', user_name: 'PixelPal' } },
          text(' '),
          emote('sidestHype', 'emotesv2_4c3b4ed516de493bbcd2df2f5d450f49', DEMO_EMOTE_SETS.tier1, B),
        ],
      },
      message_type: 'text',
      badges: [{ set_id: 'broadcaster', id: '1', info: '' }],
      cheer: null,
      color: '',
      reply: null,
      channel_points_custom_reward_id: null,
      channel_points_animation_id: null,
      source_broadcaster_user_id: null, source_broadcaster_user_login: null, source_broadcaster_user_name: null, source_message_id: null, source_badges: null,
      is_source_only: null,
    });
  });

  it('threads replies: reply names the parent and the thread’s first message', async () => {
    const events = demo.recordEvents();
    const first = await post(PIXELPAL, 'first!');
    const second = await post(COZY, 'a reply', { reply_parent_message_id: first.json.message_id });
    const third = await send({ broadcaster_id: B, sender_id: B, message: 'reply to the reply', reply_parent_message_id: second.json.message_id });
    expect(third.json.data[0].is_sent).toBe(true);
    expect(events[2]!.event.reply).toEqual({
      parent_message_id: second.json.message_id, parent_message_body: 'a reply', parent_user_id: COZY, parent_user_name: 'cozy_carrot', parent_user_login: 'cozy_carrot',
      thread_message_id: first.json.message_id, thread_user_id: PIXELPAL, thread_user_name: 'PixelPal', thread_user_login: 'pixelpal',
    });
    const unknown = await send({ broadcaster_id: B, sender_id: B, message: 'x', reply_parent_message_id: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/^Invalid parameter "reply_parent_message_id"/);
  });

  it('validates the body, the sender (401), the broadcaster (400), the scope and the token type (401)', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ sender_id: B, message: 'x' }, 'Missing required parameter "broadcaster_id"'],
      [{ broadcaster_id: B, message: 'x' }, 'Missing required parameter "sender_id"'],
      [{ broadcaster_id: B, sender_id: B }, 'Missing required parameter "message"'],
      [{ broadcaster_id: B, sender_id: B, message: 7 }, /^Invalid parameter "message"/],
      [{ broadcaster_id: B, sender_id: B, message: '   ' }, 'The message field may not contain an empty string.'],
      [{ broadcaster_id: '999999999', sender_id: B, message: 'x' }, /^Invalid parameter "broadcaster_id"/],
      [{ broadcaster_id: B, sender_id: B, message: 'x', for_source_only: false }, SOURCE_ONLY_WITH_USER_TOKEN],
    ];
    for (const [json, message] of cases) {
      const res = await send(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await send({ broadcaster_id: B, sender_id: B, message: 'x'.repeat(501) })).json).toEqual({ error: 'Unprocessable Entity', status: 422, message: MESSAGE_TOO_LARGE });
    expect((await send({ broadcaster_id: B, sender_id: B, message: 'é'.repeat(500) })).status).toBe(200);
    expect((await send({ broadcaster_id: B, sender_id: PIXELPAL, message: 'x' })).json).toEqual({ error: 'Unauthorized', status: 401, message: SENDER_ID_MISMATCH });
    expect((await send({ broadcaster_id: B, sender_id: B, message: 'x' }, B, ['chat:edit'])).status).toBe(401);
    const app = await demo.helix('POST', '/chat/messages', { token: await demo.mint(null, ['user:write:chat']), json: { broadcaster_id: B, sender_id: B, message: 'x' } });
    expect(app.status).toBe(401);
  });

  it('drops messages as the chat modes and bans say, with a drop_reason and no event', async () => {
    const events = demo.recordEvents();
    const newcomer = (await demo.simulate('/users', { login: 'newcomer' })).json.id as string;
    const dropped = await send({ broadcaster_id: B, sender_id: newcomer, message: 'hi' }, newcomer);
    expect(dropped.json.data[0]).toEqual({ message_id: expect.any(String), is_sent: false, drop_reason: { code: 'msg_followersonly', message: expect.stringContaining('10 minutes followers-only') } });
    // Following is not enough before the follower-mode duration has passed.
    await demo.simulate('/follows', { user_id: newcomer, broadcaster_id: B });
    expect((await post(newcomer, 'hi')).json.drop_reason.code).toBe('msg_followersonly');
    await demo.advance(600);
    expect((await post(newcomer, 'hi')).json.is_sent).toBe(true);

    demo.state.chat.updateSettings(B, { slowMode: true, slowModeWaitTime: 30 });
    expect((await post(newcomer, 'again')).json.drop_reason.code).toBe('msg_slowmode');
    expect((await post(DEMO_MODERATOR_ID, 'mods are exempt')).json.is_sent).toBe(true);
    expect((await post(DEMO_MODERATOR_ID, 'mods are exempt')).json.is_sent).toBe(true);
    await demo.advance(30);
    demo.state.chat.updateSettings(B, { slowMode: false, slowModeWaitTime: null, emoteMode: true });
    expect((await post(newcomer, 'words')).json.drop_reason.code).toBe('msg_emoteonly');
    expect((await post(newcomer, 'Kappa LUL')).json.is_sent).toBe(true);
    demo.state.chat.updateSettings(B, { emoteMode: false, uniqueChatMode: true });
    expect((await post(newcomer, 'Kappa LUL')).json.drop_reason.code).toBe('msg_duplicate');

    const modToken = await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:banned_users']);
    await demo.helix('POST', `/moderation/bans?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`, { token: modToken, json: { data: { user_id: PIXELPAL, duration: 60 } } });
    expect((await post(PIXELPAL, 'let me talk')).json.drop_reason).toEqual({ code: 'msg_timedout', message: 'You are timed out for 60 more seconds.' });
    await demo.helix('POST', `/moderation/bans?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`, { token: modToken, json: { data: { user_id: PIXELPAL } } });
    expect((await post(PIXELPAL, 'let me talk')).json.drop_reason.code).toBe('msg_banned');
    // Through the API, a banned or timed-out sender is refused outright.
    expect((await send({ broadcaster_id: B, sender_id: PIXELPAL, message: 'hi' }, PIXELPAL)).json).toEqual({ error: 'Forbidden', status: 403, message: SENDER_NOT_PERMITTED });

    const chatEvents = events.filter((e) => e.type === 'channel.chat.message');
    expect(chatEvents.map((e) => (e.event.message as { text: string }).text)).toEqual(['hi', 'mods are exempt', 'mods are exempt', 'Kappa LUL']);
    // Dropped messages are kept too (the simulation API reads them): two follower-mode, slow, emote-only, duplicate, timeout, ban.
    expect(demo.state.chatMessages.list(B).filter((m) => !m.isSent)).toHaveLength(8);
  });
});

describe('Send Chat Message with an app token (a chat bot)', () => {
  const BOT = DEMO_BOT.id;
  const BOT_BADGE = { set_id: 'bot-badge', id: '1', info: '' };
  const BOT_SCOPES = ['user:bot', 'user:write:chat'];
  /** Sends as `senderId` with a fresh app token of `clientId` (the demo client by default). */
  const sendAsBot = async (json: Record<string, unknown> = {}, clientId?: string, senderId: string = BOT) =>
    demo.helix('POST', '/chat/messages', {
      token: await demo.mint(null, [], clientId === undefined ? {} : { client_id: clientId }),
      ...(clientId === undefined ? {} : { clientId }),
      json: { broadcaster_id: B, sender_id: senderId, message: 'beep boop', ...json },
    });
  const grant = (userId: string, scopes: string[], clientId?: string) => demo.mint(userId, scopes, clientId === undefined ? {} : { client_id: clientId });

  it('sends as the bot with the chat-bot badge once the bot granted user:bot and user:write:chat and the broadcaster channel:bot', async () => {
    await grant(BOT, BOT_SCOPES);
    await grant(B, ['channel:bot']);
    const events = demo.recordEvents();
    const res = await sendAsBot();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ data: [{ message_id: expect.any(String), is_sent: true, drop_reason: null }] });
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({ chatter_user_id: BOT, chatter_user_login: 'sidestage_bot', message: { text: 'beep boop' }, badges: [BOT_BADGE] });
    // The same bot with its own user token: its line, without the chat-bot badge.
    const own = await send({ broadcaster_id: B, sender_id: BOT, message: 'by hand' }, BOT);
    expect(own.status).toBe(200);
    expect(events[1]!.event).toMatchObject({ chatter_user_id: BOT, badges: [] });
  });

  it("refuses (401) a bot that has not granted the app user:bot and user:write:chat, or granted another app", async () => {
    await grant(B, ['channel:bot']);
    expect((await sendAsBot()).json).toEqual({ error: 'Unauthorized', status: 401, message: SENDER_NOT_A_CHAT_BOT });
    await grant(BOT, ['user:write:chat']);
    expect((await sendAsBot()).json).toEqual({ error: 'Unauthorized', status: 401, message: SENDER_NOT_A_CHAT_BOT });
    const other = await demo.newClient('another bot app');
    await grant(BOT, BOT_SCOPES, other);
    expect((await sendAsBot()).json).toEqual({ error: 'Unauthorized', status: 401, message: SENDER_NOT_A_CHAT_BOT });
  });

  it('refuses (401) when the broadcaster has not granted channel:bot, unless the bot moderates the channel', async () => {
    await grant(BOT, BOT_SCOPES);
    expect((await sendAsBot()).json).toEqual({ error: 'Unauthorized', status: 401, message: CHANNEL_NOT_ALLOWING_BOT });
    // channel:bot granted to another app does not count.
    await grant(B, ['channel:bot'], await demo.newClient('another bot app'));
    expect((await sendAsBot()).status).toBe(401);
    expect((await demo.simulate('/moderators', { broadcaster_id: B, user_id: BOT, action: 'add' })).status).toBe(200);
    const events = demo.recordEvents();
    const res = await sendAsBot();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(events[0]!.event.badges).toEqual([{ set_id: 'moderator', id: '1', info: '' }, BOT_BADGE]);
  });

  it('stops when the bot revokes its grant, and refuses a banned bot (403) as it refuses any sender', async () => {
    const botToken = await grant(BOT, BOT_SCOPES);
    await grant(B, ['channel:bot']);
    expect((await sendAsBot()).status).toBe(200);
    const revoked = await call(`${demo.url}/oauth2/revoke`, { form: { client_id: demo.clientId, token: botToken } });
    expect(revoked.status).toBe(200);
    expect((await sendAsBot()).json.message).toBe(SENDER_NOT_A_CHAT_BOT);

    await grant(BOT, BOT_SCOPES);
    const ban = await demo.helix('POST', `/moderation/bans?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:banned_users'], json: { data: { user_id: BOT, reason: 'test' } } });
    expect(ban.status, JSON.stringify(ban.json)).toBe(200);
    expect((await sendAsBot()).json).toEqual({ error: 'Forbidden', status: 403, message: SENDER_NOT_PERMITTED });
  });

  it("gives the broadcaster's own app-token lines no chat-bot badge, takes for_source_only, and validates the sender", async () => {
    await grant(B, [...BOT_SCOPES, 'channel:bot']);
    const events = demo.recordEvents();
    expect((await sendAsBot({ for_source_only: true }, undefined, B)).status).toBe(200);
    expect(events[0]!.event).toMatchObject({ chatter_user_id: B, badges: [{ set_id: 'broadcaster', id: '1', info: '' }] });
    const notBoolean = await sendAsBot({ for_source_only: 'yes' }, undefined, B);
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.json.message).toMatch(/^Invalid parameter "for_source_only"/);
    const unknown = await sendAsBot({}, undefined, '999999999');
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/^Invalid parameter "sender_id"/);
    // A user token still needs user:write:chat, in the gate's words.
    expect((await send({ broadcaster_id: B, sender_id: B, message: 'x' }, B, ['user:bot'])).json).toEqual({ error: 'Unauthorized', status: 401, message: 'Missing scope: user:write:chat' });
  });
});

describe('the simulation API’s chat', () => {
  it('posts as a viewer with their emotes, reads the channel’s messages, and refuses unknown users', async () => {
    // PixelPal follows the channel: its follower emote is theirs there; subscriber emotes need a granted set.
    const before = await post(PIXELPAL, 'sidestHi sidestHype');
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ broadcaster_id: B, user_id: PIXELPAL, user_login: 'pixelpal', is_sent: true, drop_reason: null, reply_parent_message_id: null });
    expect(before.json.fragments).toEqual([emote('sidestHi', 'emotesv2_9e8d7c6b5a4f4e3d2c1b0a9f8e7d6c5b', DEMO_EMOTE_SETS.follower, B), text(' sidestHype')]);
    expect((await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: DEMO_EMOTE_SETS.tier1, action: 'add' })).json).toEqual({
      user_id: PIXELPAL,
      emote_set_ids: [DEMO_EMOTE_SETS.tier1],
    });
    const after = await post(PIXELPAL, 'sidestHype');
    expect(after.json.fragments).toEqual([emote('sidestHype', 'emotesv2_4c3b4ed516de493bbcd2df2f5d450f49', DEMO_EMOTE_SETS.tier1, B)]);

    const list = await call(`${demo.url}/_emulator/chat/messages?broadcaster_id=${B}`).then((r) => r.json);
    expect(list.messages.map((m: { message_id: string }) => m.message_id)).toEqual([before.json.message_id, after.json.message_id]);
    expect((await post('999999999', 'x')).json).toEqual({ error: 'Bad Request', status: 400, message: 'Unknown user_id "999999999"' });
    expect((await demo.simulate('/chat/messages', { broadcaster_id: B, user_id: PIXELPAL })).json.message).toBe('Missing required field "text"');
    expect((await post(PIXELPAL, 'x', { reply_parent_message_id: 'nope' })).status).toBe(400);
    expect((await fetch(`${demo.url}/_emulator/chat/messages`)).status).toBe(400);
  });

  it('gives a subscriber the channel’s subscriber badge, its version the month step and its info the months', async () => {
    const events = demo.recordEvents();
    await demo.simulate('/subscriptions', { broadcaster_id: B, user_id: COZY, tier: '1000' });
    await post(COZY, 'new sub here');
    await demo.simulate('/subscriptions/messages', { broadcaster_id: B, user_id: COZY, cumulative_months: 7 });
    await post(COZY, 'seven months');
    const badges = events.filter((e) => e.type === 'channel.chat.message').map((e) => e.event.badges);
    expect(badges).toEqual([[{ set_id: 'subscriber', id: '0', info: '1' }], [{ set_id: 'subscriber', id: '6', info: '7' }]]);
  });
});

describe('Send Chat Announcement', () => {
  it('sends channel.chat.notification with notice_type announcement; validates color and the moderator', async () => {
    const socket = await listen('channel.chat.notification', PIXELPAL);
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:announcements']);
    const url = `/chat/announcements?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`;
    const res = await demo.helix('POST', url, { token, json: { message: 'Giveaway at 8 Kappa', color: 'blue' } });
    expect(res.status).toBe(204);
    const frame = await socket.next('notification');
    expect(frame.payload.event).toMatchObject({
      broadcaster_user_id: B,
      chatter_user_id: DEMO_MODERATOR_ID,
      chatter_user_login: 'modmallory',
      chatter_is_anonymous: false,
      badges: [{ set_id: 'moderator', id: '1', info: '' }],
      notice_type: 'announcement',
      announcement: { color: 'BLUE' },
      sub: null,
      raid: null,
      system_message: '',
      message: { text: 'Giveaway at 8 Kappa', fragments: [text('Giveaway at 8 '), emote('Kappa', '25', '0', '0')] },
    });
    expect((await demo.helix('POST', url, { token, json: { message: 'x' } })).status).toBe(204);
    expect((await socket.next('notification')).payload.event.announcement).toEqual({ color: 'PRIMARY' });

    expect((await demo.helix('POST', url, { token, json: { message: 'x', color: 'pink' } })).json.message).toBe(INVALID_COLOR);
    expect((await demo.helix('POST', url, { token, json: {} })).json.message).toBe('Missing required parameter "message"');
    const viewer = await demo.mint(COZY, ['moderator:manage:announcements']);
    expect((await demo.helix('POST', `/chat/announcements?broadcaster_id=${B}&moderator_id=${COZY}`, { token: viewer, json: { message: 'x' } })).status).toBe(403);
  });

  it('refuses a chat subscription for another reader (403)', async () => {
    const clientId = await demo.newClient('chat listener');
    const token = await demo.mint(B, ['user:read:chat'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const res = await subscribe(demo.url, { token, clientId }, 'channel.chat.message', { broadcaster_user_id: B, user_id: PIXELPAL }, sessionId);
    expect(res.status).toBe(403);
  });
});

describe('Delete Chat Messages', () => {
  const remove = async (messageId: string, moderatorId = B, scopes = ['moderator:manage:chat_messages']) =>
    demo.helix('DELETE', `/moderation/chat?broadcaster_id=${B}&moderator_id=${moderatorId}&message_id=${messageId}`, { token: await demo.mint(moderatorId, scopes) });
  const kept = async () => ((await (await fetch(`${demo.url}/_emulator/chat/messages?broadcaster_id=${B}`)).json()) as { messages: { message_id: string }[] }).messages.map((m) => m.message_id);

  it("deletes a viewer's message (204); it is gone from the channel's messages", async () => {
    const posted = (await post(PIXELPAL, 'delete me')).json as { message_id: string };
    expect((await remove(posted.message_id)).status).toBe(204);
    expect(await kept()).not.toContain(posted.message_id);
    // A moderator may too.
    const other = (await post(COZY, 'me too')).json as { message_id: string };
    expect((await remove(other.message_id, DEMO_MODERATOR_ID)).status).toBe(204);
  });

  it("refuses an unknown message, the broadcaster's messages (to a moderator), a non-moderator, and a missing scope", async () => {
    expect((await remove('no-such-message')).status).toBe(404);
    const own = (await send({ broadcaster_id: B, sender_id: B, message: 'mine' })).json as { data: { message_id: string }[] };
    const ownRes = await remove(own.data[0]!.message_id, DEMO_MODERATOR_ID);
    expect(ownRes.status).toBe(400);
    expect(ownRes.json).toMatchObject({ message: "You may not delete the broadcaster's messages." });
    // The broadcaster may delete a moderator's message.
    const mods = (await post(DEMO_MODERATOR_ID, 'mod line')).json as { message_id: string };
    expect((await remove(mods.message_id)).status).toBe(204);
    const viewerLine = (await post(PIXELPAL, 'viewer line')).json as { message_id: string };
    expect((await remove(viewerLine.message_id, COZY)).status).toBe(403);
    expect((await remove(viewerLine.message_id, B, ['user:write:chat'])).status).toBe(401);
  });
});
