import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { call } from '../../../test-support/emulator-test-client';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { SHOUTOUT_COOLDOWN, SHOUTOUT_NOT_LIVE, SHOUTOUT_SELF, SHOUTOUT_TARGET_COOLDOWN } from '../../../domain/shoutouts';

const demo = useDemoEmulator();
const B = '501234567';
const SAM = '612345005';
const PIXELPAL = '612345001';

const shoutout = async (to: string, moderatorId = DEMO_MODERATOR_ID, scopes = ['moderator:manage:shoutouts']) =>
  demo.helix('POST', `/chat/shoutouts?from_broadcaster_id=${B}&to_broadcaster_id=${to}&moderator_id=${moderatorId}`, { token: await demo.mint(moderatorId, scopes) });
const goLive = (viewer_count = 42) => demo.simulate(`/streams/${B}/online`, { viewer_count });
const sockets = useTestSockets();

/** Subscribes `userId` (with `scopes`) to `type` on a new session; answers the socket and the subscription's answer. */
async function listen(type: string, userId: string, condition: Record<string, string>, scopes: string[]) {
  const clientId = await demo.newClient('shoutout listener');
  const token = await demo.mint(userId, scopes, { client_id: clientId });
  const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
  sockets.push(socket);
  return { socket, res: await subscribe(demo.url, { token, clientId }, type, condition, sessionId) };
}

describe('Send a Shoutout', () => {
  it('publishes channel.shoutout.create and channel.shoutout.receive (204)', async () => {
    await goLive();
    const events = demo.recordEvents();
    const res = await shoutout(SAM);
    expect(res.status).toBe(204);
    expect(events.map((e) => `${e.type}@${e.broadcasterUserId}`)).toEqual([`channel.shoutout.create@${B}`, `channel.shoutout.receive@${SAM}`]);
    const startedAt = events[0]!.event.started_at as string;
    expect(events[0]!.event).toEqual({
      broadcaster_user_id: B, broadcaster_user_login: 'sidestage_demo', broadcaster_user_name: 'Sidestage_Demo',
      moderator_user_id: DEMO_MODERATOR_ID, moderator_user_login: 'modmallory', moderator_user_name: 'ModMallory',
      to_broadcaster_user_id: SAM, to_broadcaster_user_login: 'speedrun_sam', to_broadcaster_user_name: 'Speedrun_Sam',
      started_at: startedAt,
      viewer_count: 42,
      cooldown_ends_at: new Date(Date.parse(startedAt) + 120_000).toISOString().replace('.000Z', 'Z'),
      target_cooldown_ends_at: new Date(Date.parse(startedAt) + 3_600_000).toISOString().replace('.000Z', 'Z'),
    });
    expect(events[1]!.event).toEqual({
      broadcaster_user_id: SAM, broadcaster_user_login: 'speedrun_sam', broadcaster_user_name: 'Speedrun_Sam',
      from_broadcaster_user_id: B, from_broadcaster_user_login: 'sidestage_demo', from_broadcaster_user_name: 'Sidestage_Demo',
      viewer_count: 42, started_at: startedAt,
    });
    const read = await call(`${demo.url}/_emulator/shoutouts?broadcaster_id=${SAM}`).then((r) => r.json);
    expect(read.shoutouts).toEqual([{ from_broadcaster_id: B, from_broadcaster_login: 'sidestage_demo', to_broadcaster_id: SAM, to_broadcaster_login: 'speedrun_sam', moderator_id: DEMO_MODERATOR_ID, started_at: startedAt, viewer_count: 42 }]);
  });

  it('delivers channel.shoutout.create to a moderator’s subscription; a non-moderator may not subscribe (403)', async () => {
    await goLive();
    const condition = { broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID };
    const { socket, res } = await listen('channel.shoutout.create', DEMO_MODERATOR_ID, condition, ['moderator:read:shoutouts']);
    expect(res.status).toBe(202);
    const viewer = await listen('channel.shoutout.create', PIXELPAL, { broadcaster_user_id: B, moderator_user_id: PIXELPAL }, ['moderator:read:shoutouts']);
    expect(viewer.res.status).toBe(403);
    await shoutout(SAM);
    const frame = await socket.next('notification');
    expect(frame.payload.subscription.condition).toEqual(condition);
    expect(frame.payload.event).toMatchObject({ broadcaster_user_id: B, to_broadcaster_user_id: SAM, viewer_count: 42 });
  });

  it('keeps the cooldowns: 2 minutes between any two, 60 minutes per target (429)', async () => {
    await goLive();
    expect((await shoutout(SAM)).status).toBe(204);
    expect((await shoutout(PIXELPAL)).json).toEqual({ error: 'Too Many Requests', status: 429, message: SHOUTOUT_COOLDOWN });
    await demo.advance(120);
    expect((await shoutout(SAM)).json).toEqual({ error: 'Too Many Requests', status: 429, message: SHOUTOUT_TARGET_COOLDOWN });
    expect((await shoutout(PIXELPAL)).status).toBe(204);
    await demo.advance(3600 - 120);
    expect((await shoutout(SAM)).status).toBe(204);
  });

  it('needs the channel live with viewers, another channel, a moderator and the scope', async () => {
    expect((await shoutout(SAM)).json).toEqual({ error: 'Bad Request', status: 400, message: SHOUTOUT_NOT_LIVE });
    await goLive(0);
    expect((await shoutout(SAM)).json.message).toBe(SHOUTOUT_NOT_LIVE);
    await goLive(5);
    expect((await shoutout(B)).json.message).toBe(SHOUTOUT_SELF);
    expect((await shoutout('999999999')).json.message).toMatch(/^Invalid parameter "to_broadcaster_id"/);
    expect((await shoutout(SAM, PIXELPAL)).status).toBe(403);
    expect((await shoutout(SAM, DEMO_MODERATOR_ID, ['moderator:read:shoutouts'])).status).toBe(401);
    const mismatch = await demo.helix('POST', `/chat/shoutouts?from_broadcaster_id=${B}&to_broadcaster_id=${SAM}&moderator_id=${B}`, {
      token: await demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:shoutouts']),
    });
    expect(mismatch.status).toBe(401);
    expect((await demo.helix('POST', `/chat/shoutouts?from_broadcaster_id=${B}`, { scopes: ['moderator:manage:shoutouts'] })).json.message).toBe(
      'Missing required parameter "to_broadcaster_id"',
    );
    // The broadcaster is their own moderator.
    expect((await shoutout(SAM, B)).status).toBe(204);
  });
});
