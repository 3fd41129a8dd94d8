import { describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { demoChannel, userFieldsOf } from '../../../test-support/demo-channel';
import { USER_NOT_FOUND } from '../../../http/request-users';
import { NO_PERMISSION_TO_REMOVE_VIP } from './vips';
import { ALREADY_A_MODERATOR, ALREADY_A_VIP, BANNED_CANNOT_BE_MODERATOR, MODERATOR_CANNOT_BE_VIP, MODERATOR_CHANGES_EXCEEDED, NO_VIP_SLOTS, NOT_A_MOD, NOT_A_VIP, VIP_ADDS_EXCEEDED, VIP_CANNOT_BE_MODERATOR, VIP_SLOTS } from '../../../domain/moderation';

const demo = useDemoEmulator();
const { broadcaster: B, pixelpal: PIXELPAL, cozy: COZY } = demoChannel;
const MISMATCH = "The ID in broadcaster_id must match the user ID found in the request's OAuth token.";

const as = (scopes: string[], userId = B) => demo.mint(userId, scopes);
const manageMods = () => as(['channel:manage:moderators']);
const manageVips = () => as(['channel:manage:vips']);

describe('moderators', () => {
  it('lists the moderators as user records, filtered by user_id and paged with first/after', async () => {
    const token = await as(['moderation:read']);
    const res = await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ ...userFieldsOf('user', DEMO_MODERATOR_ID) }], pagination: {} });

    await demo.simulate('/moderators', { broadcaster_id: B, user_id: PIXELPAL, action: 'add' });
    await demo.simulate('/moderators', { broadcaster_id: B, user_id: COZY, action: 'add' });
    const first = await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}&first=2`, { token });
    expect(first.json.data.map((m: { user_id: string }) => m.user_id)).toEqual([DEMO_MODERATOR_ID, PIXELPAL]);
    const next = await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}&after=${first.json.pagination.cursor}`, { token });
    expect(next.json).toEqual({ data: [{ ...userFieldsOf('user', COZY) }], pagination: {} });
    const filtered = await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}&user_id=${COZY}&user_id=612345004`, { token });
    expect(filtered.json.data.map((m: { user_id: string }) => m.user_id)).toEqual([COZY]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `user_id=${700000000 + i}`).join('&');
    expect((await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}&${tooMany}`, { token })).status).toBe(400);
  });

  it('lets the broadcaster, or a moderator with moderator:read:moderators, read the list; others get 401', async () => {
    const missing = await demo.helix('GET', '/moderation/moderators', { token: await as(['moderation:read']) });
    expect(missing.json.message).toBe('Missing required parameter "broadcaster_id"');
    const viewer = await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}`, { token: await as(['moderation:read'], PIXELPAL) });
    expect(viewer.status).toBe(401);
    expect(viewer.json.message).toBe(MISMATCH);
    const moderator = await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}`, { token: await as(['moderator:read:moderators'], DEMO_MODERATOR_ID) });
    expect(moderator.status).toBe(200);
    expect((await demo.helix('GET', `/moderation/moderators?broadcaster_id=${B}`, { token: await as(['user:read:email']) })).status).toBe(401);
  });

  it('adds and removes a moderator (204), records the change and publishes channel.moderator.add/remove', async () => {
    const events = demo.recordEvents();
    const token = await manageMods();
    const added = await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token });
    expect(added.status).toBe(204);
    expect(demo.state.moderators.isModerator(B, PIXELPAL)).toBe(true);
    const again = await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token });
    expect(again.json).toEqual({ error: 'Bad Request', status: 400, message: ALREADY_A_MODERATOR });

    const removed = await demo.helix('DELETE', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token });
    expect(removed.status).toBe(204);
    const notMod = await demo.helix('DELETE', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token });
    expect(notMod.json.message).toBe(NOT_A_MOD);

    expect(events.map((e) => e.type)).toEqual(['channel.moderator.add', 'channel.moderate', 'channel.moderator.remove', 'channel.moderate']);
    expect(events[0]!.event).toEqual({
      ...userFieldsOf('broadcaster_user', B),
      ...userFieldsOf('user', PIXELPAL),
    });
    const history = demo.state.moderators.changes.filter((c) => c.userId === PIXELPAL).map((c) => c.event_type);
    expect(history).toEqual(['moderation.moderator.add', 'moderation.moderator.remove']);
  });

  it('refuses a VIP (422), an unknown user (400), the broadcaster (400), another broadcaster (401) and a missing scope (401)', async () => {
    const token = await manageMods();
    await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${COZY}`, { token: await manageVips() });
    const vip = await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${COZY}`, { token });
    expect(vip.json).toEqual({ error: 'Unprocessable Entity', status: 422, message: VIP_CANNOT_BE_MODERATOR });
    expect((await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=999999999`, { token })).json).toEqual({ error: 'Bad Request', status: 400, message: USER_NOT_FOUND });
    const modToken = await demo.mint(B, ['moderator:manage:banned_users']);
    await demo.helix('POST', `/moderation/bans?broadcaster_id=${B}&moderator_id=${B}`, { token: modToken, json: { data: { user_id: '612345004' } } });
    expect((await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=612345004`, { token })).json.message).toBe(BANNED_CANNOT_BE_MODERATOR);
    expect((await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${B}`, { token })).status).toBe(400);
    expect((await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}`, { token })).json.message).toBe('Missing required parameter "user_id"');
    const other = await demo.helix('POST', `/moderation/moderators?broadcaster_id=${PIXELPAL}&user_id=${COZY}`, { token });
    expect(other.json).toEqual({ error: 'Unauthorized', status: 401, message: MISMATCH });
    const noScope = await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: await as(['moderation:read']) });
    expect(noScope.status).toBe(401);
    expect(demo.state.moderators.isModerator(B, PIXELPAL)).toBe(false);
  });
});

