import { describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;
const NOT_A_MODERATOR = "The user in moderator_id is not one of the broadcaster's moderators.";

const sockets = useTestSockets();

const modToken = (scopes = ['moderator:manage:shield_mode']) => demo.mint(DEMO_MODERATOR_ID, scopes);
const getStatus = async (token?: string, query = `broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`) =>
  demo.helix('GET', `/moderation/shield_mode?${query}`, { token: token ?? (await modToken(['moderator:read:shield_mode'])) });
const putStatus = async (json: unknown, token?: string, moderatorId = DEMO_MODERATOR_ID) =>
  demo.helix('PUT', `/moderation/shield_mode?broadcaster_id=${B}&moderator_id=${moderatorId}`, { token: token ?? (await modToken()), json });

/** A message of `userId` in the demo channel, through the simulation API: its `is_sent` and drop code. */
async function say(userId: string, text = 'hello there'): Promise<string> {
  const message = await demo.sim.sendChatMessage({ broadcaster_id: B, user_id: userId, text });
  return message.is_sent ? 'sent' : (message.drop_reason?.code ?? 'dropped');
}

describe('Get and Update Shield Mode Status', () => {
  it('is off with empty fields until first turned on', async () => {
    const res = await getStatus();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ is_active: false, moderator_id: '', moderator_login: '', moderator_name: '', last_activated_at: '' }] });
  });

  it('turns on (channel.shield_mode.begin), keeps who turned it on after it is turned off (channel.shield_mode.end)', async () => {
    const events = demo.recordEvents();
    const on = await putStatus({ is_active: true });
    expect(on.status).toBe(200);
    const activatedAt: string = on.json.data[0].last_activated_at;
    expect(Math.abs(Date.parse(activatedAt) - demo.state.clock.now())).toBeLessThan(2000);
    expect(on.json).toEqual({ data: [{ is_active: true, ...userFieldsOf('moderator', DEMO_MODERATOR_ID), last_activated_at: activatedAt }] });
    // On again: nothing changes, nothing is announced.
    expect((await putStatus({ is_active: true })).json.data[0].last_activated_at).toBe(activatedAt);
    expect(events.map((e) => e.type)).toEqual(['channel.shield_mode.begin']);
    expect(events[0]!.event).toEqual({
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('moderator_user', DEMO_MODERATOR_ID),
      started_at: activatedAt,
    });

    await demo.advance(90);
    const off = await putStatus({ is_active: false }, await demo.mint(B, ['moderator:manage:shield_mode']), B);
    expect(off.json.data[0]).toEqual({ is_active: false, ...userFieldsOf('moderator', DEMO_MODERATOR_ID), last_activated_at: activatedAt });
    expect(events.map((e) => e.type)).toEqual(['channel.shield_mode.begin', 'channel.shield_mode.end']);
    expect(events[1]!.event).toMatchObject({ moderator_user_id: B, moderator_user_login: 'sidestage_demo' });
    expect(Date.parse(events[1]!.event.ended_at as string) - Date.parse(activatedAt)).toBeGreaterThanOrEqual(89_000);
    expect((await getStatus()).json.data[0]).toMatchObject({ is_active: false, moderator_id: DEMO_MODERATOR_ID });
  });

  it('validates the body: a JSON object with a boolean is_active (400)', async () => {
    const cases: [unknown, string | RegExp][] = [
      [undefined, 'Missing request body'],
      [[], 'Request body must be a JSON object'],
      [{}, 'Missing required parameter "is_active"'],
      [{ is_active: null }, 'Missing required parameter "is_active"'],
      [{ is_active: 'true' }, /^Invalid parameter "is_active"/],
      [{ is_active: 1 }, /^Invalid parameter "is_active"/],
    ];
    for (const [json, message] of cases) {
      const res = await putStatus(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: expect.stringMatching(message) });
    }
    expect(demo.state.shieldMode.isActive(B)).toBe(false);
  });

  it('needs both IDs (400), moderator_id = token user (401), a moderator (403), the scope (401)', async () => {
    expect((await getStatus(undefined, `moderator_id=${DEMO_MODERATOR_ID}`)).json.message).toBe('Missing required parameter "broadcaster_id"');
    expect((await getStatus(undefined, `broadcaster_id=${B}`)).json.message).toBe('Missing required parameter "moderator_id"');
    expect((await getStatus(undefined, `broadcaster_id=999999999&moderator_id=${DEMO_MODERATOR_ID}`)).status).toBe(400);
    expect((await getStatus(undefined, `broadcaster_id=${B}&moderator_id=${B}`)).status).toBe(401);
    const viewer = await demo.mint(COZY, ['moderator:manage:shield_mode']);
    expect((await putStatus({ is_active: true }, viewer, COZY)).json).toEqual({ error: 'Forbidden', status: 403, message: NOT_A_MODERATOR });
    // Reading takes either scope; changing only the manage scope.
    expect((await getStatus(await modToken(['moderator:manage:shield_mode']))).status).toBe(200);
    expect((await getStatus(await modToken(['moderation:read']))).status).toBe(401);
    expect((await putStatus({ is_active: true }, await modToken(['moderator:read:shield_mode']))).status).toBe(401);
    expect(demo.state.shieldMode.isActive(B)).toBe(false);
  });
});

