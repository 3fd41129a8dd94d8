import { describe, expect, it } from 'vitest';
import { subscribe, TestSocket, useTestSockets } from '../../../test-support/eventsub-test-client';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { INVALID_DURATION, REASON_TOO_LONG } from './bans';
import { ALREADY_BANNED, MAX_TIMEOUT_SECONDS, MAY_NOT_BE_BANNED, MAY_NOT_BE_TIMED_OUT, NOT_BANNED } from '../../../domain/moderation';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;

const modToken = () => demo.mint(DEMO_MODERATOR_ID, ['moderator:manage:banned_users']);
const ban = async (json: unknown, token?: string, moderatorId = DEMO_MODERATOR_ID) =>
  demo.helix('POST', `/moderation/bans?broadcaster_id=${B}&moderator_id=${moderatorId}`, { token: token ?? (await modToken()), json });
const unban = async (userId: string, token?: string) =>
  demo.helix('DELETE', `/moderation/bans?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}&user_id=${userId}`, { token: token ?? (await modToken()) });
const sockets = useTestSockets();
const banned = async (query = '') => demo.helix('GET', `/moderation/banned?broadcaster_id=${B}${query}`, { scopes: ['moderation:read'] });

describe('Ban User', () => {
  it('bans for good: the answer, channel.ban with ends_at null, and Get Banned Users', async () => {
    const events = demo.recordEvents();
    const res = await ban({ data: { user_id: PIXELPAL, reason: 'spam' } });
    expect(res.status).toBe(200);
    // The time the emulator gave the ban (read back, so a second boundary cannot make the test flaky).
    const now: string = res.json.data[0].created_at;
    expect(Math.abs(Date.parse(now) - demo.state.clock.now())).toBeLessThan(2000);
    expect(res.json).toEqual({ data: [{ broadcaster_id: B, moderator_id: DEMO_MODERATOR_ID, user_id: PIXELPAL, created_at: now, end_time: null }] });
    // The ban, what the moderator did, and the chatter's lines taken out of chat.
    expect(events.map((e) => e.type)).toEqual(['channel.ban', 'channel.moderate', 'channel.chat.clear_user_messages']);
    expect(events[0]).toMatchObject({ type: 'channel.ban', broadcasterUserId: B });
    expect(events[0]!.event).toEqual({
      ...userFieldsOf('user', PIXELPAL),
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('moderator_user', DEMO_MODERATOR_ID),
      reason: 'spam', banned_at: now, ends_at: null, is_permanent: true,
    });
    expect((await banned()).json).toEqual({
      data: [{ ...userFieldsOf('user', PIXELPAL), expires_at: '', created_at: now, reason: 'spam', ...userFieldsOf('moderator', DEMO_MODERATOR_ID) }],
      pagination: {},
    });
  });

  it('times out with duration; the timeout ends with the clock, and can be replaced or made a ban', async () => {
    const res = await ban({ data: { user_id: PIXELPAL, duration: 300 } });
    expect(Date.parse(res.json.data[0].end_time) - Date.parse(res.json.data[0].created_at)).toBe(300_000);
    expect((await banned()).json.data[0].expires_at).toBe(res.json.data[0].end_time);
    // A new timeout replaces the running one; a ban over a timeout is allowed.
    expect((await ban({ data: { user_id: PIXELPAL, duration: 60 } })).status).toBe(200);
    await demo.advance(61);
    expect((await banned()).json.data).toEqual([]);
    expect((await ban({ data: { user_id: PIXELPAL, duration: 600 } })).status).toBe(200);
    const permanent = await ban({ data: { user_id: PIXELPAL } });
    expect(permanent.json.data[0].end_time).toBeNull();
    // A ban cannot be turned into a timeout, nor banned again.
    expect((await ban({ data: { user_id: PIXELPAL, duration: 10 } })).json).toEqual({ error: 'Bad Request', status: 400, message: ALREADY_BANNED });
    expect((await ban({ data: { user_id: PIXELPAL } })).json.message).toBe(ALREADY_BANNED);
  });

  it('refuses to ban the broadcaster or a moderator, and validates the body', async () => {
    const broadcasterToken = await demo.mint(B, ['moderator:manage:banned_users']);
    expect((await ban({ data: { user_id: DEMO_MODERATOR_ID } }, broadcasterToken, B)).json.message).toBe(MAY_NOT_BE_BANNED);
    expect((await ban({ data: { user_id: B } })).json.message).toBe(MAY_NOT_BE_BANNED);
    expect((await ban({ data: { user_id: B, duration: 60 } })).json.message).toBe(MAY_NOT_BE_TIMED_OUT);
    const cases: [unknown, string | RegExp][] = [
      [{}, 'Missing required parameter "data"'],
      [{ data: [] }, /^Invalid parameter "data"/],
      [{ data: {} }, 'Missing required parameter "data.user_id"'],
      [{ data: { user_id: 7 } }, /^Invalid parameter "data.user_id"/],
      [{ data: { user_id: '999999999' } }, /^Invalid parameter "data.user_id"/],
      [{ data: { user_id: PIXELPAL, duration: 0 } }, INVALID_DURATION],
      [{ data: { user_id: PIXELPAL, duration: MAX_TIMEOUT_SECONDS + 1 } }, /duration/],
      [{ data: { user_id: PIXELPAL, duration: '300' } }, /duration/],
      [{ data: { user_id: PIXELPAL, duration: 1.5 } }, /duration/],
      [{ data: { user_id: PIXELPAL, reason: 'x'.repeat(501) } }, REASON_TOO_LONG],
    ];
    for (const [json, message] of cases) {
      const res = await ban(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await ban({ data: { user_id: PIXELPAL, duration: MAX_TIMEOUT_SECONDS } })).status).toBe(200);
  });

  it('needs moderator_id = token user (401), a moderator (403), the scope (401)', async () => {
    const viewer = await demo.mint(COZY, ['moderator:manage:banned_users']);
    const notMod = await ban({ data: { user_id: PIXELPAL } }, viewer, COZY);
    expect(notMod.json).toEqual({ error: 'Forbidden', status: 403, message: "The user in moderator_id is not one of the broadcaster's moderators." });
    expect((await ban({ data: { user_id: PIXELPAL } }, viewer, DEMO_MODERATOR_ID)).status).toBe(401);
    expect((await ban({ data: { user_id: PIXELPAL } }, await demo.mint(DEMO_MODERATOR_ID, ['moderation:read']))).status).toBe(401);
    expect(demo.state.bans.list(B, demo.state.clock.now())).toEqual([]);
  });
});

