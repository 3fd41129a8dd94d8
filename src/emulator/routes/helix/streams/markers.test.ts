import { describe, expect, it } from 'vitest';
import { notFound, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const BROADCASTER = '501234567';
const EDITOR = '612345003';
const VIEWER = '612345001';
const WRITE = ['user:edit:broadcast'];
const READ = ['user:read:broadcast'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const token = (userId: string | null, scopes: string[] = []) => demo.mint(userId, scopes);
const mark = (auth: string, json?: unknown) => demo.helix('POST', '/streams/markers', { token: auth, json });
const list = (auth: string, query: string) => demo.helix('GET', `/streams/markers?${query}`, { token: auth });
const sim = (path: string, json: unknown = {}) => demo.simulate(path, json);

describe('POST /helix/streams/markers', () => {
  it('marks the live stream at its offset on the emulator clock', async () => {
    await sim(`/streams/${BROADCASTER}/online`);
    await demo.advance(3725);
    const res = await mark(await token(BROADCASTER, WRITE), { user_id: BROADCASTER, description: 'Big moment' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [{ id: expect.stringMatching(UUID), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), description: 'Big moment', position_seconds: 3725 }],
    });
  });

  it('takes the ID as a number and no description, and channel:manage:broadcast as the scope', async () => {
    await sim(`/streams/${BROADCASTER}/online`);
    const res = await mark(await token(BROADCASTER, ['channel:manage:broadcast']), { user_id: Number(BROADCASTER) });
    expect(res.json.data[0]).toMatchObject({ description: '', position_seconds: 0 });
  });

  it('lets an editor mark the stream, and nobody else (403)', async () => {
    await sim(`/streams/${BROADCASTER}/online`);
    expect((await mark(await token(EDITOR, WRITE), { user_id: BROADCASTER })).status).toBe(200);
    const res = await mark(await token(VIEWER, WRITE), { user_id: BROADCASTER });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('Forbidden');
  });

  it('answers 404 when not live, for premieres and reruns, without stored past broadcasts, and for an unknown user', async () => {
    const own = await token(BROADCASTER, WRITE);
    expect((await mark(own, { user_id: BROADCASTER })).json).toEqual(notFound('The user in the user_id field is not streaming live'));
    await sim(`/streams/${BROADCASTER}/online`, { kind: 'premiere' });
    expect((await mark(own, { user_id: BROADCASTER })).json.message).toMatch(/premiere/);
    await sim(`/streams/${BROADCASTER}/online`, { kind: 'rerun' });
    expect((await mark(own, { user_id: BROADCASTER })).json.message).toMatch(/rerun/);
    await sim(`/streams/${BROADCASTER}/online`, { kind: 'live', vod: false });
    expect((await mark(own, { user_id: BROADCASTER })).json).toEqual(notFound('The user hasn’t enabled video on demand (VOD)'));
    await sim(`/streams/${BROADCASTER}/online`, { vod: true });
    expect((await mark(own, { user_id: BROADCASTER })).status).toBe(200);
    expect((await mark(own, { user_id: '999999999' })).status).toBe(404);
    expect((await mark(own, { user_id: 'abc' })).status).toBe(404);
  });

  it('validates the body: user_id required, description up to 140 characters', async () => {
    await sim(`/streams/${BROADCASTER}/online`);
    const own = await token(BROADCASTER, WRITE);
    expect((await mark(own)).status).toBe(400);
    expect((await mark(own, {})).json).toEqual({ error: 'Bad Request', status: 400, message: 'The user_id field is required' });
    expect((await mark(own, { user_id: true })).status).toBe(400);
    expect((await mark(own, { user_id: BROADCASTER, description: 5 })).status).toBe(400);
    expect((await mark(own, { user_id: BROADCASTER, description: 'é'.repeat(141) })).status).toBe(400);
    expect((await mark(own, { user_id: BROADCASTER, description: 'é'.repeat(140) })).status).toBe(200);
  });

  it('needs a user token with a marker scope', async () => {
    await sim(`/streams/${BROADCASTER}/online`);
    expect((await mark(await token(BROADCASTER, READ), { user_id: BROADCASTER })).status).toBe(401);
    expect((await mark(await token(null, WRITE), { user_id: BROADCASTER })).status).toBe(401);
  });
});

describe('GET /helix/streams/markers', () => {
  async function markedStream(): Promise<{ videoId: string; ids: string[] }> {
    await sim(`/streams/${BROADCASTER}/online`);
    const own = await token(BROADCASTER, WRITE);
    const ids: string[] = [];
    for (const description of ['one', 'two', 'three']) {
      await demo.advance(65);
      ids.push((await mark(own, { user_id: BROADCASTER, description })).json.data[0].id);
    }
    await mark(await token(EDITOR, WRITE), { user_id: BROADCASTER, description: 'by the editor' });
    const videoId = demo.state.videos.archiveOf(demo.state.streams.get(BROADCASTER)!.id)!.id;
    return { videoId, ids };
  }

  it('returns the caller’s own markers of the user’s most recent stream, grouped by video, newest first', async () => {
    const { videoId, ids } = await markedStream();
    const res = await list(await token(BROADCASTER, READ), `user_id=${BROADCASTER}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          user_id: BROADCASTER,
          user_name: 'Sidestage_Demo',
          user_login: 'sidestage_demo',
          videos: [
            {
              video_id: videoId,
              markers: [
                { id: ids[2], created_at: expect.stringMatching(/Z$/), description: 'three', position_seconds: 195, URL: `${demo.url}/videos/${videoId}?t=0h3m15s` },
                { id: ids[1], created_at: expect.any(String), description: 'two', position_seconds: 130, URL: `${demo.url}/videos/${videoId}?t=0h2m10s` },
                { id: ids[0], created_at: expect.any(String), description: 'one', position_seconds: 65, URL: `${demo.url}/videos/${videoId}?t=0h1m05s` },
              ],
            },
          ],
        },
      ],
      pagination: {},
    });
    const editorView = await list(await token(EDITOR, ['channel:manage:broadcast']), `user_id=${BROADCASTER}`);
    expect(editorView.json.data[0].videos[0].markers.map((m: { description: string }) => m.description)).toEqual(['by the editor']);
  });

  it('finds them by video after the stream ended, and pages with first, after and before', async () => {
    const { videoId, ids } = await markedStream();
    await sim(`/streams/${BROADCASTER}/offline`);
    const own = await token(BROADCASTER, READ);
    const first = await list(own, `video_id=${videoId}&first=2`);
    expect(first.json.data[0].videos[0].markers.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    const next = await list(own, `video_id=${videoId}&first=2&after=${first.json.pagination.cursor}`);
    expect(next.json.data[0].videos[0].markers.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    expect(next.json.pagination).toEqual({});
    const one = await list(own, `video_id=${videoId}&first=1`);
    const two = await list(own, `video_id=${videoId}&first=1&after=${one.json.pagination.cursor}`);
    expect(two.json.data[0].videos[0].markers[0].id).toBe(ids[1]);
    const back = await list(own, `video_id=${videoId}&first=1&before=${two.json.pagination.cursor}`);
    expect(back.json.data[0].videos[0].markers.map((m: { id: string }) => m.id)).toEqual([ids[2]]);
    expect(back.json.pagination).toEqual({});
    expect((await list(own, `video_id=${videoId}&first=100`)).status).toBe(200);
    expect((await list(own, `video_id=${videoId}&first=101`)).status).toBe(400);
  });

  it('is empty without markers of the caller, and for a user without videos', async () => {
    const own = await token(BROADCASTER, READ);
    expect((await list(own, `user_id=${BROADCASTER}`)).json).toEqual({ data: [], pagination: {} });
    const viewer = await token(VIEWER, READ);
    expect((await list(viewer, `user_id=${VIEWER}`)).json).toEqual({ data: [], pagination: {} });
  });

  it('answers 400 without exactly one of user_id and video_id, 404 for an unknown video, 403 for someone else’s', async () => {
    await markedStream();
    const own = await token(BROADCASTER, READ);
    expect((await list(own, '')).json).toEqual({ error: 'Bad Request', status: 400, message: 'The request must specify the user_id or video_id query parameter' });
    expect((await list(own, `user_id=${BROADCASTER}&video_id=2104000001`)).status).toBe(400);
    expect((await list(own, 'user_id=abc')).status).toBe(400);
    expect((await list(own, 'video_id=123')).status).toBe(404);
    const viewer = await token(VIEWER, READ);
    expect((await list(viewer, `user_id=${BROADCASTER}`)).status).toBe(403);
    expect((await list(viewer, 'video_id=2104000001')).status).toBe(403);
    expect((await list(await token(BROADCASTER, WRITE), `user_id=${BROADCASTER}`)).status).toBe(401);
  });

  it('loses the markers with their video', async () => {
    const { videoId } = await markedStream();
    await sim(`/streams/${BROADCASTER}/offline`);
    const del = await demo.helix('DELETE', `/videos?id=${videoId}`, { token: await token(BROADCASTER, ['channel:manage:videos']) });
    expect(del.status).toBe(200);
    expect((await list(await token(BROADCASTER, READ), `video_id=${videoId}`)).status).toBe(404);
  });

  it('creates the archive when storage is switched on after going live', async () => {
    await sim(`/streams/${BROADCASTER}/online`, { vod: false });
    const own = await token(BROADCASTER, [...WRITE, ...READ]);
    await demo.advance(10);
    await sim(`/streams/${BROADCASTER}/online`, { vod: true });
    const res = await mark(own, { user_id: BROADCASTER, description: 'late' });
    expect(res.json.data[0].position_seconds).toBe(10);
    const listed = await list(own, `user_id=${BROADCASTER}`);
    expect(listed.json.data[0].videos[0].markers[0].description).toBe('late');
  });
});
