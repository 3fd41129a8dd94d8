import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { call } from '../../../test-support/emulator-test-client';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { FROM_BROADCASTER_MISMATCH, RAID_TARGET_NOT_FOUND } from './raids';
import { NO_PENDING_RAID, RAID_IN_PROGRESS, RAID_SELF, RAID_TOO_MANY } from '../../../domain/raids';

const demo = useDemoEmulator();
const B = '501234567';
const SAM = '612345005';
const sockets = useTestSockets();

const raid = async (to: string, from = B) => demo.helix('POST', `/raids?from_broadcaster_id=${from}&to_broadcaster_id=${to}`, { token: await demo.mint(from, ['channel:manage:raids']) });
const cancel = async () => demo.helix('DELETE', `/raids?broadcaster_id=${B}`, { token: await demo.mint(B, ['channel:manage:raids']) });
const raids = (broadcasterId = B) => call(`${demo.url}/_emulator/raids?broadcaster_id=${broadcasterId}`).then((r) => r.json);

describe('Start a Raid', () => {
  it('raids after the 90-second countdown: channel.raid to a to_broadcaster subscription, the viewers, a raid notice', async () => {
    await demo.simulate(`/streams/${B}/online`, { viewer_count: 37 });
    await demo.simulate(`/streams/${SAM}/online`, { viewer_count: 5, is_mature: true });
    // Sam listens for raids coming in (no authorization needed), from their own client.
    const clientId = await demo.newClient('raid listener');
    const token = await demo.mint(SAM, [], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    expect((await subscribe(demo.url, { token, clientId }, 'channel.raid', { to_broadcaster_user_id: SAM }, sessionId)).status).toBe(202);
    const events = demo.recordEvents();

    const res = await raid(SAM);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ created_at: expect.any(String), is_mature: true }] });
    expect((await raids()).raids[0]).toMatchObject({ status: 'pending', from_broadcaster_id: B, to_broadcaster_id: SAM, viewers: null });

    // Starting it is the broadcaster's moderator action; nothing else happens before the countdown ends.
    expect(events.map((e) => [e.type, e.event.action])).toEqual([['channel.moderate', 'raid']]);
    events.length = 0;
    await demo.advance(89);
    expect(events).toEqual([]);
    await demo.advance(1);
    const frame = await socket.next('notification');
    expect(frame.payload.subscription.condition).toEqual({ from_broadcaster_user_id: '', to_broadcaster_user_id: SAM });
    expect(frame.payload.event).toEqual({
      from_broadcaster_user_id: B, from_broadcaster_user_login: 'sidestage_demo', from_broadcaster_user_name: 'Sidestage_Demo',
      to_broadcaster_user_id: SAM, to_broadcaster_user_login: 'speedrun_sam', to_broadcaster_user_name: 'Speedrun_Sam',
      viewers: 37,
    });
    expect(demo.state.streams.get(SAM)?.viewerCount).toBe(42);
    const notice = events.find((e) => e.type === 'channel.chat.notification');
    expect(notice?.broadcasterUserId).toBe(SAM);
    expect(notice?.event).toMatchObject({
      notice_type: 'raid',
      chatter_user_id: B,
      system_message: '37 raiders from Sidestage_Demo have joined!',
      raid: { user_id: B, user_login: 'sidestage_demo', user_name: 'Sidestage_Demo', viewer_count: 37, profile_image_url: expect.any(String) },
      announcement: null,
    });
    expect((await raids(SAM)).raids[0]).toMatchObject({ status: 'completed', viewers: 37 });
    // The raid is over: another may start.
    expect((await raid(SAM)).status).toBe(200);
  });

  it('can be cancelled during the countdown (204); then nothing happens', async () => {
    const events = demo.recordEvents();
    expect((await raid(SAM)).status).toBe(200);
    expect((await raid('612345001')).json).toEqual({ error: 'Conflict', status: 409, message: RAID_IN_PROGRESS });
    expect((await cancel()).status).toBe(204);
    expect((await cancel()).json).toEqual({ error: 'Not Found', status: 404, message: NO_PENDING_RAID });
    expect(events.map((e) => e.event.action)).toEqual(['raid', 'unraid']);
    events.length = 0;
    await demo.advance(120);
    expect(events).toEqual([]);
    expect((await raids()).raids[0].status).toBe('cancelled');
  });

  it('refuses itself (400), an unknown target (404), another broadcaster (401), a missing scope (401), an 11th request in 10 minutes (429)', async () => {
    expect((await raid(B)).json).toEqual({ error: 'Bad Request', status: 400, message: RAID_SELF });
    expect((await raid('999999999')).json).toEqual({ error: 'Not Found', status: 404, message: RAID_TARGET_NOT_FOUND });
    const other = await demo.helix('POST', `/raids?from_broadcaster_id=${SAM}&to_broadcaster_id=${B}`, { token: await demo.mint(B, ['channel:manage:raids']) });
    expect(other.json).toEqual({ error: 'Unauthorized', status: 401, message: FROM_BROADCASTER_MISMATCH });
    expect((await demo.helix('POST', `/raids?from_broadcaster_id=${B}&to_broadcaster_id=${SAM}`, { scopes: ['channel:read:redemptions'] })).status).toBe(401);
    expect((await demo.helix('POST', `/raids?from_broadcaster_id=${B}`, { scopes: ['channel:manage:raids'] })).json.message).toBe('Missing required parameter "to_broadcaster_id"');
    for (let i = 0; i < 10; i++) {
      expect((await raid(SAM)).status).toBe(200);
      expect((await cancel()).status).toBe(204);
    }
    expect((await raid(SAM)).json).toEqual({ error: 'Too Many Requests', status: 429, message: RAID_TOO_MANY });
    await demo.advance(600);
    expect((await raid(SAM)).status).toBe(200);
  });
});