describe('channel.ban over EventSub', () => {
  it('reaches the broadcaster’s channel:moderate subscription, and only theirs', async () => {
    const clientId = await demo.newClient('ban listener');
    const token = await demo.mint(B, ['channel:moderate'], { client_id: clientId });
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    sockets.push(socket);
    expect((await subscribe(demo.url, { token, clientId }, 'channel.ban', { broadcaster_user_id: B }, sessionId)).status).toBe(202);
    const modToken = await demo.mint(DEMO_MODERATOR_ID, ['channel:moderate'], { client_id: clientId });
    expect((await subscribe(demo.url, { token: modToken, clientId }, 'channel.unban', { broadcaster_user_id: B }, sessionId)).status).toBe(403);
    await ban({ data: { user_id: PIXELPAL, duration: 30, reason: 'calm down' } });
    const frame = await socket.next('notification');
    expect(frame.metadata.subscription_type).toBe('channel.ban');
    expect(frame.payload.event).toMatchObject({ user_id: PIXELPAL, reason: 'calm down', is_permanent: false, ends_at: expect.any(String) });
  });
});

describe('Unban User', () => {
  it('lifts a ban (204) and publishes channel.unban; not banned: 400', async () => {
    await ban({ data: { user_id: PIXELPAL } });
    const events = demo.recordEvents();
    expect((await unban(PIXELPAL)).status).toBe(204);
    expect(events.map((e) => e.type)).toEqual(['channel.unban', 'channel.moderate']);
    expect(events[0]!.event).toMatchObject({ user_id: PIXELPAL, broadcaster_user_id: B, moderator_user_id: DEMO_MODERATOR_ID, moderator_user_login: 'modmallory' });
    expect((await unban(PIXELPAL)).json).toEqual({ error: 'Bad Request', status: 400, message: NOT_BANNED });
    expect((await demo.helix('DELETE', `/moderation/bans?broadcaster_id=${B}&moderator_id=${DEMO_MODERATOR_ID}`, { token: await modToken() })).json.message).toBe(
      'Missing required parameter "user_id"',
    );
  });
});

describe('Get Banned Users', () => {
  it('lists newest first, filters by user_id, pages, and lets only the broadcaster or a moderator read', async () => {
    await ban({ data: { user_id: PIXELPAL } });
    await demo.advance(1);
    await ban({ data: { user_id: COZY, duration: 600 } });
    expect((await banned()).json.data.map((b: { user_id: string }) => b.user_id)).toEqual([COZY, PIXELPAL]);
    expect((await banned(`&user_id=${PIXELPAL}`)).json.data.map((b: { user_id: string }) => b.user_id)).toEqual([PIXELPAL]);
    const page = await banned('&first=1');
    const next = await banned(`&after=${page.json.pagination.cursor}`);
    expect(next.json.data.map((b: { user_id: string }) => b.user_id)).toEqual([PIXELPAL]);
    const viewer = await demo.helix('GET', `/moderation/banned?broadcaster_id=${B}`, { token: await demo.mint(COZY, ['moderation:read']) });
    expect(viewer.status).toBe(401);
    const moderator = await demo.helix('GET', `/moderation/banned?broadcaster_id=${B}`, { token: await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:banned_users']) });
    expect(moderator.json.data).toHaveLength(2);
  });
});
