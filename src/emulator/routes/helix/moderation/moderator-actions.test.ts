/**
 * What leaves chat and what moderators did: `channel.chat.message_delete`,
 * `channel.chat.clear_user_messages`, `channel.chat.clear` and `channel.moderate` version 2, who
 * may subscribe to them, and that every way of acting (Helix, the simulation API) publishes them.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_NOT_FOUND } from '../../../domain/chat';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { apiError, badRequest, useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;
const sockets = useTestSockets();

/** One scope of each group `channel.moderate` needs. */
const MODERATE_SCOPES = [
  'moderator:read:blocked_terms',
  'moderator:manage:chat_settings',
  'moderator:read:unban_requests',
  'moderator:manage:banned_users',
  'moderator:manage:chat_messages',
  'moderator:read:warnings',
  'moderator:read:moderators',
  'moderator:read:vips',
];

/** Every action object of version 2, null. */
const NO_ACTION_OBJECTS = Object.fromEntries(
  ['followers', 'slow', 'vip', 'unvip', 'mod', 'unmod', 'ban', 'unban', 'timeout', 'untimeout', 'raid', 'unraid', 'delete', 'automod_terms', 'unban_request', 'warn']
    .concat(['shared_chat_ban', 'shared_chat_unban', 'shared_chat_timeout', 'shared_chat_untimeout', 'shared_chat_delete'])
    .map((name) => [name, null]),
);

const moderateEvent = (moderatorId: string, action: string, objects: Record<string, unknown> = {}) => ({
  ...userFieldsOf('broadcaster_user', B),
  source_broadcaster_user_id: null,
  source_broadcaster_user_login: null,
  source_broadcaster_user_name: null,
  ...userFieldsOf('moderator_user', moderatorId),
  action,
  ...NO_ACTION_OBJECTS,
  ...objects,
});

const say = async (userId: string, text: string) => {
  const message = await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: userId, text });
  expect(message.is_sent, `${userId}: ${text}`).toBe(true);
  return message;
};
const modToken = (scopes: string[]) => demo.mint(DEMO_MODERATOR_ID, scopes);
const deleteChat = async (query: string) =>
  demo.helix('DELETE', `/moderation/chat?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}${query}`, { token: await modToken(['moderator:manage:chat_messages']) });
const moderations = (events: ReturnType<typeof demo.recordEvents>) => events.filter((e) => e.type === 'channel.moderate').map((e) => e.event);

