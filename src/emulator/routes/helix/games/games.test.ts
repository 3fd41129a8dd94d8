import { beforeEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../../catalogue/games';
import { call } from '../../../test-support/emulator-test-client';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
let app: string;

beforeEach(async () => {
  app = await demo.mint(null, []);
});

const get = (path: string, auth = app) => demo.helix('GET', path, { token: auth });
const names = (res: { json: { data: { name: string }[] } }) => res.json.data.map((g) => g.name);

describe('GET /helix/games/top', () => {
  it('orders games by current viewers, in the Game shape', async () => {
    await demo.simulate('/streams/612345001/online', { game_id: '27471', viewer_count: 10 });
    await demo.simulate('/streams/612345002/online', { game_id: '27471', viewer_count: 15 });
    await demo.simulate('/streams/612345003/online', { game_id: '138585', viewer_count: 20 });
    const res = await get('/games/top?first=3');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      { id: '27471', name: 'Minecraft', box_art_url: `${demo.url}/static/box-art/27471-{width}x{height}.jpg`, igdb_id: '121' },
      { id: '138585', name: 'Hearthstone', box_art_url: `${demo.url}/static/box-art/138585-{width}x{height}.jpg`, igdb_id: '1279' },
      { id: GAMES[0]!.id, name: GAMES[0]!.name, box_art_url: expect.any(String), igdb_id: GAMES[0]!.igdbId },
    ]);
    expect(res.json.pagination.cursor).toEqual(expect.any(String));
  });

  it('pages forward with after; before answers the first page (the reported behavior)', async () => {
    const first = await get('/games/top?first=5');
    const second = await get(`/games/top?first=5&after=${first.json.pagination.cursor}`);
    expect(names(second)).toEqual(GAMES.slice(5, 10).map((g) => g.name));
    const third = await get(`/games/top?first=5&after=${second.json.pagination.cursor}`);
    const back = await get(`/games/top?first=5&before=${third.json.pagination.cursor}`);
    expect(names(back)).toEqual(names(first));
    const all = await get('/games/top?first=100');
    expect(all.json.data).toHaveLength(GAMES.length);
    expect(all.json.pagination).toEqual({});
    expect((await get('/games/top')).json.data).toHaveLength(20);
  });

  it('answers 400 for a bad first or after, and 401 without a token', async () => {
    for (const q of ['first=0', 'first=101', 'first=x', 'after=nope!']) expect((await get(`/games/top?${q}`)).status, q).toBe(400);
    expect((await call(`${demo.url}/helix/games/top`)).status).toBe(401);
  });
});

describe('GET /helix/games', () => {
  it('finds games by id, exact name (any case) and IGDB ID, without duplicates', async () => {
    const res = await get('/games?id=509658&name=minecraft&igdb_id=1905&id=509658&name=Mine&id=1');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Just Chatting', 'Minecraft', 'Fortnite']);
    expect(res.json.data[0]).toEqual({ id: '509658', name: 'Just Chatting', box_art_url: `${demo.url}/static/box-art/509658-{width}x{height}.jpg`, igdb_id: '' });
    expect((await get('/games?id=1')).json).toEqual({ data: [] });
  });

  it('takes 1-100 lookups in all', async () => {
    expect((await get('/games')).status).toBe(400);
    expect((await get('/games?id=')).status).toBe(400);
    const lookups = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `id=${i}` : `name=g${i}`)).join('&');
    expect((await get(`/games?${lookups(100)}`)).status).toBe(200);
    expect((await get(`/games?${lookups(101)}`)).status).toBe(400);
  });
});