describe('Shield Mode in chat', () => {
  it('while on, keeps out the unverified, those who do not follow long enough and first-time chatters; not moderators, VIPs or regulars', async () => {
    const stranger = await demo.sim.createUser({ login: 'fresh_account', email_verified: false });
    await demo.sim.follow({ user_id: stranger.id, broadcaster_id: B, followed_at: new Date(demo.state.clock.now() - 3_600_000).toISOString() });
    const newcomer = await demo.sim.createUser({ login: 'first_timer' });
    await demo.sim.follow({ user_id: newcomer.id, broadcaster_id: B, followed_at: new Date(demo.state.clock.now() - 3_600_000).toISOString() });
    const drifter = await demo.sim.createUser({ login: 'drifter' });
    const vip = await demo.sim.createUser({ login: 'vip_first_timer', email_verified: false });
    expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${vip.id}`, { scopes: ['channel:manage:vips'] })).status).toBe(204);

    await putStatus({ is_active: true });
    expect(await say(stranger.id)).toBe('msg_verified_email');
    expect(await say(newcomer.id)).toBe('msg_rejected_mandatory');
    // Shield Mode's follower rule (checked before the chat modes) refuses; the channel's would too.
    expect(await say(drifter.id)).toBe('msg_followersonly');
    expect(await say(PIXELPAL)).toBe('sent');
    expect(await say(vip.id)).toBe('sent');
    expect(await say(DEMO_MODERATOR_ID)).toBe('sent');
    expect(await say(B)).toBe('sent');

    await putStatus({ is_active: false });
    expect(await say(stranger.id)).toBe('sent');
    expect(await say(newcomer.id)).toBe('sent');
  });

  it('applies its own follower rule when the channel has none', async () => {
    await demo.helix('PATCH', `/chat/settings?broadcaster_id=${B}&moderator_id=${B}`, { scopes: ['moderator:manage:chat_settings'], json: { follower_mode: false } });
    const drifter = await demo.sim.createUser({ login: 'drifter' });
    await putStatus({ is_active: true });
    expect(await say(drifter.id)).toBe('msg_followersonly');
    await demo.sim.follow({ user_id: drifter.id, broadcaster_id: B });
    expect(await say(drifter.id)).toBe('msg_followersonly');
    await demo.advance(600);
    // Followed for 10 minutes now; still a first-time chatter.
    expect(await say(drifter.id)).toBe('msg_rejected_mandatory');
  });
});

describe('channel.shield_mode.begin over EventSub', () => {
  it('reaches a moderator’s subscription; a non-moderator may not subscribe (403)', async () => {
    const clientId = await demo.newClient('shield listener');
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:shield_mode'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    const condition = { broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID };
    expect((await subscribe(demo.url, { token, clientId }, 'channel.shield_mode.begin', condition, sessionId)).status).toBe(202);
    const viewer = await demo.mint(COZY, ['moderator:read:shield_mode'], { client_id: clientId });
    const refused = await subscribe(demo.url, { token: viewer, clientId }, 'channel.shield_mode.end', { broadcaster_user_id: B, moderator_user_id: COZY }, sessionId);
    expect(refused.status).toBe(403);
    await putStatus({ is_active: true });
    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('channel.shield_mode.begin');
    expect(frame.payload.subscription.condition).toEqual(condition);
    expect(frame.payload.event).toMatchObject({ broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID, started_at: expect.any(String) });
  });
});