describe('the simulation API’s incoming raid', () => {
  it('raids at once with the given viewers: channel.raid, the target’s viewers, a raid notice, the raid listed', async () => {
    await demo.simulate(`/streams/${B}/online`, { viewer_count: 20 });
    const events = demo.recordEvents();
    const res = await demo.simulate('/raids', { from_broadcaster_id: SAM, to_broadcaster_id: B, viewers: 12 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ from_broadcaster_id: SAM, to_broadcaster_id: B, status: 'completed', viewers: 12, completed_at: expect.any(String) });
    expect(events.map((e) => e.type)).toEqual(['channel.raid', 'channel.chat.notification']);
    expect(events[0]!.event).toMatchObject({ from_broadcaster_user_id: SAM, from_broadcaster_user_name: 'Speedrun_Sam', to_broadcaster_user_id: B, viewers: 12 });
    expect(events[1]!.event).toMatchObject({ notice_type: 'raid', system_message: '12 raiders from Speedrun_Sam have joined!' });
    expect(demo.state.streams.get(B)?.viewerCount).toBe(32);
    expect((await raids()).raids[0]).toMatchObject({ id: res.json.id, status: 'completed' });
  });

  it('takes the raider’s live viewers by default; refuses a raid on oneself, unknown users and a raider counting down', async () => {
    await demo.simulate(`/streams/${SAM}/online`, { viewer_count: 9 });
    expect((await demo.simulate('/raids', { from_broadcaster_id: SAM, to_broadcaster_id: B })).json.viewers).toBe(9);
    expect((await demo.simulate('/raids', { from_broadcaster_id: B, to_broadcaster_id: B })).json).toEqual({ error: 'Bad Request', status: 400, message: RAID_SELF });
    expect((await demo.simulate('/raids', { from_broadcaster_id: '999999999', to_broadcaster_id: B })).status).toBe(400);
    expect((await demo.simulate('/raids', { from_broadcaster_id: SAM, to_broadcaster_id: B, viewers: -1 })).status).toBe(400);
    expect((await raid(SAM)).status).toBe(200);
    expect((await demo.simulate('/raids', { from_broadcaster_id: B, to_broadcaster_id: SAM })).json).toEqual({ error: 'Conflict', status: 409, message: RAID_IN_PROGRESS });
  });
});
