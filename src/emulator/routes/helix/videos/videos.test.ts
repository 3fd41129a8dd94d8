import { describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { badRequest as bad, useDemoEmulator } from '../../../test-support/demo-emulator';
import { encodePageCursor } from '../../../http/bidirectional-cursor';
import type { NewVideo, Video } from '../../../domain/stores/videos';
import { type HelixVideo, type HelixVideoPage } from '../../../http/views/wire/videos';
import { helixVideo, sameHelixVideo, videoPageJson } from '../../../http/views/videos';

const demo = useDemoEmulator();
const BROADCASTER = '501234567';
const EDITOR = '612345003';
const VIEWER = '612345001';
const DAY_S = 24 * 60 * 60;

const token = (userId: string | null, scopes: string[] = []) => demo.mint(userId, scopes);
const get = (path: string, auth: string) => demo.helix('GET', path, { token: auth });
const del = (path: string, auth: string) => demo.helix('DELETE', path, { token: auth });
const sim = demo.simulate;

describe('GET /helix/videos', () => {
  it('lists a user’s videos newest first in the platform’s shape, with an app token', async () => {
    const res = await get(`/videos?user_id=${BROADCASTER}`, await token(null));
    expect(res.status).toBe(200);
    expect(res.json.data.map((v: { id: string }) => v.id)).toEqual(['2104000001', '2104000002', '2104000005', '2104000003', '2104000004', '2104000006']);
    expect(res.json.pagination).toEqual({});
    expect(res.json.data[0]).toEqual({
      id: '2104000001',
      stream_id: '42104000001',
      user_id: BROADCASTER,
      user_login: 'sidestage_demo',
      user_name: 'Sidestage_Demo',
      title: 'Building a stream companion app | !sidestage',
      description: '',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      published_at: expect.stringMatching(/Z$/),
      url: `${demo.url}/videos/2104000001`,
      thumbnail_url: `${demo.url}/static/video-thumbnails/2104000001-{width}x{height}.svg`,
      viewable: 'public',
      view_count: 412,
      language: 'en',
      type: 'archive',
      duration: '3h12m8s',
      muted_segments: null,
    });
    const highlight = res.json.data.find((v: { type: string }) => v.type === 'highlight');
    expect(highlight.stream_id).toBeNull();
    expect(res.json.data.find((v: { id: string }) => v.id === '2104000002').muted_segments).toEqual([{ duration: 30, offset: 1200 }]);
  });

  it('takes a user token too, and serves the watch page and thumbnail its URLs name', async () => {
    const res = await get(`/videos?user_id=${BROADCASTER}&first=1`, await token(VIEWER));
    expect(res.status).toBe(200);
    const page = await call(res.json.data[0].url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Building a stream companion app');
    const thumb = await call(res.json.data[0].thumbnail_url.replace('{width}', '320').replace('{height}', '180'));
    expect(thumb.header('content-type')).toBe('image/svg+xml');
  });

  it('selects by id: request order, duplicates and unknown IDs dropped, other parameters ignored', async () => {
    const app = await token(null);
    const res = await get('/videos?id=2104000006&id=999&id=2104000001&id=2104000006&type=nonsense&first=0', app);
    expect(res.status).toBe(200);
    expect(res.json.data.map((v: { id: string }) => v.id)).toEqual(['2104000006', '2104000001']);
    expect(res.json.pagination).toEqual({});
    expect((await get('/videos?id=999&id=x', app)).json).toEqual({ error: 'Not Found', status: 404, message: 'The ID in the id query parameter was not found' });
  });

  it('takes up to 100 ids', async () => {
    const app = await token(null);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id=${i === 0 ? '2104000001' : 3000000000 + i}`).join('&');
    expect((await get(`/videos?${ids(100)}`, app)).status).toBe(200);
    expect((await get(`/videos?${ids(101)}`, app)).status).toBe(400);
  });

  it('needs exactly one of id, user_id and game_id', async () => {
    const app = await token(null);
    expect((await get('/videos', app)).json).toEqual(bad('The request must specify either the id or user_id or game_id query parameter'));
    expect((await get(`/videos?id=2104000001&user_id=${BROADCASTER}`, app)).json).toEqual(
      bad('The id, user_id, and game_id query parameters are mutually exclusive'),
    );
    expect((await get(`/videos?user_id=${BROADCASTER}&game_id=509658`, app)).status).toBe(400);
    expect((await get('/videos?user_id=abc', app)).status).toBe(400);
    expect((await get('/videos?user_id=999999999', app)).status).toBe(400);
    expect((await get(`/videos?user_id=${BROADCASTER}&user_id=${VIEWER}`, app)).status).toBe(400);
    expect((await get('/videos?game_id=1', app)).status).toBe(404);
  });

  it('filters by type (highlights accepted), period on the emulator clock, and validates them', async () => {
    const app = await token(null);
    const ids = async (q: string) => (await get(`/videos?user_id=${BROADCASTER}&${q}`, app)).json.data.map((v: { id: string }) => v.id);
    expect(await ids('type=highlight')).toEqual(['2104000005']);
    expect(await ids('type=highlights')).toEqual(['2104000005']);
    expect(await ids('type=upload')).toEqual(['2104000006']);
    expect(await ids('type=archive')).toHaveLength(4);
    expect(await ids('type=all')).toHaveLength(6);
    expect(await ids('period=day')).toEqual([]);
    expect(await ids('period=week')).toEqual(['2104000001', '2104000002', '2104000005', '2104000003']);
    expect(await ids('period=month')).toHaveLength(6);
    await demo.advance(1.5 * DAY_S);
    expect(await ids('period=week')).toEqual(['2104000001', '2104000002', '2104000005']);
    for (const q of ['type=clip', 'period=year', 'sort=random', 'first=0', 'first=101', 'after=garbage']) {
      expect((await get(`/videos?user_id=${BROADCASTER}&${q}`, app)).status, q).toBe(400);
    }
  });

  it('sorts by views and trending', async () => {
    const app = await token(null);
    const ids = async (q: string) => (await get(`/videos?user_id=${BROADCASTER}&${q}`, app)).json.data.map((v: { id: string }) => v.id);
    expect(await ids('sort=views')).toEqual(['2104000006', '2104000005', '2104000001', '2104000002', '2104000003', '2104000004']);
    // Views per hour since publication: yesterday's 412 beats the trailer's 3400 over 20 days.
    expect((await ids('sort=trending'))[0]).toBe('2104000001');
  });

  it('pages forward and backward with cursors', async () => {
    const app = await token(null);
    const first = await get(`/videos?user_id=${BROADCASTER}&first=2`, app);
    expect(first.json.data.map((v: { id: string }) => v.id)).toEqual(['2104000001', '2104000002']);
    const second = await get(`/videos?user_id=${BROADCASTER}&first=2&after=${first.json.pagination.cursor}`, app);
    expect(second.json.data.map((v: { id: string }) => v.id)).toEqual(['2104000005', '2104000003']);
    const third = await get(`/videos?user_id=${BROADCASTER}&first=2&after=${second.json.pagination.cursor}`, app);
    expect(third.json.data.map((v: { id: string }) => v.id)).toEqual(['2104000004', '2104000006']);
    expect(third.json.pagination).toEqual({});
    const back = await get(`/videos?user_id=${BROADCASTER}&first=2&before=${second.json.pagination.cursor}`, app);
    expect(back.json.data.map((v: { id: string }) => v.id)).toEqual(['2104000001', '2104000002']);
    expect(back.json.pagination).toEqual({});
  });

  it('selects by game with language, and caps a game at 500 results', async () => {
    const app = await token(null);
    await sim('/videos', { user_id: VIEWER, type: 'upload', game_id: '509658', language: 'de' });
    const chatting = await get('/videos?game_id=509658', app);
    expect(chatting.json.data.map((v: { id: string }) => v.id)).toContain('2104000004');
    expect(chatting.json.data).toHaveLength(2);
    const german = await get('/videos?game_id=509658&language=de', app);
    expect(german.json.data.map((v: { language: string }) => v.language)).toEqual(['de']);
    expect((await get('/videos?game_id=509658&language=german', app)).status).toBe(400);

    for (let i = 0; i < 510; i++) {
      demo.state.videos.create({
        streamId: null, userId: VIEWER, title: `Clip ${i}`, description: '', createdAt: 1e12 + i, publishedAt: 1e12 + i, viewCount: 0,
        language: 'en', type: 'upload', durationSeconds: 10, gameId: '27471', mutedSegments: null,
      });
    }
    let seen = 0;
    let cursor: string | undefined;
    do {
      const res = await get(`/videos?game_id=27471&first=100${cursor ? `&after=${cursor}` : ''}`, app);
      seen += res.json.data.length;
      cursor = res.json.pagination.cursor;
    } while (cursor);
    expect(seen).toBe(500);
  });

  it('lets archives expire on the emulator clock: 60 days for partners, 14 for others; highlights and uploads stay', async () => {
    const app = await token(null);
    const viewerArchive = (await sim('/videos', { user_id: VIEWER, type: 'archive', title: 'Ordinary' })).json;
    const viewerUpload = (await sim('/videos', { user_id: VIEWER, type: 'upload' })).json;
    await demo.advance(14 * DAY_S - 60);
    expect((await get(`/videos?id=${viewerArchive.id}`, app)).status).toBe(200);
    await demo.advance(60);
    expect((await get(`/videos?id=${viewerArchive.id}`, app)).status).toBe(404);
    expect((await get(`/videos?id=${viewerUpload.id}`, app)).status).toBe(200);

    // The demo broadcaster is a partner: the oldest archive (12 days old) lasts until day 60.
    expect((await get('/videos?id=2104000004', app)).status).toBe(200);
    await demo.advance((60 - 14 - 12) * DAY_S);
    expect((await get('/videos?id=2104000004', app)).status).toBe(404);
    const left = await get(`/videos?user_id=${BROADCASTER}`, app);
    expect(left.json.data.map((v: { type: string }) => v.type).sort()).toEqual(['archive', 'archive', 'archive', 'highlight', 'upload']);
    await demo.advance(100 * DAY_S);
    // A fresh token: app tokens do not live for months.
    const later = await get(`/videos?user_id=${BROADCASTER}`, await token(null));
    expect(later.json.data.map((v: { type: string }) => v.type).sort()).toEqual(['highlight', 'upload']);
  });

  it('records an archive while a stream is live with past broadcasts stored, and not without', async () => {
    const app = await token(null);
    const online = (await sim(`/streams/${BROADCASTER}/online`, { title: 'Live now' })).json;
    await demo.advance(125);
    let newest = (await get(`/videos?user_id=${BROADCASTER}&first=1`, app)).json.data[0];
    expect(newest).toMatchObject({ stream_id: online.id, type: 'archive', title: 'Live now', duration: '2m5s' });
    await demo.advance(60);
    await sim(`/streams/${BROADCASTER}/offline`, {});
    await demo.advance(600);
    newest = (await get(`/videos?user_id=${BROADCASTER}&first=1`, app)).json.data[0];
    expect(newest).toMatchObject({ stream_id: online.id, duration: '3m5s' });

    const novod = (await sim(`/streams/${VIEWER}/online`, { vod: false })).json;
    const viewerVideos = (await get(`/videos?user_id=${VIEWER}`, app)).json.data;
    expect(viewerVideos.some((v: { stream_id: string }) => v.stream_id === novod.id)).toBe(false);
  });
});

/**
 * Titles and descriptions that take every branch of a JSON string writer: empty, plain, quotes and
 * backslashes, control characters, non-Latin-1 text and emoji (surrogate pairs), lone surrogates,
 * line and paragraph separators, and short, long and very long strings.
 */
const AWKWARD_TEXTS: readonly string[] = [
  '',
  'Plain ASCII title',
  'Quotes " and \\ backslashes \\" mixed',
  'Tab\there, newline\nthere, NUL \u0000 and \u001f unit separator',
  'Café crème, naïve façade, Ærøskøbing',
  '日本語のタイトル・配信アーカイブ',
  'Emoji 🎮🔥 and a flag 🇫🇷, ZWJ family 👩‍👩‍👧',
  'Lone high \ud83c and lone low \udf2e surrogates',
  'Separators \u2028 line \u2029 paragraph, DEL \u007f, NBSP \u00a0',
  'x'.repeat(41),
  'x'.repeat(42),
  `${'long title with a quote " '.repeat(40)}end`,
  `${'y'.repeat(6000)}`,
  '<script>alert("x")</script> & </title>',
];

/** Published an hour apart within the last day, so that no archive has expired. */
function awkwardVideo(index: number, userId: string, overrides: Partial<NewVideo> = {}): NewVideo {
  const publishedAt = demo.state.clock.now() - (index + 1) * 3_600_000;
  const text = AWKWARD_TEXTS[index % AWKWARD_TEXTS.length]!;
  const type = (['archive', 'highlight', 'upload'] as const)[index % 3]!;
  return {
    streamId: type === 'archive' ? `9${String(index).padStart(10, '0')}` : null,
    userId,
    title: text,
    description: AWKWARD_TEXTS[(index + 5) % AWKWARD_TEXTS.length]!,
    createdAt: publishedAt,
    publishedAt,
    viewCount: [0, 1, 412, 2 ** 31, Number.MAX_SAFE_INTEGER][index % 5]!,
    language: index % 4 === 0 ? 'other' : 'en',
    type,
    durationSeconds: [0, 59, 3600, 3 * 3600 + 12 * 60 + 8][index % 4]!,
    gameId: '27471',
    mutedSegments: [null, [], [{ duration: 30, offset: 1200 }], [{ duration: 0.5, offset: 0 }, { duration: 12, offset: 99999 }]][index % 4]!,
    ...overrides,
  };
}

describe('Get Videos serialisation', () => {
  const previousSerialisation = (list: readonly Video[], pagination: HelixVideoPage['pagination'], now: number) =>
    JSON.stringify({ data: list.map((v) => helixVideo(demo.state, v, now)), pagination });

  it('writes exactly the bytes JSON.stringify writes, for every kind of field and page', async () => {
    const user = await demo.sim.createUser({ login: 'unicode_streamer', display_name: 'Ünïcødé_Streamer' });
    const unknownUserId = '999999999';
    const now = demo.state.clock.now();
    const videos: Video[] = AWKWARD_TEXTS.map((_, i) => demo.state.videos.create(awkwardVideo(i, i % 2 === 0 ? user.id : unknownUserId)));
    const pages: [Video[], HelixVideoPage['pagination']][] = [
      [videos, {}],
      [videos.slice(0, 3), { cursor: encodePageCursor(0, 3) }],
      [videos.slice(3, 4), { cursor: encodePageCursor(3, 4) }],
      [[], {}],
    ];
    // Twice: the first writes each video, the second reuses what was written.
    for (let pass = 0; pass < 2; pass += 1) {
      for (const [list, pagination] of pages) expect(videoPageJson(demo.state, list, pagination, now)).toBe(previousSerialisation(list, pagination, now));
    }
    // The seed's own videos (a stream ID, muted segments, a description) too.
    const seeded = demo.state.videos.list().filter((v) => v.userId === BROADCASTER);
    expect(videoPageJson(demo.state, seeded, {}, now)).toBe(previousSerialisation(seeded, {}, now));
  });

  it('never reuses a video’s JSON once anything it shows has changed', async () => {
    const user = await demo.sim.createUser({ login: 'changing_streamer', display_name: 'Before' });
    const upload = demo.state.videos.create(awkwardVideo(2, user.id, { mutedSegments: [{ duration: 5, offset: 10 }] }));
    const page = () => [upload, ...demo.state.videos.list().filter((v) => v.userId === user.id && v.id !== upload.id)];
    const check = () => {
      const now = demo.state.clock.now();
      const json = videoPageJson(demo.state, page(), {}, now);
      expect(json).toBe(previousSerialisation(page(), {}, now));
      return json;
    };
    const changes: (() => unknown)[] = [
      () => { upload.title = 'Renamed ✨'; },
      () => { upload.description = 'Now with a "description"'; },
      () => { upload.viewCount += 1; },
      () => { upload.mutedSegments![0]!.offset = 11; },
      () => { upload.mutedSegments!.push({ duration: 1, offset: 2 }); },
      () => { upload.mutedSegments = null; },
      () => { upload.publishedAt -= 1000; },
      () => { upload.language = 'de'; },
      () => { demo.state.users.get(user.id)!.displayName = 'After'; },
      () => demo.sim.streamOnline(user.id, { title: 'Live now', vod: true }),
      () => demo.advance(65),
      async () => {
        const res = await demo.helix('PATCH', `/channels?broadcaster_id=${user.id}`, { token: await token(user.id, ['channel:manage:broadcast']), json: { title: 'Retitled live' } });
        expect(res.status).toBe(204);
      },
    ];
    let previous = check();
    for (const change of changes) {
      await change();
      const next = check();
      expect(next).not.toBe(previous);
      previous = next;
    }
  });

  it('tells apart two shapes that differ in any one field, muted segments included', () => {
    const video = demo.state.videos.create(awkwardVideo(2, BROADCASTER, { mutedSegments: [{ duration: 5, offset: 10 }] }));
    const shape = helixVideo(demo.state, video, demo.state.clock.now());
    expect(sameHelixVideo(shape, { ...shape })).toBe(true);
    const altered = (value: unknown) => (typeof value === 'number' ? value + 1 : typeof value === 'string' ? `${value}!` : value === null ? [] : null);
    for (const key of Object.keys(shape) as (keyof HelixVideo)[]) {
      expect(sameHelixVideo(shape, { ...shape, [key]: altered(shape[key]) }), key).toBe(false);
    }
    expect(sameHelixVideo(shape, { ...shape, muted_segments: [{ duration: 5, offset: 11 }] })).toBe(false);
    expect(sameHelixVideo(shape, { ...shape, muted_segments: [{ duration: 6, offset: 10 }] })).toBe(false);
    expect(sameHelixVideo(shape, { ...shape, muted_segments: [{ duration: 5, offset: 10 }, { duration: 1, offset: 1 }] })).toBe(false);
    expect(sameHelixVideo(shape, { ...shape, muted_segments: [{ duration: 5, offset: 10 }] })).toBe(true);
  });

  it('answers the route with the previous serialisation’s bytes and Content-Type, cursor included', async () => {
    const user = await demo.sim.createUser({ login: 'awkward_titles', display_name: '配信者' });
    const videos = AWKWARD_TEXTS.map((_, i) => demo.state.videos.create(awkwardVideo(i, user.id)));
    const app = await token(null);
    const newestFirst = videos;

    const first = await get(`/videos?user_id=${user.id}&first=4`, app);
    expect(first.status).toBe(200);
    expect(first.header('content-type')).toBe('application/json; charset=utf-8');
    const now = demo.state.clock.now();
    const expected = (list: Video[], pagination: HelixVideoPage['pagination']) => previousSerialisation(list, pagination, now);
    expect(first.text).toBe(expected(newestFirst.slice(0, 4), { cursor: encodePageCursor(0, 4) }));
    expect(first.header('content-length')).toBe(String(Buffer.byteLength(first.text)));

    const last = await get(`/videos?user_id=${user.id}&first=4&after=${encodePageCursor(8, 12)}`, app);
    expect(last.text).toBe(expected(newestFirst.slice(12), {}));

    const byId = await get(`/videos?id=${videos[6]!.id}&id=${videos[7]!.id}`, app);
    expect(byId.text).toBe(expected([videos[6]!, videos[7]!], {}));
  });
});

describe('DELETE /helix/videos', () => {
  it('deletes up to 5 of the caller’s videos and answers their IDs', async () => {
    const own = await token(BROADCASTER, ['channel:manage:videos']);
    const res = await del('/videos?id=2104000001&id=2104000002&id=2104000001', own);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: ['2104000001', '2104000002'] });
    expect((await get('/videos?id=2104000001', own)).status).toBe(404);
  });

  it('is all or nothing: a missing or foreign video gives 401 and deletes none', async () => {
    const own = await token(BROADCASTER, ['channel:manage:videos']);
    const foreign = (await sim('/videos', { user_id: VIEWER, type: 'upload' })).json.id;
    for (const q of [`id=2104000001&id=${foreign}`, 'id=2104000001&id=1234567']) {
      const res = await del(`/videos?${q}`, own);
      expect(res.status).toBe(401);
      expect(res.json.error).toBe('Unauthorized');
    }
    expect((await get('/videos?id=2104000001', own)).status).toBe(200);
  });

  it('lets an editor delete the broadcaster’s videos', async () => {
    const editor = await token(EDITOR, ['channel:manage:videos']);
    expect((await del('/videos?id=2104000006', editor)).json).toEqual({ data: ['2104000006'] });
  });

  it('needs the scope, a user token and 1-5 ids', async () => {
    const own = await token(BROADCASTER, ['channel:manage:videos']);
    expect((await del('/videos?id=2104000001', await token(BROADCASTER, ['user:read:email']))).status).toBe(401);
    expect((await del('/videos?id=2104000001', await token(null, ['channel:manage:videos']))).status).toBe(401);
    expect((await del('/videos', own)).json).toEqual(bad('Missing required parameter "id"'));
    const six = ['2104000001', '2104000002', '2104000003', '2104000004', '2104000005', '2104000006'];
    expect((await del(`/videos?${six.map((id) => `id=${id}`).join('&')}`, own)).status).toBe(400);
    expect((await del(`/videos?${six.slice(0, 5).map((id) => `id=${id}`).join('&')}`, own)).json.data).toHaveLength(5);
  });
});
