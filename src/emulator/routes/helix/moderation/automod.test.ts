import { describe, expect, it } from 'vitest';
import { CHECKS_EXCEEDED, HELD_MESSAGE_NOT_FOUND, INVALID_LEVEL, NOT_THE_CHANNELS_MODERATOR, OVERALL_LEVELS, OVERALL_OR_INDIVIDUAL } from '../../../domain/automod';
import { DEMO_AUTOMOD_LEVEL, DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { INVALID_ACTION } from './automod';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY, sam: SAM } = demoChannel;

const sockets = useTestSockets();

const settingsQuery = (moderatorId = DEMO_MODERATOR_ID, broadcasterId = B) => `/moderation/automod/settings?broadcaster_id=${broadcasterId}&moderator_id=${moderatorId}`;
const getSettings = async (token?: string) => demo.helix('GET', settingsQuery(), { token: token ?? (await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:automod_settings'])) });
const putSettings = async (json: unknown, token?: string) =>
  demo.helix('PUT', settingsQuery(), { token: token ?? (await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:automod_settings'])), json });
const manage = async (json: unknown, token?: string) =>
  demo.helix('POST', '/moderation/automod/message', { token: token ?? (await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:automod'])), json });
const aggressive = (text = 'you are all terrible', userId = PIXELPAL, level = 4) => demo.sim.autoModMessage({ broadcaster_id: B, user_id: userId, text, category: 'aggression', level });

describe('Get and Update AutoMod Settings', () => {
  it('answers the demo channel’s overall level and the levels it sets; a channel that never set AutoMod has it off', async () => {
    const res = await getSettings();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ broadcaster_id: B, moderator_id: DEMO_MODERATOR_ID, overall_level: DEMO_AUTOMOD_LEVEL, ...OVERALL_LEVELS[DEMO_AUTOMOD_LEVEL] }] });
    const sam = await demo.helix('GET', settingsQuery(SAM, SAM), { token: await demo.mint(SAM, ['moderator:read:automod_settings']) });
    expect(sam.json.data[0]).toMatchObject({ overall_level: 0, aggression: 0, swearing: 0 });
  });

  it('sets an overall level (the platform’s example for 3), or levels one by one (the rest 0, overall null), never both', async () => {
    const three = await putSettings({ overall_level: 3 });
    expect(three.json).toEqual({
      data: [
        {
          broadcaster_id: B,
          moderator_id: DEMO_MODERATOR_ID,
          overall_level: 3,
          disability: 3,
          aggression: 3,
          sexuality_sex_or_gender: 3,
          misogyny: 3,
          bullying: 2,
          swearing: 0,
          race_ethnicity_or_religion: 3,
          sex_based_terms: 3,
        },
      ],
    });
    const swearing = await putSettings({ swearing: 3, overall_level: null });
    expect(swearing.json.data[0]).toEqual({ ...three.json.data[0], overall_level: null, disability: 0, aggression: 0, sexuality_sex_or_gender: 0, misogyny: 0, bullying: 0, race_ethnicity_or_religion: 0, sex_based_terms: 0, swearing: 3 });
    // Levels that match an overall level's become that overall level.
    expect((await putSettings({ ...OVERALL_LEVELS[1] })).json.data[0].overall_level).toBe(1);
    expect((await getSettings()).json.data[0]).toMatchObject({ overall_level: 1, ...OVERALL_LEVELS[1] });
  });

  it('refuses both kinds or neither, and levels that are not integers from 0 to 4 (400); nothing changes', async () => {
    const cases: [unknown, string][] = [
      [{}, OVERALL_OR_INDIVIDUAL],
      [{ overall_level: null }, OVERALL_OR_INDIVIDUAL],
      [{ overall_level: 2, aggression: 1 }, OVERALL_OR_INDIVIDUAL],
      [{ overall_level: 5 }, INVALID_LEVEL],
      [{ overall_level: '2' }, INVALID_LEVEL],
      [{ aggression: -1 }, INVALID_LEVEL],
      [{ aggression: 1.5 }, INVALID_LEVEL],
      [{ bullying: 2, swearing: true }, INVALID_LEVEL],
      [[], 'Request body must be a JSON object'],
    ];
    for (const [json, message] of cases) {
      const res = await putSettings(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(demo.state.autoMod.settings(B).overallLevel).toBe(DEMO_AUTOMOD_LEVEL);
  });

  it('needs a moderator (403), moderator_id = token user (401) and the scopes (401)', async () => {
    const viewer = await demo.mint(COZY, ['moderator:read:automod_settings']);
    expect((await demo.helix('GET', settingsQuery(COZY), { token: viewer })).status).toBe(403);
    expect((await getSettings(viewer)).status).toBe(401);
    expect((await getSettings(await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:automod_settings']))).status).toBe(401);
    expect((await putSettings({ overall_level: 4 }, await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:automod_settings']))).status).toBe(401);
  });
});

describe('held messages', () => {
  it('holds what the channel’s levels catch (automod.message.hold), lets the rest and moderators through', async () => {
    const events = demo.recordEvents();
    const held = await aggressive();
    expect(held).toMatchObject({ is_sent: false, drop_reason: { code: 'msg_rejected', message: 'Hey! Your message is being checked by mods and has not been sent.' } });
    expect(held.held).toEqual({
      message_id: held.message_id,
      broadcaster_id: B,
      ...userFieldsOf('user', PIXELPAL),
      text: 'you are all terrible',
      category: 'aggression',
      level: 4,
      held_at: held.sent_at,
      status: 'pending',
      moderator_id: null,
    });
    expect(events.map((e) => e.type)).toEqual(['automod.message.hold']);
    expect(events[0]!.event).toEqual({
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('user', PIXELPAL),
      message_id: held.message_id,
      message: { text: 'you are all terrible', fragments: [{ type: 'text', text: 'you are all terrible', cheermote: null, emote: null }] },
      category: 'aggressive',
      level: 4,
      held_at: held.sent_at,
    });
    // Demo level 2: aggression 2, so severity 2 passes (2 + 2 is not above 4), severity 3 is held.
    expect((await aggressive('meh', PIXELPAL, 2)).held).toBeNull();
    expect((await aggressive('grr', PIXELPAL, 3)).held).not.toBeNull();
    expect((await demo.sim.autoModMessage({ broadcaster_id: B, user_id: PIXELPAL, text: 'oops', category: 'swearing', level: 4 })).is_sent).toBe(true);
    expect((await aggressive('mod talk', DEMO_MODERATOR_ID)).is_sent).toBe(true);
    expect((await demo.sim.heldMessages(B)).messages.map((m) => m.text)).toEqual(['you are all terrible', 'grr']);
  });

  it('ALLOW sends the message to chat as written (channel.chat.message) and automod.message.update approved; then it is gone (404)', async () => {
    const held = await aggressive();
    const events = demo.recordEvents();
    expect((await manage({ user_id: DEMO_MODERATOR_ID, msg_id: held.message_id, action: 'ALLOW' })).status).toBe(204);
    expect(events.map((e) => e.type)).toEqual(['channel.chat.message', 'automod.message.update']);
    expect(events[0]!.event).toMatchObject({ message_id: held.message_id, chatter_user_id: PIXELPAL, message: { text: 'you are all terrible' } });
    expect(events[1]!.event).toMatchObject({
      message_id: held.message_id,
      ...userFieldsOf('moderator_user', DEMO_MODERATOR_ID),
      status: 'approved',
      category: 'aggressive',
      level: 4,
    });
    const kept = (await demo.sim.chatMessages(B)).messages.find((m) => m.message_id === held.message_id);
    expect(kept).toMatchObject({ is_sent: true, drop_reason: null });
    expect((await manage({ user_id: DEMO_MODERATOR_ID, msg_id: held.message_id, action: 'DENY' })).json).toEqual({ error: 'Not Found', status: 404, message: HELD_MESSAGE_NOT_FOUND });
    expect((await demo.sim.heldMessages(B)).messages).toEqual([]);
  });

  it('DENY keeps it out of chat: automod.message.update denied only', async () => {
    const held = await aggressive();
    const events = demo.recordEvents();
    const broadcaster = await demo.mint(B, ['moderator:manage:automod']);
    expect((await manage({ user_id: B, msg_id: held.message_id, action: 'DENY' }, broadcaster)).status).toBe(204);
    expect(events.map((e) => [e.type, e.event.status])).toEqual([['automod.message.update', 'denied']]);
    expect(events[0]!.event).toMatchObject({ moderator_user_id: B });
  });

  it('validates the body (400), user_id = token user (401), a moderator of the message’s channel (403), the scope (401)', async () => {
    const held = await aggressive();
    const cases: [unknown, string | RegExp][] = [
      [{ msg_id: held.message_id, action: 'ALLOW' }, 'Missing required parameter "user_id"'],
      [{ user_id: DEMO_MODERATOR_ID, action: 'ALLOW' }, 'Missing required parameter "msg_id"'],
      [{ user_id: DEMO_MODERATOR_ID, msg_id: held.message_id }, 'Missing required parameter "action"'],
      [{ user_id: DEMO_MODERATOR_ID, msg_id: held.message_id, action: 'allow' }, INVALID_ACTION],
      [{ user_id: DEMO_MODERATOR_ID, msg_id: 7, action: 'ALLOW' }, /^Invalid parameter "msg_id"/],
    ];
    for (const [json, message] of cases) {
      const res = await manage(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await manage({ user_id: COZY, msg_id: held.message_id, action: 'ALLOW' })).status).toBe(401);
    const viewer = await demo.mint(COZY, ['moderator:manage:automod']);
    expect((await manage({ user_id: COZY, msg_id: held.message_id, action: 'ALLOW' }, viewer)).json).toEqual({ error: 'Forbidden', status: 403, message: NOT_THE_CHANNELS_MODERATOR });
    expect((await manage({ user_id: DEMO_MODERATOR_ID, msg_id: 'no-such-message', action: 'ALLOW' })).status).toBe(404);
    expect((await manage({ user_id: DEMO_MODERATOR_ID, msg_id: held.message_id, action: 'ALLOW' }, await demo.mint(DEMO_MODERATOR_ID, ['moderation:read']))).status).toBe(401);
    expect((await demo.sim.heldMessages(B)).messages).toHaveLength(1);
  });

  it('reaches a moderator’s automod.message.hold subscription over EventSub', async () => {
    const clientId = await demo.newClient('automod listener');
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:automod'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const condition = { broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID };
    expect((await subscribe(demo.url, { token, clientId }, 'automod.message.hold', condition, sessionId)).status).toBe(202);
    const readOnly = await demo.mint(DEMO_MODERATOR_ID, ['moderation:read'], { client_id: clientId });
    expect((await subscribe(demo.url, { token: readOnly, clientId }, 'automod.message.update', condition, sessionId)).status).toBe(403);
    const held = await aggressive();
    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('automod.message.hold');
    expect(frame.payload.event).toMatchObject({ message_id: held.message_id, category: 'aggressive', level: 4 });
  });
});

describe('Check AutoMod Status', () => {
  const check = async (json: unknown, broadcasterId = B, token?: string) =>
    demo.helix('POST', `/moderation/enforcements/status?broadcaster_id=${broadcasterId}`, { token: token ?? (await demo.mint(B, ['moderation:read'])), json });

  it('answers each message, refusing those with a blocked term', async () => {
    await demo.helix('POST', `/moderation/blocked_terms?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:blocked_terms'], json: { text: 'spam' } });
    const res = await check({ data: [{ msg_id: 'a', msg_text: 'hello' }, { msg_id: 'b', msg_text: 'SPAM here' }] });
    expect(res.json).toEqual({ data: [{ msg_id: 'a', is_permitted: true }, { msg_id: 'b', is_permitted: false }] });
  });

  it('allows a partner 30 checks a minute (429 past them), checks only the token user’s channel (403) and validates data (400)', async () => {
    const token = await demo.mint(B, ['moderation:read']);
    const one = { data: [{ msg_id: '1', msg_text: 'hi' }] };
    for (let i = 0; i < 30; i++) expect((await check(one, B, token)).status).toBe(200);
    expect((await check(one, B, token)).json).toEqual({ error: 'Too Many Requests', status: 429, message: CHECKS_EXCEEDED });
    await demo.advance(60);
    expect((await check(one, B, token)).status).toBe(200);

    expect((await check(one, SAM)).status).toBe(403);
    expect((await check({ data: [] })).json.message).toBe('Missing required parameter "data"');
    expect((await check({ data: [{ msg_id: '1' }] })).json.message).toBe('Missing required parameter "msg_text"');
    expect((await check({ data: Array.from({ length: 101 }, (_, i) => ({ msg_id: String(i), msg_text: 'x' })) })).status).toBe(400);
    expect((await check(one, B, await demo.mint(B, ['moderator:manage:automod']))).status).toBe(401);
  });
});
