import { describe, expect, it } from 'vitest';
import { STATUS_NOT_ALLOWED } from '../../../domain/suspicious-users';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;

const sockets = useTestSockets();

const base = (moderatorId = DEMO_MODERATOR_ID) => `/moderation/suspicious_users?broadcaster_id=${B}&moderator_id=${moderatorId}`;
const modToken = (scopes = ['moderator:manage:suspicious_users']) => demo.mint(DEMO_MODERATOR_ID, scopes);
const add = async (json: unknown, token?: string, moderatorId?: string) => demo.helix('POST', base(moderatorId), { token: token ?? (await modToken()), json });
const remove = async (userId: string, token?: string) => demo.helix('DELETE', `${base()}&user_id=${userId}`, { token: token ?? (await modToken()) });
const say = (userId: string, text = 'hi there') => demo.sim.sendChatMessage({ broadcaster_id: B, user_id: userId, text });

describe('Add and Remove Suspicious Status', () => {
  it('monitors: messages go out and reach the moderators (channel.suspicious_user.update, .message)', async () => {
    const events = demo.recordEvents();
    const res = await add({ user_id: PIXELPAL, status: 'ACTIVE_MONITORING' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ user_id: PIXELPAL, broadcaster_id: B, moderator_id: DEMO_MODERATOR_ID, updated_at: expect.any(String), status: 'ACTIVE_MONITORING', types: ['MANUALLY_ADDED'] }] });
    expect(events.map((e) => e.type)).toEqual(['channel.suspicious_user.update']);
    expect(events[0]!.event).toEqual({
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('moderator_user', DEMO_MODERATOR_ID),
      ...userFieldsOf('user', PIXELPAL),
      low_trust_status: 'active_monitoring',
    });
    const message = await say(PIXELPAL);
    expect(message.is_sent).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['channel.suspicious_user.update', 'channel.suspicious_user.message', 'channel.chat.message']);
    expect(events[1]!.event).toEqual({
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('user', PIXELPAL),
      low_trust_status: 'active_monitoring',
      shared_ban_channel_ids: [],
      types: ['manually_added'],
      ban_evasion_evaluation: 'unknown',
      message: { message_id: message.message_id, text: 'hi there', fragments: [{ type: 'text', text: 'hi there', cheermote: null, emote: null }] },
    });
  });

  it('restricts: messages reach the moderators only; removing lifts it (NO_TREATMENT)', async () => {
    await add({ user_id: PIXELPAL, status: 'RESTRICTED' });
    const events = demo.recordEvents();
    const restricted = await say(PIXELPAL);
    expect(restricted).toMatchObject({ is_sent: false, drop_reason: { code: 'msg_rejected_mandatory' } });
    expect(events.map((e) => [e.type, e.event.low_trust_status])).toEqual([['channel.suspicious_user.message', 'restricted']]);

    const removed = await remove(PIXELPAL);
    expect(removed.json.data[0]).toMatchObject({ status: 'NO_TREATMENT', types: [] });
    expect(events.at(-1)).toMatchObject({ type: 'channel.suspicious_user.update' });
    expect(events.at(-1)!.event.low_trust_status).toBe('none');
    expect((await say(PIXELPAL)).is_sent).toBe(true);
    expect(events.at(-1)!.type).toBe('channel.chat.message');
    // Removing again changes nothing and announces nothing.
    expect((await remove(PIXELPAL)).json.data[0].status).toBe('NO_TREATMENT');
    expect(events.at(-1)!.type).toBe('channel.chat.message');
  });

  it('a user the platform flags keeps what it detected when a moderator lifts their treatment', async () => {
    const flagged = await demo.sim.suspiciousUser({ broadcaster_id: B, user_id: COZY, shared_ban_channel_ids: ['612345005'] });
    expect(flagged).toMatchObject({ low_trust_status: 'restricted', types: ['ban_evader'], ban_evasion_evaluation: 'likely', shared_ban_channel_ids: ['612345005'], moderator_id: null });
    const events = demo.recordEvents();
    expect((await say(COZY)).is_sent).toBe(false);
    expect(events[0]!.event).toMatchObject({ types: ['ban_evader'], ban_evasion_evaluation: 'likely', shared_ban_channel_ids: ['612345005'] });
    expect((await remove(COZY)).json.data[0]).toMatchObject({ status: 'NO_TREATMENT', types: ['DETECTED_BAN_EVADER'] });
    expect((await add({ user_id: COZY, status: 'ACTIVE_MONITORING' })).json.data[0].types).toEqual(['DETECTED_BAN_EVADER', 'MANUALLY_ADDED']);
  });

  it('validates (400), refuses the broadcaster and moderators (400), a non-moderator (403), the wrong scope (401)', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ status: 'RESTRICTED' }, 'Missing required parameter "user_id"'],
      [{ user_id: PIXELPAL }, 'Missing required parameter "status"'],
      [{ user_id: PIXELPAL, status: 'restricted' }, /^Invalid parameter "status"/],
      [{ user_id: PIXELPAL, status: 'NO_TREATMENT' }, /^Invalid parameter "status"/],
      [{ user_id: PIXELPAL, status: 'toString' }, /^Invalid parameter "status"/],
      [{ user_id: 5, status: 'RESTRICTED' }, /^Invalid parameter "user_id"/],
      [{ user_id: '999999999', status: 'RESTRICTED' }, /^Invalid parameter "user_id"/],
      [{ user_id: B, status: 'RESTRICTED' }, STATUS_NOT_ALLOWED],
      [{ user_id: DEMO_MODERATOR_ID, status: 'RESTRICTED' }, STATUS_NOT_ALLOWED],
    ];
    for (const [json, message] of cases) {
      const res = await add(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await demo.helix('DELETE', base(), { token: await modToken() })).json.message).toBe('Missing required parameter "user_id"');
    const viewer = await demo.mint(COZY, ['moderator:manage:suspicious_users']);
    expect((await add({ user_id: PIXELPAL, status: 'RESTRICTED' }, viewer, COZY)).status).toBe(403);
    expect((await add({ user_id: PIXELPAL, status: 'RESTRICTED' }, await modToken(['moderator:read:suspicious_users']))).status).toBe(401);
    expect((await demo.simulate('/suspicious-users', { broadcaster_id: B, user_id: DEMO_MODERATOR_ID })).status).toBe(400);
    expect((await demo.simulate('/suspicious-users', { broadcaster_id: B, user_id: PIXELPAL, types: ['troll'] })).status).toBe(400);
    expect((await say(PIXELPAL)).is_sent).toBe(true);
  });

  it('reaches a moderator’s channel.suspicious_user.message subscription over EventSub', async () => {
    const clientId = await demo.newClient('suspicious listener');
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:suspicious_users'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const condition = { broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID };
    expect((await subscribe(demo.url, { token, clientId }, 'channel.suspicious_user.message', condition, sessionId)).status).toBe(202);
    await demo.sim.suspiciousUser({ broadcaster_id: B, user_id: PIXELPAL, low_trust_status: 'active_monitoring', types: ['banned_in_shared_channel'] });
    await say(PIXELPAL, 'still here');
    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('channel.suspicious_user.message');
    expect(frame.payload.event).toMatchObject({ user_id: PIXELPAL, low_trust_status: 'active_monitoring', types: ['banned_in_shared_channel'], message: { text: 'still here' } });
  });
});
