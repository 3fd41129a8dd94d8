import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { STREAMS_METADATA_LIMIT } from '../../../domain/stores/streams';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
let app: string;
const BROADCASTER = '501234567';
const VIEWERS = ['612345001', '612345002', '612345003', '612345004', '612345005'];

beforeEach(async () => {
  app = await token(null);
});

const token = (userId: string | null, scopes: string[] = []) => demo.mint(userId, scopes);
const get = (path: string, auth = app) => demo.helix('GET', path, { token: auth });
const online = (userId: string, json: Record<string, unknown> = {}) => demo.simulate(`/streams/${userId}/online`, json);
const ids = (res: { json: { data: { user_id: string }[] } }) => res.json.data.map((s) => s.user_id);

async function goLive(): Promise<void> {
  await online(BROADCASTER, { viewer_count: 120, game_id: '1469308723', title: 'Coding' });
  await online(VIEWERS[0]!, { viewer_count: 300, game_id: '488552', language: 'de' });
  await online(VIEWERS[1]!, { viewer_count: 45, game_id: '138585' });
  await online(VIEWERS[2]!, { viewer_count: 250, game_id: '27471', language: 'fr' });
}

describe('GET /helix/streams', () => {
  it('lists live streams by viewer count in the Stream shape', async () => {
    await goLive();
    const res = await get('/streams');
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([VIEWERS[0], VIEWERS[2], BROADCASTER, VIEWERS[1]]);
    expect(res.json.pagination).toEqual({});
    expect(res.json.data[2]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      user_id: BROADCASTER,
      user_login: 'sidestage_demo',
      user_name: 'Sidestage_Demo',
      game_id: '1469308723',
      game_name: 'Software and Game Development',
      type: 'live',
      title: 'Coding',
      viewer_count: 120,
      started_at: expect.stringMatching(/Z$/),
      language: 'en',
      thumbnail_url: `${demo.url}/static/previews/live_user_sidestage_demo-{width}x{height}.svg`,
      tag_ids: [],
      tags: [],
      is_mature: false,
    });
  });

  it('is empty when nobody is live, and drops a stream that goes offline', async () => {
    expect((await get('/streams')).json).toEqual({ data: [], pagination: {} });
    await online(BROADCASTER);
    expect(ids(await get('/streams'))).toEqual([BROADCASTER]);
    await demo.simulate(`/streams/${BROADCASTER}/offline`, {});
    expect((await get('/streams')).json.data).toEqual([]);
  });

  it('filters by game, language, user ID and login, with user tokens as well', async () => {
    await goLive();
    const user = await token(VIEWERS[4]!);
    expect(ids(await get('/streams?game_id=488552&game_id=138585', user))).toEqual([VIEWERS[0], VIEWERS[1]]);
    expect(ids(await get('/streams?language=de&language=fr'))).toEqual([VIEWERS[0], VIEWERS[2]]);
    expect(ids(await get(`/streams?user_id=${BROADCASTER}&user_login=ModMallory`))).toEqual([VIEWERS[2], BROADCASTER]);
    expect(ids(await get(`/streams?user_id=${BROADCASTER}&game_id=27471`))).toEqual([]);
    expect(ids(await get('/streams?type=live&language=en'))).toEqual([BROADCASTER, VIEWERS[1]]);
    expect(ids(await get('/streams?type=all'))).toHaveLength(4);
  });

  it('takes up to 100 values of each filter', async () => {
    for (const name of ['game_id', 'user_id', 'user_login', 'language']) {
      const values = (n: number) => Array.from({ length: n }, (_, i) => `${name}=${name === 'language' ? 'en' : `${i + 1}`}`).join('&');
      expect((await get(`/streams?${values(100)}`)).status, name).toBe(200);
      expect((await get(`/streams?${values(101)}`)).status, name).toBe(400);
    }
  });

  it('answers 400 for a bad type, language, first or cursor', async () => {
    for (const q of ['type=vodcast', 'language=english', 'first=0', 'first=101', 'after=%21%21', 'before=bm90IGpzb24', 'user_id=']) {
      const res = await get(`/streams?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.error).toBe('Bad Request');
    }
    expect((await get('/streams?first=100')).status).toBe(200);
  });

  it('pages forward and back', async () => {
    await goLive();
    const first = await get('/streams?first=3');
    expect(ids(first)).toEqual([VIEWERS[0], VIEWERS[2], BROADCASTER]);
    const next = await get(`/streams?first=3&after=${first.json.pagination.cursor}`);
    expect(ids(next)).toEqual([VIEWERS[1]]);
    expect(next.json.pagination).toEqual({});
    const second = await get('/streams?first=1&after=' + (await get('/streams?first=1')).json.pagination.cursor);
    const back = await get(`/streams?first=1&before=${second.json.pagination.cursor}`);
    expect(ids(back)).toEqual([VIEWERS[0]]);
  });

  it('needs a valid token', async () => {
    expect((await call(`${demo.url}/helix/streams`)).status).toBe(401);
  });
});

describe('GET /helix/streams/metadata', () => {
  it('describes each live stream, with the game state for the two supported games', async () => {
    await goLive();
    const res = await get('/streams/metadata');
    expect(res.status).toBe(200);
    expect(res.header('ratelimit-helixstreamsmetadata-limit')).toBe(String(STREAMS_METADATA_LIMIT));
    expect(res.header('ratelimit-helixstreamsmetadata-remaining')).toBe(String(STREAMS_METADATA_LIMIT - 1));
    const [overwatch, minecraft, coding, hearthstone] = res.json.data;
    expect(overwatch).toEqual({
      user_id: VIEWERS[0],
      user_name: 'PixelPal',
      game_id: '488552',
      overwatch: { broadcaster: { hero: { role: expect.any(String), name: expect.any(String), ability: expect.any(String) } } },
      hearthstone: null,
    });
    expect(minecraft).toEqual({ user_id: VIEWERS[2], user_name: 'ModMallory', game_id: null, overwatch: null, hearthstone: null });
    expect(coding.user_id).toBe(BROADCASTER);
    expect(hearthstone).toEqual({
      user_id: VIEWERS[1],
      user_name: 'cozy_carrot',
      game_id: '138585',
      overwatch: null,
      hearthstone: {
        broadcaster: { hero: { type: expect.any(String), class: expect.any(String), name: expect.any(String) } },
        opponent: { hero: { type: expect.any(String), class: expect.any(String), name: expect.any(String) } },
      },
    });
    expect((await get('/streams/metadata')).json.data).toEqual(res.json.data);
    expect(ids(await get('/streams/metadata?game_id=138585'))).toEqual([VIEWERS[1]]);
    expect((await get('/streams/metadata?type=nope')).status).toBe(400);
  });

  it('shares one global bucket across callers and answers 429 when it is empty', async () => {
    const user = await token(BROADCASTER);
    for (let i = 0; i < STREAMS_METADATA_LIMIT; i++) {
      const res = await get('/streams/metadata', i % 2 === 0 ? app : user);
      expect(res.status).toBe(200);
    }
    const empty = await get('/streams/metadata', user);
    expect(empty.status).toBe(429);
    expect(empty.json).toMatchObject({ error: 'Too Many Requests', status: 429 });
    expect(empty.header('ratelimit-helixstreamsmetadata-remaining')).toBe('0');
    // Other endpoints keep working: the bucket is the endpoint's own.
    expect((await get('/streams', user)).status).toBe(200);
    await demo.advance(60);
    expect((await get('/streams/metadata', await token(null))).status).toBe(200);
  });
});
