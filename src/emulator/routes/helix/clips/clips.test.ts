import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { badRequest, notFound, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const VIEWER = '612345001';

beforeEach(async () => {
  await demo.simulate(`/streams/${demo.broadcasterId}/online`, { title: 'Building stream tools' });
});

const createClip = async (query = `broadcaster_id=${demo.broadcasterId}`) =>
  demo.helix('POST', `/clips?${query}`, { token: await demo.mint(VIEWER, ['clips:edit']) });
const getClips = (query: string) => demo.helix('GET', `/clips?${query}`, {});

describe('POST /helix/clips', () => {
  it('answers 202 with the id and edit URL; Get Clips lists the clip only after 15 s on the emulator clock', async () => {
    const res = await createClip();
    expect(res.status).toBe(202);
    const { id, edit_url } = res.json.data[0];
    expect(id).toMatch(/^[A-Za-z]+-[A-Za-z0-9_-]{16}$/);
    expect(edit_url).toBe(`${demo.url}/clips/${id}/edit`);
    expect((await getClips(`id=${id}`)).json.data).toEqual([]);
    expect((await call(edit_url)).status).toBe(404);
    await demo.advance(14);
    expect((await getClips(`id=${id}`)).json.data).toEqual([]);
    await demo.advance(1);
    const listed = (await getClips(`id=${id}`)).json.data;
    expect(listed).toEqual([
      {
        id,
        url: `${demo.url}/clips/${id}`,
        embed_url: `${demo.url}/clips/${id}?embed=true`,
        broadcaster_id: demo.broadcasterId,
        broadcaster_name: 'Sidestage_Demo',
        creator_id: VIEWER,
        creator_name: expect.any(String),
        video_id: expect.stringMatching(/^\d+$/),
        game_id: expect.any(String),
        language: expect.any(String),
        title: 'Building stream tools',
        view_count: 0,
        created_at: expect.any(String),
        thumbnail_url: `${demo.url}/static/previews/live_user_sidestage_demo-480x272.svg`,
        duration: 30,
        vod_offset: 0,
        is_featured: false,
      },
    ]);
    const editPage = await call(edit_url);
    expect(editPage.status).toBe(200);
    expect(editPage.text).toContain('Building stream tools');
  });

  it('needs a live channel (404), broadcaster_id (400) and clips:edit (401)', async () => {
    await demo.simulate(`/streams/${demo.broadcasterId}/offline`);
    expect((await createClip()).json).toEqual(notFound('The broadcaster in the broadcaster_id query parameter must be broadcasting live.'));
    expect((await createClip('')).json).toEqual(badRequest('Missing required parameter "broadcaster_id"'));
    expect((await createClip('broadcaster_id=999999999')).status).toBe(400);
    expect((await createClip(`broadcaster_id=${demo.broadcasterId}&has_delay=maybe`)).status).toBe(400);
    const noScope = await demo.helix('POST', `/clips?broadcaster_id=${demo.broadcasterId}`, { token: await demo.mint(VIEWER, []) });
    expect(noScope.status).toBe(401);
  });

  it('takes has_delay and places the clip in the archive by its offset', async () => {
    await demo.advance(100);
    const res = await createClip(`broadcaster_id=${demo.broadcasterId}&has_delay=true`);
    expect(res.status).toBe(202);
    await demo.advance(15);
    const clip = (await getClips(`id=${res.json.data[0].id}`)).json.data[0];
    expect(clip.vod_offset).toBe(100 - 5 - 30);
  });
});

describe('GET /helix/clips', () => {
  const seed = (extra: Record<string, unknown>) => demo.simulate('/clips', { broadcaster_id: demo.broadcasterId, ...extra }).then((r) => r.json);

  it('lists a broadcaster by views, filters by dates and is_featured, and pages both ways', async () => {
    const a = await seed({ view_count: 10, created_at: '2026-01-10T00:00:00Z' });
    const b = await seed({ view_count: 30, created_at: '2026-02-10T00:00:00Z', is_featured: true });
    const c = await seed({ view_count: 20, created_at: '2026-03-10T00:00:00Z' });
    const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((clip) => clip.id);
    expect(ids(await getClips(`broadcaster_id=${demo.broadcasterId}`))).toEqual([b.id, c.id, a.id]);
    expect(ids(await getClips(`broadcaster_id=${demo.broadcasterId}&started_at=2026-02-01T00:00:00Z&ended_at=2026-03-31T00:00:00Z`))).toEqual([b.id, c.id]);
    // started_at alone: a window of one week.
    expect(ids(await getClips(`broadcaster_id=${demo.broadcasterId}&started_at=2026-02-09T00:00:00Z`))).toEqual([b.id]);
    expect(ids(await getClips(`broadcaster_id=${demo.broadcasterId}&is_featured=false`))).toEqual([c.id, a.id]);
    const first = await getClips(`broadcaster_id=${demo.broadcasterId}&first=2`);
    expect(ids(first)).toEqual([b.id, c.id]);
    const next = await getClips(`broadcaster_id=${demo.broadcasterId}&first=2&after=${first.json.pagination.cursor}`);
    expect(ids(next)).toEqual([a.id]);
    expect(next.json.pagination).toEqual({});
    const second = await getClips(`broadcaster_id=${demo.broadcasterId}&first=1&after=${(await getClips(`broadcaster_id=${demo.broadcasterId}&first=1`)).json.pagination.cursor}`);
    expect(ids(second)).toEqual([c.id]);
    expect(ids(await getClips(`broadcaster_id=${demo.broadcasterId}&first=1&before=${second.json.pagination.cursor}`))).toEqual([b.id]);
  });

  it('lists a game, and takes up to 100 ids', async () => {
    const games = demo.state.catalogue.games;
    const clip = await seed({ game_id: games[0]!.id });
    await seed({ game_id: games[1]!.id });
    expect((await getClips(`game_id=${games[0]!.id}`)).json.data.map((c: { id: string }) => c.id)).toContain(clip.id);
    expect((await getClips(`game_id=${games[0]!.id}`)).json.data.every((c: { game_id: string }) => c.game_id === games[0]!.id)).toBe(true);
    expect((await getClips(Array.from({ length: 101 }, (_, i) => `id=x${i}`).join('&'))).status).toBe(400);
  });

  it('needs exactly one of broadcaster_id, game_id and id, valid dates and first 1-100', async () => {
    expect((await getClips('')).json).toEqual(badRequest('Missing required parameter "broadcaster_id", "game_id" or "id"'));
    expect((await getClips(`broadcaster_id=${demo.broadcasterId}&game_id=1`)).json).toEqual(
      badRequest('Use only one of the parameters "broadcaster_id", "game_id" and "id"'),
    );
    expect((await getClips(`broadcaster_id=${demo.broadcasterId}&started_at=yesterday`)).status).toBe(400);
    expect((await getClips(`broadcaster_id=${demo.broadcasterId}&first=101`)).status).toBe(400);
    const app = await demo.helix('GET', `/clips?broadcaster_id=${demo.broadcasterId}`, { token: await demo.mint(null, []) });
    expect(app.status).toBe(200);
  });
});
