import { describe, expect, it } from 'vitest';
import { MAY_NOT_BE_WARNED, WARNING_REASON_TOO_LONG } from '../../../domain/warnings';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;

const sockets = useTestSockets();

const warn = async (json: unknown, token?: string, moderatorId = DEMO_MODERATOR_ID) =>
  demo.helix('POST', `/moderation/warnings?broadcaster_id=${B}&moderator_id=${moderatorId}`, { token: token ?? (await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:warnings'])), json });
const say = (userId: string, text = 'hi') => demo.sim.sendChatMessage({ broadcaster_id: B, user_id: userId, text });

describe('Warn Chat User', () => {
  it('warns (channel.warning.send); the user may not chat until they acknowledge (channel.warning.acknowledge)', async () => {
    const events = demo.recordEvents();
    const res = await warn({ data: { user_id: PIXELPAL, reason: 'cut it out' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ broadcaster_id: B, user_id: PIXELPAL, moderator_id: DEMO_MODERATOR_ID, reason: 'cut it out' }] });
    expect(events[0]).toMatchObject({ type: 'channel.warning.send' });
    expect(events[0]!.event).toEqual({
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('moderator_user', DEMO_MODERATOR_ID),
      ...userFieldsOf('user', PIXELPAL),
      reason: 'cut it out',
      chat_rules_cited: null,
    });

    const blocked = await say(PIXELPAL);
    expect(blocked).toMatchObject({ is_sent: false, drop_reason: { code: 'user_warned' } });
    expect((await say(COZY)).is_sent).toBe(true);

    const acknowledged = await demo.sim.acknowledgeWarning({ broadcaster_id: B, user_id: PIXELPAL });
    expect(acknowledged).toMatchObject({ user_id: PIXELPAL, reason: 'cut it out', acknowledged_at: expect.any(String) });
    expect(events.at(-1)).toMatchObject({ type: 'channel.warning.acknowledge' });
    expect(events.at(-1)!.event).toEqual({ ...userFieldsOf('broadcaster_user', B), ...userFieldsOf('user', PIXELPAL) });
    expect((await say(PIXELPAL)).is_sent).toBe(true);
    // Nothing left to acknowledge: 409.
    expect((await demo.simulate('/warnings/acknowledgements', { broadcaster_id: B, user_id: PIXELPAL })).status).toBe(409);
  });

  it('a new warning replaces the previous one', async () => {
    await warn({ data: { user_id: PIXELPAL, reason: 'first' } });
    await warn({ data: { user_id: PIXELPAL, reason: 'second' } });
    expect((await demo.sim.acknowledgeWarning({ broadcaster_id: B, user_id: PIXELPAL })).reason).toBe('second');
    expect((await say(PIXELPAL)).is_sent).toBe(true);
  });

  it('validates the body (400), refuses to warn the broadcaster or a moderator (400)', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{}, 'Missing required parameter "data"'],
      [{ data: [] }, /^Invalid parameter "data"/],
      [{ data: { reason: 'x' } }, 'Missing required parameter "data.user_id"'],
      [{ data: { user_id: PIXELPAL } }, 'Missing required parameter "data.reason"'],
      [{ data: { user_id: PIXELPAL, reason: 5 } }, /^Invalid parameter "data.reason"/],
      [{ data: { user_id: '999999999', reason: 'x' } }, /^Invalid parameter "data.user_id"/],
      [{ data: { user_id: PIXELPAL, reason: 'x'.repeat(501) } }, WARNING_REASON_TOO_LONG],
      [{ data: { user_id: B, reason: 'x' } }, MAY_NOT_BE_WARNED],
      [{ data: { user_id: DEMO_MODERATOR_ID, reason: 'x' } }, MAY_NOT_BE_WARNED],
    ];
    for (const [json, message] of cases) {
      const res = await warn(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await warn({ data: { user_id: PIXELPAL, reason: 'x'.repeat(500) } })).status).toBe(200);
  });

  it('needs a moderator (403), moderator_id = token user (401), the scope (401)', async () => {
    const viewer = await demo.mint(COZY, ['moderator:manage:warnings']);
    expect((await warn({ data: { user_id: PIXELPAL, reason: 'x' } }, viewer, COZY)).status).toBe(403);
    expect((await warn({ data: { user_id: PIXELPAL, reason: 'x' } }, viewer)).status).toBe(401);
    expect((await warn({ data: { user_id: PIXELPAL, reason: 'x' } }, await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:warnings']))).status).toBe(401);
    expect((await say(PIXELPAL)).is_sent).toBe(true);
  });

  it('reaches a moderator’s channel.warning.send subscription over EventSub', async () => {
    const clientId = await demo.newClient('warning listener');
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:warnings'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const condition = { broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID };
    expect((await subscribe(demo.url, { token, clientId }, 'channel.warning.send', condition, sessionId)).status).toBe(202);
    await warn({ data: { user_id: PIXELPAL, reason: 'calm down' } });
    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('channel.warning.send');
    expect(frame.payload.event).toMatchObject({ user_id: PIXELPAL, reason: 'calm down' });
  });
});
