import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { DEMO_BOT } from '../../../seed';

const demo = useDemoEmulator();
const sockets = useTestSockets();
const B = '501234567';
const PIXELPAL = '612345001';
/** Speedrun_Sam's channel: the other seeded channel the demo shares its chat with. */
const SAM = '612345005';
const COZY = '612345002';
const NULL_SOURCE = { source_broadcaster_user_id: null, source_broadcaster_user_login: null, source_broadcaster_user_name: null, source_message_id: null, source_badges: null };

const join = (host: string, guest: string) => demo.simulate('/shared-chat/join', { host_broadcaster_id: host, broadcaster_id: guest });
const leave = (broadcaster: string) => demo.simulate('/shared-chat/leave', { broadcaster_id: broadcaster });
const say = (broadcaster: string, user: string, text: string) => demo.simulate('/chat/messages', { broadcaster_id: broadcaster, user_id: user, text });

describe('Get Shared Chat Session', () => {
  it('answers an empty list for a channel in no session, and the session with its participants once shared', async () => {
    const token = await demo.mint(null, []);
    expect((await demo.helix('GET', `/shared_chat/session?broadcaster_id=${B}`, { token })).json).toEqual({ data: [] });
    const joined = await join(B, SAM);
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    const res = await demo.helix('GET', `/shared_chat/session?broadcaster_id=${SAM}`, { token: await demo.mint(SAM, []) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [{ session_id: joined.json.session_id, host_broadcaster_id: B, participants: [{ broadcaster_id: B }, { broadcaster_id: SAM }], created_at: expect.any(String), updated_at: expect.any(String) }],
    });
  });

  it('refuses a missing broadcaster_id (400), an unknown channel (400) and a bad token (401)', async () => {
    const token = await demo.mint(null, []);
    expect((await demo.helix('GET', '/shared_chat/session', { token })).status).toBe(400);
    expect((await demo.helix('GET', '/shared_chat/session?broadcaster_id=999999999', { token })).status).toBe(400);
    expect((await demo.helix('GET', `/shared_chat/session?broadcaster_id=${B}`, { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('channel.shared_chat.* and lines from other channels', () => {
  it('announces begin and update to the channels in the session, and end when it ends', async () => {
    const events = demo.recordEvents();
    await join(B, SAM);
    await join(B, COZY);
    await leave(COZY);
    await leave(SAM);
    const shared = events.filter((e) => e.type.startsWith('channel.shared_chat.')).map((e) => [e.type, e.broadcasterUserId]);
    expect(shared).toEqual([
      ['channel.shared_chat.begin', B], ['channel.shared_chat.begin', SAM],
      ['channel.shared_chat.begin', COZY], ['channel.shared_chat.update', B], ['channel.shared_chat.update', SAM],
      ['channel.shared_chat.end', COZY], ['channel.shared_chat.update', B], ['channel.shared_chat.update', SAM],
      ['channel.shared_chat.end', SAM], ['channel.shared_chat.end', B],
    ]);
    const begin = events.find((e) => e.type === 'channel.shared_chat.begin')!;
    expect(begin.event).toEqual({
      session_id: expect.any(String),
      broadcaster_user_id: B, broadcaster_user_login: 'sidestage_demo', broadcaster_user_name: 'Sidestage_Demo',
      host_broadcaster_user_id: B, host_broadcaster_user_login: 'sidestage_demo', host_broadcaster_user_name: 'Sidestage_Demo',
      participants: [
        { broadcaster_user_id: B, broadcaster_user_login: 'sidestage_demo', broadcaster_user_name: 'Sidestage_Demo' },
        { broadcaster_user_id: SAM, broadcaster_user_login: 'speedrun_sam', broadcaster_user_name: 'Speedrun_Sam' },
      ],
    });
    const end = events.find((e) => e.type === 'channel.shared_chat.end')!;
    expect(end.event).not.toHaveProperty('participants');
    expect((await demo.sim.sharedChatSession(B)).session).toBeNull();
  });

  it('delivers begin over WebSocket on a subscription that needs no scope', async () => {
    const clientId = await demo.newClient('shared chat listener');
    const token = await demo.mint(B, [], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const res = await subscribe(demo.url, { token, clientId }, 'channel.shared_chat.begin', { broadcaster_user_id: B }, sessionId);
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    await join(SAM, B);
    const frame = await socket.next('notification');
    expect(frame.payload.event).toMatchObject({ broadcaster_user_id: B, host_broadcaster_user_id: SAM });
  });

  it("a viewer in the other channel's line reaches this channel with its source channel, message and badges", async () => {
    await join(B, SAM);
    const events = demo.recordEvents();
    const sent = await say(SAM, PIXELPAL, 'hello from Sam’s chat');
    expect(sent.status).toBe(200);
    const lines = events.filter((e) => e.type === 'channel.chat.message');
    expect(lines.map((e) => e.broadcasterUserId)).toEqual([SAM, B]);
    expect(lines[0]!.event).toMatchObject(NULL_SOURCE);
    expect(lines[1]!.event).toMatchObject({
      broadcaster_user_id: B,
      chatter_user_login: 'pixelpal',
      message: { text: 'hello from Sam’s chat' },
      source_broadcaster_user_id: SAM, source_broadcaster_user_login: 'speedrun_sam', source_broadcaster_user_name: 'Speedrun_Sam',
      source_message_id: sent.json.message_id,
      source_badges: [],
    });
    expect(lines[1]!.event.message_id).not.toBe(sent.json.message_id);
    // The simulation API keeps the copy in this channel, naming its source.
    const mine = (await demo.sim.chatMessages(B)).messages;
    expect(mine.at(-1)).toMatchObject({ source_broadcaster_id: SAM, source_message_id: sent.json.message_id });
    // Once the session ends, the other channel's lines stay there.
    await leave(SAM);
    const after = demo.recordEvents();
    await say(SAM, PIXELPAL, 'just Sam now');
    expect(after.filter((e) => e.type === 'channel.chat.message').map((e) => e.broadcasterUserId)).toEqual([SAM]);
  });

  it('a chat bot line sent for_source_only stays in its channel; without it the session sees it with the chat-bot badge', async () => {
    await demo.mint(DEMO_BOT.id, ['user:bot', 'user:write:chat']);
    await demo.mint(B, ['channel:bot']);
    await join(B, SAM);
    const events = demo.recordEvents();
    const sendAsBot = async (extra: Record<string, unknown>) =>
      demo.helix('POST', '/chat/messages', { token: await demo.mint(null, []), json: { broadcaster_id: B, sender_id: DEMO_BOT.id, message: 'beep', ...extra } });
    expect((await sendAsBot({ for_source_only: true })).status).toBe(200);
    expect(events.filter((e) => e.type === 'channel.chat.message').map((e) => e.broadcasterUserId)).toEqual([B]);
    expect((await sendAsBot({})).status).toBe(200);
    const copy = events.filter((e) => e.type === 'channel.chat.message').at(-1)!;
    expect(copy.broadcasterUserId).toBe(SAM);
    expect(copy.event).toMatchObject({ source_broadcaster_user_id: B, source_badges: [{ set_id: 'bot-badge', id: '1', info: '' }] });
  });

  it('refuses sharing with itself (400), joining twice (409), leaving when in none (409) and unknown channels (400)', async () => {
    expect((await join(B, B)).status).toBe(400);
    await join(B, SAM);
    expect((await join(COZY, SAM)).status).toBe(409);
    expect((await leave(COZY)).status).toBe(409);
    expect((await join(B, '999999999')).status).toBe(400);
    expect((await demo.simulate('/shared-chat/join', { host_broadcaster_id: B })).status).toBe(400);
  });
});