describe('role changes’ rate limit', () => {
  it('allows 10 moderator changes and 10 VIP additions in 10 seconds per broadcaster (429), refilled with time', async () => {
    const mods = await manageMods();
    for (let i = 0; i < 10; i++) {
      const res = await demo.helix(i % 2 === 0 ? 'POST' : 'DELETE', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: mods });
      expect(res.status).toBe(204);
    }
    expect((await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: mods })).json).toEqual({
      error: 'Too Many Requests', status: 429, message: MODERATOR_CHANGES_EXCEEDED,
    });
    expect(demo.state.moderators.isModerator(B, PIXELPAL)).toBe(false);

    const vips = await manageVips();
    for (let i = 0; i < 9; i++) {
      const user = await demo.simulate('/users', { login: `rate_vip_${i}` });
      expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${user.json.id}`, { token: vips })).status).toBe(204);
    }
    expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: vips })).status).toBe(204);
    await demo.helix('DELETE', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: vips });
    expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${COZY}`, { token: vips })).json.message).toBe(VIP_ADDS_EXCEEDED);
    await demo.advance(10);
    expect((await demo.helix('POST', `/moderation/moderators?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: mods })).status).toBe(204);
  });
});

describe('VIPs', () => {
  it('adds, lists, pages and removes VIPs, publishing channel.vip.add/remove', async () => {
    const events = demo.recordEvents();
    const token = await manageVips();
    for (const id of [PIXELPAL, COZY]) expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${id}`, { token })).status).toBe(204);
    const read = await as(['channel:read:vips']);
    const list = await demo.helix('GET', `/channels/vips?broadcaster_id=${B}&first=1`, { token: read });
    expect(list.json.data).toEqual([{ ...userFieldsOf('user', PIXELPAL) }]);
    const next = await demo.helix('GET', `/channels/vips?broadcaster_id=${B}&after=${list.json.pagination.cursor}`, { token: read });
    expect(next.json).toEqual({ data: [{ ...userFieldsOf('user', COZY) }], pagination: {} });
    expect((await demo.helix('GET', `/channels/vips?broadcaster_id=${B}&user_id=${COZY}`, { token: read })).json.data).toHaveLength(1);

    expect((await demo.helix('DELETE', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token })).status).toBe(204);
    expect(demo.state.vips.list(B)).toEqual([COZY]);
    const roleEvents = events.filter((e) => e.type !== 'channel.moderate');
    expect(roleEvents.map((e) => `${e.type}:${e.event.user_id as string}`)).toEqual([`channel.vip.add:${PIXELPAL}`, `channel.vip.add:${COZY}`, `channel.vip.remove:${PIXELPAL}`]);
    expect(events.filter((e) => e.type === 'channel.moderate').map((e) => e.event.action)).toEqual(['vip', 'vip', 'unvip']);
    expect(events[0]!.event).toEqual({ ...userFieldsOf('user', PIXELPAL), ...userFieldsOf('broadcaster_user', B) });
  });

  it('lets a VIP step down with their own token; a third user gets 403', async () => {
    await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: await manageVips() });
    const third = await demo.helix('DELETE', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: await as(['channel:manage:vips'], COZY) });
    expect(third.json).toEqual({ error: 'Forbidden', status: 403, message: NO_PERMISSION_TO_REMOVE_VIP });
    const self = await demo.helix('DELETE', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token: await as(['channel:manage:vips'], PIXELPAL) });
    expect(self.status).toBe(204);
    expect(demo.state.vips.isVip(B, PIXELPAL)).toBe(false);
  });

  it('refuses a moderator (422), a VIP twice (422), removing a non-VIP (422), an unknown user (404) and a full channel (409)', async () => {
    const token = await manageVips();
    const mod = await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${DEMO_MODERATOR_ID}`, { token });
    expect(mod.json).toEqual({ error: 'Unprocessable Entity', status: 422, message: MODERATOR_CANNOT_BE_VIP });
    await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token });
    expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${PIXELPAL}`, { token })).json.message).toBe(ALREADY_A_VIP);
    expect((await demo.helix('DELETE', `/channels/vips?broadcaster_id=${B}&user_id=${COZY}`, { token })).json).toEqual({ error: 'Unprocessable Entity', status: 422, message: NOT_A_VIP });
    expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=999999999`, { token })).status).toBe(404);

    for (let i = demo.state.vips.list(B).length; i < VIP_SLOTS; i++) {
      const res = await demo.simulate('/users', { login: `vip_${i}` });
      expect((await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${res.json.id}`, { token })).status).toBe(204);
    }
    const full = await demo.helix('POST', `/channels/vips?broadcaster_id=${B}&user_id=${COZY}`, { token });
    expect(full.json).toEqual({ error: 'Conflict', status: 409, message: NO_VIP_SLOTS });
    expect(demo.state.vips.list(B)).toHaveLength(VIP_SLOTS);
  });

  it('needs channel:read:vips or channel:manage:vips to list, and the broadcaster or a moderator with moderator:read:vips', async () => {
    expect((await demo.helix('GET', `/channels/vips?broadcaster_id=${B}`, { token: await as(['moderation:read']) })).status).toBe(401);
    expect((await demo.helix('GET', `/channels/vips?broadcaster_id=${B}`, { token: await as(['channel:read:vips'], PIXELPAL) })).status).toBe(401);
    expect((await demo.helix('GET', `/channels/vips?broadcaster_id=${B}`, { token: await as(['moderator:read:vips'], DEMO_MODERATOR_ID) })).status).toBe(200);
  });
});