describe('subscribing', () => {
  it.each(['channel.chat.message_delete', 'channel.chat.clear_user_messages', 'channel.chat.clear'])('%s: version 1, a reader of chat with user:read:chat, as the token user', async (type) => {
    const clientId = await demo.newClient(`reader of ${type}`);
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const auth = async (scopes: string[]) => ({ token: await demo.mint(COZY, scopes, { client_id: clientId }), clientId });
    const condition = { broadcaster_user_id: B, user_id: COZY };
    expect((await subscribe(demo.url, await auth(['chat:read']), type, condition, sessionId)).status).toBe(403);
    expect((await subscribe(demo.url, await auth(['user:read:chat']), type, { broadcaster_user_id: B, user_id: PIXELPAL }, sessionId)).status).toBe(403);
    expect((await subscribe(demo.url, await auth(['user:read:chat']), type, condition, sessionId, '2')).status).toBe(400);
    const res = await subscribe(demo.url, await auth(['user:read:chat']), type, condition, sessionId);
    expect(res.status).toBe(202);
    expect(res.json.data[0]).toMatchObject({ type, version: '1', cost: 0, condition });
  });

  it('channel.moderate: version 2 only, a moderator of the channel with one scope of every group; one missing is 403', async () => {
    const clientId = await demo.newClient('mod log');
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const auth = async (userId: string, scopes: string[]) => ({ token: await demo.mint(userId, scopes, { client_id: clientId }), clientId });
    const condition = (moderatorId: string) => ({ broadcaster_user_id: B, moderator_user_id: moderatorId });
    for (const missing of MODERATE_SCOPES) {
      const res = await subscribe(demo.url, await auth(DEMO_MODERATOR_ID, MODERATE_SCOPES.filter((s) => s !== missing)), 'channel.moderate', condition(DEMO_MODERATOR_ID), sessionId, '2');
      expect(res.status, `without ${missing}`).toBe(403);
    }
    expect((await subscribe(demo.url, await auth(COZY, MODERATE_SCOPES), 'channel.moderate', condition(COZY), sessionId, '2')).status).toBe(403);
    expect((await subscribe(demo.url, await auth(DEMO_MODERATOR_ID, MODERATE_SCOPES), 'channel.moderate', condition(DEMO_MODERATOR_ID), sessionId, '1')).status).toBe(400);
    const res = await subscribe(demo.url, await auth(DEMO_MODERATOR_ID, MODERATE_SCOPES), 'channel.moderate', condition(DEMO_MODERATOR_ID), sessionId, '2');
    expect(res.status).toBe(202);
    expect(res.json.data[0]).toMatchObject({ type: 'channel.moderate', version: '2', cost: 0, condition: condition(DEMO_MODERATOR_ID) });

    // Delivered over the socket as the platform sends it.
    const line = await say(COZY, 'hello there');
    expect((await deleteChat(`&message_id=${line.message_id}`)).status).toBe(204);
    const frame = await socket.next('notification');
    expect(frame.payload.subscription).toMatchObject({ type: 'channel.moderate', version: '2' });
    expect(frame.payload.event.action).toBe('delete');
  });
});

