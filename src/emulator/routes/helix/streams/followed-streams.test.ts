import { describe, expect, it } from 'vitest';
import { useDemoEmulator } from '../../../test-support/demo-emulator';
import { USER_ID_MISMATCH } from '../../../http/token-user';

const demo = useDemoEmulator();
const B = '501234567';
const MALLORY = '612345003';
const SAM = '612345005';

const followed = async (query: string, scopes = ['user:read:follows'], userId = B) => demo.helix('GET', `/streams/followed${query}`, { token: await demo.mint(userId, scopes) });

describe('GET /helix/streams/followed', () => {
  it('lists the live streams of followed channels, most viewers first, in Get Streams’ shape', async () => {
    expect((await followed(`?user_id=${B}`)).json).toEqual({ data: [], pagination: {} });
    await demo.simulate(`/streams/${SAM}/online`, { viewer_count: 3, title: 'any%' });
    await demo.simulate(`/streams/${MALLORY}/online`, { viewer_count: 30 });
    // Not followed by the broadcaster: not listed.
    await demo.simulate(`/streams/612345001/online`, { viewer_count: 300 });
    const res = await followed(`?user_id=${B}`);
    expect(res.status).toBe(200);
    expect(res.json.data.map((s: { user_id: string }) => s.user_id)).toEqual([MALLORY, SAM]);
    expect(res.json.data[1]).toMatchObject({ user_id: SAM, user_login: 'speedrun_sam', type: 'live', title: 'any%', viewer_count: 3 });
    expect(Object.keys(res.json.data[1]).sort()).toEqual(
      ['game_id', 'game_name', 'id', 'is_mature', 'language', 'started_at', 'tag_ids', 'tags', 'thumbnail_url', 'title', 'type', 'user_id', 'user_login', 'user_name', 'viewer_count'].sort(),
    );

    const first = await followed(`?user_id=${B}&first=1`);
    expect(first.json.data).toHaveLength(1);
    const next = await followed(`?user_id=${B}&first=1&after=${first.json.pagination.cursor}`);
    expect(next.json).toMatchObject({ data: [{ user_id: SAM }], pagination: {} });
  });

  it('needs user_id (400) of the token user (401), user:read:follows (401), first 1-100 (400)', async () => {
    expect((await followed('')).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "user_id"' });
    expect((await followed(`?user_id=${SAM}`)).json).toEqual({ error: 'Unauthorized', status: 401, message: USER_ID_MISMATCH });
    expect((await followed(`?user_id=${B}`, ['user:read:email'])).status).toBe(401);
    expect((await followed(`?user_id=${B}&first=101`)).status).toBe(400);
    expect((await followed(`?user_id=${B}&first=0`)).status).toBe(400);
  });
});