describe('Get Moderated Channels', () => {
  it('lists the channels the token user moderates, paged; user_id must be the token user (401)', async () => {
    const token = await as(['user:read:moderated_channels'], PIXELPAL);
    const get = (query: string, t = token) => demo.helix('GET', `/moderation/channels?${query}`, { token: t });
    expect((await get(`user_id=${PIXELPAL}`)).json).toEqual({ data: [], pagination: {} });
    await demo.simulate('/moderators', { broadcaster_id: B, user_id: PIXELPAL, action: 'add' });
    await demo.simulate('/moderators', { broadcaster_id: '612345005', user_id: PIXELPAL, action: 'add' });
    const all = await get(`user_id=${PIXELPAL}`);
    expect(all.json.data).toEqual([
      { ...userFieldsOf('broadcaster', B) },
      { broadcaster_id: '612345005', broadcaster_login: 'speedrun_sam', broadcaster_name: 'Speedrun_Sam' },
    ]);
    const first = await get(`user_id=${PIXELPAL}&first=1`);
    expect(first.json.data).toHaveLength(1);
    expect((await get(`user_id=${PIXELPAL}&after=${first.json.pagination.cursor}`)).json.data[0].broadcaster_id).toBe('612345005');
    expect((await get('')).json.message).toBe('Missing required parameter "user_id"');
    expect((await get(`user_id=${COZY}`)).status).toBe(401);
    expect((await get(`user_id=${PIXELPAL}`, await as(['moderation:read'], PIXELPAL))).status).toBe(401);
    expect((await get(`user_id=${PIXELPAL}&first=0`)).status).toBe(400);
  });
});