describe('through Helix', () => {
  it('Delete Chat Messages with a message_id: channel.chat.message_delete, then channel.moderate "delete" with the line; the line is gone (404 again)', async () => {
    const line = await say(COZY, 'a line to delete');
    const events = demo.recordEvents();
    expect((await deleteChat(`&message_id=${line.message_id}`)).status).toBe(204);
    expect(events.map((e) => e.type)).toEqual(['channel.chat.message_delete', 'channel.moderate']);
    expect(events[0]).toMatchObject({ broadcasterUserId: B });
    expect(events[0]!.event).toEqual({ ...userFieldsOf('broadcaster_user', B), ...userFieldsOf('target_user', COZY), message_id: line.message_id });
    expect(events[1]!.event).toEqual(
      moderateEvent(DEMO_MODERATOR_ID, 'delete', { delete: { ...userFieldsOf('user', COZY), message_id: line.message_id, message_body: 'a line to delete' } }),
    );
    expect((await deleteChat(`&message_id=${line.message_id}`)).json).toEqual(apiError(404, MESSAGE_NOT_FOUND));
    expect((await deleteChat('&message_id=')).status).toBe(400);
  });

  it('Delete Chat Messages without one clears chat: channel.chat.clear, channel.moderate "clear"; slow mode still counts the lines before', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false, slow_mode: true, slow_mode_wait_time: 30 } });
    await say(COZY, 'one');
    await say(PIXELPAL, 'two');
    const events = demo.recordEvents();
    expect((await deleteChat('')).status).toBe(204);
    expect(events.map((e) => e.type)).toEqual(['channel.chat.clear', 'channel.moderate']);
    expect(events[0]!.event).toEqual(userFieldsOf('broadcaster_user', B));
    expect(events[1]!.event).toEqual(moderateEvent(DEMO_MODERATOR_ID, 'clear'));
    expect(demo.state.chatMessages.list(B).filter((m) => m.isSent)).toEqual([]);
    const again = await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: COZY, text: 'three' });
    expect(again.drop_reason?.code).toBe('msg_slowmode');
  });

  it('a timeout and a ban take the chatter’s lines out (channel.chat.clear_user_messages) and are channel.moderate "timeout" (expires_at) and "ban"', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false } });
    await say(PIXELPAL, 'spam');
    const kept = await say(COZY, 'kind words');
    const events = demo.recordEvents();
    const token = await modToken(['moderator:manage:banned_users']);
    const ban = (data: unknown) => demo.helix('POST', `/moderation/bans?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`, { token, json: { data } });
    const timeout = await ban({ user_id: PIXELPAL, duration: 60, reason: 'calm down' });
    expect(events.map((e) => e.type)).toEqual(['channel.ban', 'channel.moderate', 'channel.chat.clear_user_messages']);
    expect(events[1]!.event).toEqual(
      moderateEvent(DEMO_MODERATOR_ID, 'timeout', { timeout: { ...userFieldsOf('user', PIXELPAL), reason: 'calm down', expires_at: timeout.json.data[0].end_time } }),
    );
    expect(events[2]!.event).toEqual({ ...userFieldsOf('broadcaster_user', B), ...userFieldsOf('target_user', PIXELPAL) });
    expect(demo.state.chatMessages.list(B).filter((m) => m.isSent).map((m) => m.id)).toEqual([kept.message_id]);

    events.length = 0;
    await ban({ user_id: PIXELPAL, reason: 'for good' });
    expect(moderations(events)).toEqual([moderateEvent(DEMO_MODERATOR_ID, 'ban', { ban: { ...userFieldsOf('user', PIXELPAL), reason: 'for good' } })]);
    events.length = 0;
    await demo.helix('DELETE', `/moderation/bans?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}&user_id=${PIXELPAL}`, { token });
    expect(moderations(events)).toEqual([moderateEvent(DEMO_MODERATOR_ID, 'unban', { unban: userFieldsOf('user', PIXELPAL) })]);
  });

  it('Update Chat Settings: one action per mode changed, with its duration', async () => {
    const events = demo.recordEvents();
    const patch = (json: unknown) => demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json });
    // The demo channel starts in followers-only mode (10 minutes).
    await patch({ follower_mode: false, slow_mode: true, slow_mode_wait_time: 10, emote_mode: true, subscriber_mode: false });
    await patch({ follower_mode: true, follower_mode_duration: 30, slow_mode: false, emote_mode: false, unique_chat_mode: true, subscriber_mode: true });
    await patch({ unique_chat_mode: false, subscriber_mode: false, non_moderator_chat_delay: true });
    expect(moderations(events).map((e) => [e.action, e.followers ?? e.slow])).toEqual([
      ['emoteonly', null],
      ['followersoff', null],
      ['slow', { wait_time_seconds: 10 }],
      ['emoteonlyoff', null],
      ['followers', { follow_duration_minutes: 30 }],
      ['slowoff', null],
      ['subscribers', null],
      ['uniquechat', null],
      ['subscribersoff', null],
      ['uniquechatoff', null],
    ]);
    expect(moderations(events)[0]).toEqual(moderateEvent(B, 'emoteonly'));
  });

  it('a warning, a blocked term added and removed, an unban request denied: warn, automod_terms, unban_request', async () => {
    const events = demo.recordEvents();
    const token = await modToken(['moderator:manage:warnings', 'moderator:manage:blocked_terms', 'moderator:manage:unban_requests', 'moderator:manage:banned_users']);
    const q = `broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`;
    await demo.helix('POST', `/moderation/warnings?${q}`, { token, json: { data: { user_id: COZY, reason: 'be nice' } } });
    const term = await demo.helix('POST', `/moderation/blocked_terms?${q}`, { token, json: { text: 'badword' } });
    await demo.helix('DELETE', `/moderation/blocked_terms?${q}&id=${term.json.data[0].id}`, { token });
    await demo.sim.ban({ broadcaster_id: B, user_id: PIXELPAL, moderator_id: DEMO_MODERATOR_ID });
    const request = await demo.sim.unbanRequest({ broadcaster_id: B, user_id: PIXELPAL, text: 'sorry' });
    await demo.helix('PATCH', `/moderation/unban_requests?${q}&unban_request_id=${request.id}&status=denied&resolution_text=no`, { token });
    const terms = (action: string) => ({ action, list: 'blocked', terms: ['badword'], from_automod: false });
    expect(moderations(events)).toEqual([
      moderateEvent(DEMO_MODERATOR_ID, 'warn', { warn: { ...userFieldsOf('user', COZY), reason: 'be nice', chat_rules_cited: null } }),
      moderateEvent(DEMO_MODERATOR_ID, 'add_blocked_term', { automod_terms: terms('add') }),
      moderateEvent(DEMO_MODERATOR_ID, 'remove_blocked_term', { automod_terms: terms('remove') }),
      moderateEvent(DEMO_MODERATOR_ID, 'ban', { ban: { ...userFieldsOf('user', PIXELPAL), reason: '' } }),
      moderateEvent(DEMO_MODERATOR_ID, 'deny_unban_request', { unban_request: { is_approved: false, ...userFieldsOf('user', PIXELPAL), moderator_message: 'no' } }),
    ]);
  });
});

