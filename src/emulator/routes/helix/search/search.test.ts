import { beforeEach, describe, expect, it } from 'vitest';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
let app: string;
const BROADCASTER = '501234567';
const SPEEDRUNNER = '612345005';
const DAY_S = 24 * 60 * 60;

beforeEach(async () => {
  app = await demo.mint(null, []);
});

const get = (path: string, auth = app) => demo.helix('GET', path, { token: auth });
const sim = (path: string, json: unknown = {}) => demo.simulate(path, json);
const logins = (res: { json: { data: { broadcaster_login: string }[] } }) => res.json.data.map((c) => c.broadcaster_login);

describe('GET /helix/search/categories', () => {
  it('matches names partially and in any case, best matches first', async () => {
    const res = await get('/search/categories?query=CRAFT');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { box_art_url: `${demo.url}/static/box-art/27471-{width}x{height}.jpg`, name: 'Minecraft', id: '27471' },
        { box_art_url: `${demo.url}/static/box-art/18122-{width}x{height}.jpg`, name: 'World of Warcraft', id: '18122' },
      ],
      pagination: {},
    });
    // Prefix, then word start, then anywhere (catalogue order within each).
    expect((await get('/search/categories?query=st')).json.data.map((g: { name: string }) => g.name)).toEqual([
      'Stardew Valley',
      'Counter-Strike',
      'Just Chatting',
      'Talk Shows & Podcasts',
      'Hearthstone',
      'Rust',
    ]);
    expect((await get('/search/categories?query=just%20chatting')).json.data[0].name).toBe('Just Chatting');
    expect((await get('/search/categories?query=zzzz')).json).toEqual({ data: [], pagination: {} });
  });

  it('pages forward only', async () => {
    const first = await get('/search/categories?query=e&first=2');
    expect(first.json.data).toHaveLength(2);
    const next = await get(`/search/categories?query=e&first=2&after=${first.json.pagination.cursor}`);
    expect(next.json.data[0].id).not.toBe(first.json.data[0].id);
    const ignored = await get(`/search/categories?query=e&first=2&before=${next.json.pagination.cursor}`);
    expect(ignored.json.data).toEqual(first.json.data);
  });

  it('needs query, and first within 1-100', async () => {
    expect((await get('/search/categories')).json).toEqual({ error: 'Bad Request', status: 400, message: 'Missing required parameter "query"' });
    expect((await get('/search/categories?query=%20')).status).toBe(400);
    expect((await get('/search/categories?query=a&first=101')).status).toBe(400);
    expect((await get('/search/categories?query=a&first=100')).status).toBe(200);
  });
});

describe('GET /helix/search/channels', () => {
  it('finds channels that streamed lately by login, display name, title or description, in the result shape', async () => {
    const res = await get('/search/channels?query=sidestage');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          broadcaster_language: 'en',
          broadcaster_login: 'sidestage_demo',
          display_name: 'Sidestage_Demo',
          game_id: '1469308723',
          game_name: 'Software and Game Development',
          id: BROADCASTER,
          is_live: false,
          tag_ids: [],
          tags: [],
          thumbnail_url: `${demo.url}/static/profile-images/${BROADCASTER}-profile_image-300x300.svg`,
          title: 'Building a stream companion app | !sidestage',
          started_at: '',
        },
      ],
      pagination: {},
    });
    expect(logins(await get('/search/channels?query=ANY%25'))).toEqual(['speedrun_sam']);
    expect(logins(await get('/search/channels?query=desktop%20companion'))).toEqual(['sidestage_demo']);
    // Viewers who never streamed are not found.
    expect(logins(await get('/search/channels?query=pixelpal'))).toEqual([]);
  });

  it('marks live channels, and live_only keeps just those', async () => {
    await sim(`/streams/${SPEEDRUNNER}/online`, { viewer_count: 5 });
    const res = await get('/search/channels?query=s');
    const sam = res.json.data.find((c: { id: string }) => c.id === SPEEDRUNNER);
    expect(sam).toMatchObject({ is_live: true, started_at: expect.stringMatching(/Z$/), tags: ['Speedrun', 'English'] });
    expect(logins(await get('/search/channels?query=s&live_only=true'))).toEqual(['speedrun_sam']);
    expect((await get('/search/channels?query=s&live_only=maybe')).status).toBe(400);
  });

  it('forgets channels that have not streamed for 6 months, and finds them again once they go live', async () => {
    const newcomer = (await sim('/users', { login: 'fresh_face' })).json;
    expect(logins(await get('/search/channels?query=fresh'))).toEqual([]);
    await sim(`/streams/${newcomer.id}/online`);
    expect(logins(await get('/search/channels?query=fresh'))).toEqual(['fresh_face']);
    await sim(`/streams/${newcomer.id}/offline`);
    await sim('/clock', { advance_seconds: 150 * DAY_S });
    expect(logins(await get('/search/channels?query=fresh', await demo.mint(null, [])))).toEqual(['fresh_face']);
    await sim('/clock', { advance_seconds: 40 * DAY_S });
    expect(logins(await get('/search/channels?query=fresh', await demo.mint(null, [])))).toEqual([]);
  });

  it('pages forward and validates its parameters', async () => {
    const first = await get('/search/channels?query=s&first=1');
    expect(first.json.data).toHaveLength(1);
    const next = await get(`/search/channels?query=s&first=1&after=${first.json.pagination.cursor}`);
    expect(next.json.data).toHaveLength(1);
    expect(next.json.data[0].id).not.toBe(first.json.data[0].id);
    expect((await get('/search/channels')).status).toBe(400);
    expect((await get('/search/channels?query=s&first=0')).status).toBe(400);
    expect((await get('/search/channels?query=s&after=%25%25')).status).toBe(400);
  });
});
