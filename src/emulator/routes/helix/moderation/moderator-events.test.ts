import { describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ADDED_AT, DEMO_MODERATOR_ID } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();

const events = (query: string, token?: string) => demo.helix('GET', `/moderation/moderators/events${query}`, { token, scopes: ['moderation:read'] });
const moderator = (user_id: string, action: 'add' | 'remove', broadcaster_id = demo.broadcasterId) => demo.simulate('/moderators', { broadcaster_id, user_id, action });
const idsOf = (res: { json: { data: { event_type: string; event_data: { user_id: string } }[] } }) =>
  res.json.data.map((r) => `${r.event_type.replace('moderation.moderator.', '')}:${r.event_data.user_id}`);

describe('GET /helix/moderation/moderators/events', () => {
  it('returns the seed’s moderator-change record in the spec’s shape', async () => {
    const res = await events(`?broadcaster_id=${demo.broadcasterId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          id: expect.any(String),
          event_type: 'moderation.moderator.add',
          event_timestamp: DEMO_MODERATOR_ADDED_AT,
          version: '1.0',
          event_data: {
            broadcaster_id: demo.broadcasterId,
            broadcaster_login: 'sidestage_demo',
            broadcaster_name: 'Sidestage_Demo',
            user_id: DEMO_MODERATOR_ID,
            user_login: 'modmallory',
            user_name: 'ModMallory',
          },
        },
      ],
      pagination: {},
    });
  });

  it('lists changes newest first, only the broadcaster’s own', async () => {
    await moderator('612345001', 'add');
    await moderator('612345001', 'remove');
    await moderator('612345002', 'add');
    await moderator(demo.broadcasterId, 'add', '612345005');
    const res = await events(`?broadcaster_id=${demo.broadcasterId}`);
    expect(idsOf(res)).toEqual(['add:612345002', 'remove:612345001', 'add:612345001', `add:${DEMO_MODERATOR_ID}`]);
  });

  it('filters by user_id (up to 100), ignoring after', async () => {
    await moderator('612345001', 'add');
    await moderator('612345002', 'add');
    await moderator('612345001', 'remove');
    const res = await events(`?broadcaster_id=${demo.broadcasterId}&user_id=612345001&user_id=${DEMO_MODERATOR_ID}&first=1&after=garbage`);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(['remove:612345001', 'add:612345001', `add:${DEMO_MODERATOR_ID}`]);
    expect(res.json.pagination).toEqual({});

    const hundred = Array.from({ length: 100 }, (_, i) => `user_id=${700000000 + i}`).join('&');
    expect((await events(`?broadcaster_id=${demo.broadcasterId}&${hundred}`)).status).toBe(200);
    const tooMany = await events(`?broadcaster_id=${demo.broadcasterId}&${hundred}&user_id=1`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toContain('user_id');
  });

  it('pages 20 by default, first up to 100, with after', async () => {
    const viewer = '612345001';
    for (let i = 0; i < 60; i++) await moderator(viewer, i % 2 === 0 ? 'add' : 'remove');
    const byDefault = await events(`?broadcaster_id=${demo.broadcasterId}`);
    expect(byDefault.json.data).toHaveLength(20);
    expect(byDefault.json.pagination.cursor).toEqual(expect.any(String));
    const next = await events(`?broadcaster_id=${demo.broadcasterId}&first=100&after=${byDefault.json.pagination.cursor}`);
    expect(next.json.data).toHaveLength(41);
    expect(next.json.pagination).toEqual({});
    expect(next.json.data[40].event_data.user_id).toBe(DEMO_MODERATOR_ID);
    expect(next.json.data[0].id).not.toBe(byDefault.json.data[19].id);
    expect((await events(`?broadcaster_id=${demo.broadcasterId}&first=100`)).json.data).toHaveLength(61);
    expect((await events(`?broadcaster_id=${demo.broadcasterId}&first=101`)).status).toBe(400);
    expect((await events(`?broadcaster_id=${demo.broadcasterId}&first=0`)).status).toBe(400);
    expect((await events(`?broadcaster_id=${demo.broadcasterId}&after=abc`)).json.message).toBe('Invalid parameter "after": not a valid pagination cursor');
  });

  it('needs broadcaster_id (400) equal to the token user (401), moderation:read and a user token (401)', async () => {
    expect((await events('')).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "broadcaster_id"' });
    const other = await events(`?broadcaster_id=612345001`);
    expect(other.status).toBe(401);
    expect(other.json.message).toBe("The ID in broadcaster_id must match the user ID found in the request's OAuth token.");
    expect((await events(`?broadcaster_id=${demo.broadcasterId}`, await demo.mint(demo.broadcasterId, ['moderator:read:chatters']))).status).toBe(401);
    expect((await events(`?broadcaster_id=${demo.broadcasterId}`, await demo.mint(null, ['moderation:read']))).status).toBe(401);
  });
});