describe('through the simulation API (a moderator on the website)', () => {
  it('POST /_emulator/chat/deletions deletes a line as the moderator (the broadcaster by default) and answers it', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false } });
    const line = await say(COZY, 'gone soon');
    const events = demo.recordEvents();
    const deleted = await demo.sim.deleteChatMessage({ broadcaster_id: B, message_id: line.message_id, moderator_id: DEMO_MODERATOR_ID });
    expect(deleted).toEqual(line);
    expect(events.map((e) => e.type)).toEqual(['channel.chat.message_delete', 'channel.moderate']);
    expect(events[1]!.event).toMatchObject({ moderator_user_id: DEMO_MODERATOR_ID, action: 'delete' });

    const other = await say(COZY, 'by the broadcaster');
    await demo.sim.deleteChatMessage({ broadcaster_id: B, message_id: other.message_id });
    expect(events.at(-1)!.event).toMatchObject({ moderator_user_id: B, action: 'delete' });

    const post = (body: unknown) => demo.simulate('/chat/deletions', body);
    expect((await post({ broadcaster_id: B, message_id: line.message_id })).json).toEqual(apiError(404, MESSAGE_NOT_FOUND));
    expect((await post({ broadcaster_id: B, message_id: 'x', moderator_id: COZY })).json).toEqual(badRequest("User \"cozy_carrot\" does not moderate sidestage_demo's chat"));
    for (const body of [{ broadcaster_id: B }, { broadcaster_id: B, message_id: '' }, { broadcaster_id: B, message_id: 'x', extra: 1 }, { broadcaster_id: '1', message_id: 'x' }, []]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('POST /_emulator/chat/clear clears chat and answers how many lines went', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false } });
    await say(COZY, 'one');
    await say(PIXELPAL, 'two');
    const events = demo.recordEvents();
    expect(await demo.sim.clearChat({ broadcaster_id: B, moderator_id: DEMO_MODERATOR_ID })).toEqual({ broadcaster_id: B, moderator_id: DEMO_MODERATOR_ID, cleared: 2 });
    expect(events.map((e) => e.type)).toEqual(['channel.chat.clear', 'channel.moderate']);
    expect((await demo.simulate('/chat/clear', { broadcaster_id: B, moderator_id: '1' })).json).toEqual(badRequest('Unknown moderator_id "1"'));
    expect((await demo.simulate('/chat/clear', { broadcaster_id: B, nope: true })).status).toBe(400);
  });

  it('POST /_emulator/bans: a timeout takes the chatter’s lines out too', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false } });
    await say(COZY, 'bad line');
    const events = demo.recordEvents();
    await demo.sim.ban({ broadcaster_id: B, user_id: COZY, duration: 30, moderator_id: DEMO_MODERATOR_ID });
    expect(events.map((e) => e.type)).toEqual(['channel.ban', 'channel.moderate', 'channel.chat.clear_user_messages']);
    expect(events[1]!.event).toMatchObject({ action: 'timeout', timeout: { user_id: COZY } });
  });
});
