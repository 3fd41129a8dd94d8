import { describe, expect, it } from 'vitest';
import { badRequest as bad, useDemoEmulator } from '../../../test-support/demo-emulator';
import { DEMO_BOT } from '../../../seed';

const demo = useDemoEmulator();
const BROADCASTER = '501234567';
const EDITOR = '612345003';
const VIEWER = '612345001';
const AFFILIATE = '612345005';

const token = (userId: string | null, scopes: string[] = []) => demo.mint(userId, scopes);
const get = (path: string, auth: string) => demo.helix('GET', path, { token: auth });
const patch = (path: string, auth: string, json?: unknown) => demo.helix('PATCH', path, { token: auth, json });
const sim = demo.simulate;
const recordEvents = demo.recordEvents;

describe('GET /helix/channels', () => {
  it('returns channel information in the platform’s shape, the delay only to the broadcaster', async () => {
    demo.state.channels.get(BROADCASTER)!.delay = 30;
    const res = await get(`/channels?broadcaster_id=${BROADCASTER}&broadcaster_id=${VIEWER}&broadcaster_id=${BROADCASTER}&broadcaster_id=999`, await token(null));
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        broadcaster_id: BROADCASTER,
        broadcaster_login: 'sidestage_demo',
        broadcaster_name: 'Sidestage_Demo',
        broadcaster_language: 'en',
        game_id: '1469308723',
        game_name: 'Software and Game Development',
        title: 'Building a stream companion app | !sidestage',
        delay: 0,
        tags: [],
        content_classification_labels: [],
        is_branded_content: false,
      },
      expect.objectContaining({ broadcaster_id: VIEWER, broadcaster_login: 'pixelpal', game_id: '', game_name: '' }),
    ]);
    const own = await get(`/channels?broadcaster_id=${BROADCASTER}`, await token(BROADCASTER));
    expect(own.json.data[0].delay).toBe(30);
  });

  it('takes 1-100 valid broadcaster IDs', async () => {
    const app = await token(null);
    expect((await get('/channels', app)).json).toEqual(bad('Missing required parameter "broadcaster_id"'));
    expect((await get('/channels?broadcaster_id=abc', app)).status).toBe(400);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `broadcaster_id=${i === 0 ? BROADCASTER : 100000 + i}`).join('&');
    expect((await get(`/channels?${many(100)}`, app)).json.data).toHaveLength(1);
    expect((await get(`/channels?${many(101)}`, app)).status).toBe(400);
  });
});

describe('PATCH /helix/channels', () => {
  const scopes = ['channel:manage:broadcast'];

  it('updates every field, answers 204, shows on Get Channel Information and the live stream, and publishes channel.update', async () => {
    const events = recordEvents();
    await sim(`/streams/${BROADCASTER}/online`, {});
    const own = await token(BROADCASTER, scopes);
    const res = await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, {
      game_id: '509658',
      title: 'Just chatting about code',
      broadcaster_language: 'de',
      delay: 15,
      tags: ['English', 'Coding', 'coding', 'Café'],
      content_classification_labels: [{ id: 'Gambling', is_enabled: true }, { id: 'ProfanityVulgarity', is_enabled: true }],
      is_branded_content: true,
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const after = (await get(`/channels?broadcaster_id=${BROADCASTER}`, own)).json.data[0];
    expect(after).toMatchObject({
      game_id: '509658',
      game_name: 'Just Chatting',
      title: 'Just chatting about code',
      broadcaster_language: 'de',
      delay: 15,
      tags: ['English', 'Coding', 'Café'],
      content_classification_labels: ['Gambling', 'ProfanityVulgarity'],
      is_branded_content: true,
    });
    const stream = (await get(`/streams?user_id=${BROADCASTER}`, own)).json.data[0];
    expect(stream).toMatchObject({ title: 'Just chatting about code', game_id: '509658', language: 'de', tags: ['English', 'Coding', 'Café'] });
    expect(events.filter((e) => e.type === 'channel.update')).toEqual([
      {
        type: 'channel.update',
        broadcasterUserId: BROADCASTER,
        event: {
          broadcaster_user_id: BROADCASTER,
          broadcaster_user_login: 'sidestage_demo',
          broadcaster_user_name: 'Sidestage_Demo',
          title: 'Just chatting about code',
          language: 'de',
          category_id: '509658',
          category_name: 'Just Chatting',
          content_classification_labels: ['Gambling', 'ProfanityVulgarity'],
        },
      },
    ]);

    await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, { content_classification_labels: [{ id: 'Gambling', is_enabled: false }], tags: [] });
    const cleared = (await get(`/channels?broadcaster_id=${BROADCASTER}`, own)).json.data[0];
    expect(cleared.content_classification_labels).toEqual(['ProfanityVulgarity']);
    expect(cleared.tags).toEqual([]);
  });

  it('a title given on the way live (simulation API) changes the channel and publishes channel.update, as a dashboard change would', async () => {
    const events = recordEvents();
    await sim(`/streams/${BROADCASTER}/online`, { title: 'Going live with a new title' });
    const channel = (await get(`/channels?broadcaster_id=${BROADCASTER}`, await token(null))).json.data[0];
    expect(channel.title).toBe('Going live with a new title');
    expect(events.filter((e) => e.type === 'channel.update').map((e) => (e.event as { title: string }).title)).toEqual(['Going live with a new title']);
    await sim(`/streams/${BROADCASTER}/online`, { title: 'Going live with a new title', viewer_count: 3 });
    expect(events.filter((e) => e.type === 'channel.update')).toHaveLength(1);
  });

  it('clears the game with "" or "0", ignores an unsupported language, publishes nothing when nothing changed', async () => {
    const events = recordEvents();
    const own = await token(BROADCASTER, scopes);
    expect((await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, { game_id: '0' })).status).toBe(204);
    expect((await get(`/channels?broadcaster_id=${BROADCASTER}`, own)).json.data[0].game_id).toBe('');
    await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, { game_id: '27471' });
    await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, { game_id: '' });
    expect((await get(`/channels?broadcaster_id=${BROADCASTER}`, own)).json.data[0].game_id).toBe('');
    const count = events.length;
    expect((await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, { broadcaster_language: 'klingon' })).status).toBe(204);
    expect((await get(`/channels?broadcaster_id=${BROADCASTER}`, own)).json.data[0].broadcaster_language).toBe('en');
    expect(events.length).toBe(count);
  });

  it('answers 400 for every invalid body', async () => {
    const own = await token(BROADCASTER, scopes);
    const path = `/channels?broadcaster_id=${BROADCASTER}`;
    expect((await patch(path, own)).json).toEqual(bad('Missing request body'));
    expect((await patch(path, own, {})).json).toEqual(bad('The request must update at least one property'));
    expect((await patch(path, own, { colour: 'red' })).json).toEqual(bad('The request must update at least one property'));
    expect((await patch(path, own, [])).status).toBe(400);
    const cases: unknown[] = [
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(141) },
      { title: 5 },
      { game_id: '1' },
      { game_id: 509658 },
      { broadcaster_language: 7 },
      { delay: 901 },
      { delay: -1 },
      { delay: 1.5 },
      { tags: 'Coding' },
      { tags: Array.from({ length: 11 }, (_, i) => `Tag${i}`) },
      { tags: ['x'.repeat(26)] },
      { tags: [''] },
      { tags: ['two words'] },
      { tags: ['hash#tag'] },
      { tags: [3] },
      { content_classification_labels: [{ id: 'Nope', is_enabled: true }] },
      { content_classification_labels: [{ id: 'Gambling' }] },
      { content_classification_labels: 'Gambling' },
      { is_branded_content: 'yes' },
    ];
    for (const body of cases) expect((await patch(path, own, body)).status, JSON.stringify(body)).toBe(400);
    // Valid at the edges.
    expect((await patch(path, own, { title: 'x'.repeat(140) })).status).toBe(204);
    expect((await patch(path, own, { tags: Array.from({ length: 10 }, (_, i) => `Tag${i}`) })).status).toBe(204);
    expect((await patch(path, own, { tags: ['x'.repeat(25)] })).status).toBe(204);
    expect((await patch(path, own, { delay: 900 })).status).toBe(204);
    // Nothing of a rejected body was applied.
    await patch(path, own, { title: 'Kept', game_id: '1' });
    expect((await get(`/channels?broadcaster_id=${BROADCASTER}`, own)).json.data[0].title).toBe('x'.repeat(140));
  });

  it('lets only partners set a delay', async () => {
    const affiliate = await token(AFFILIATE, scopes);
    expect((await patch(`/channels?broadcaster_id=${AFFILIATE}`, affiliate, { delay: 5 })).json).toEqual(
      bad('To update the delay field, the broadcaster must have partner status'),
    );
  });

  it('refuses the gaming label with 403', async () => {
    const own = await token(BROADCASTER, scopes);
    const res = await patch(`/channels?broadcaster_id=${BROADCASTER}`, own, { content_classification_labels: [{ id: 'MatureGame', is_enabled: true }] });
    expect(res.json).toEqual({ error: 'Forbidden', status: 403, message: 'User requested gaming CCLs to be added to their channel' });
  });

  it('lets an editor update the channel, but not its labels; anyone else gets 401', async () => {
    const editor = await token(EDITOR, scopes);
    expect((await patch(`/channels?broadcaster_id=${BROADCASTER}`, editor, { title: 'Edited by a mod' })).status).toBe(204);
    expect(demo.state.channels.get(BROADCASTER)!.title).toBe('Edited by a mod');
    const ccl = await patch(`/channels?broadcaster_id=${BROADCASTER}`, editor, { content_classification_labels: [{ id: 'Gambling', is_enabled: true }] });
    expect(ccl.status).toBe(401);
    const viewer = await token(VIEWER, scopes);
    expect((await patch(`/channels?broadcaster_id=${BROADCASTER}`, viewer, { title: 'Hijack' })).status).toBe(401);
    expect((await patch('/channels', viewer, { title: 'x' })).json).toEqual(bad('Missing required parameter "broadcaster_id"'));
  });

  it('needs a user token with channel:manage:broadcast', async () => {
    expect((await patch(`/channels?broadcaster_id=${BROADCASTER}`, await token(BROADCASTER, ['user:edit:broadcast']), { title: 'x' })).status).toBe(401);
    expect((await patch(`/channels?broadcaster_id=${BROADCASTER}`, await token(null, scopes), { title: 'x' })).status).toBe(401);
  });

  it('answers 409 when the branded-content flag changes again within 10 minutes', async () => {
    const own = await token(BROADCASTER, scopes);
    const path = `/channels?broadcaster_id=${BROADCASTER}`;
    expect((await patch(path, own, { is_branded_content: true })).status).toBe(204);
    expect((await patch(path, own, { is_branded_content: true })).status).toBe(204);
    const again = await patch(path, own, { is_branded_content: false, title: 'Not applied' });
    expect(again.json).toEqual({ error: 'Conflict', status: 409, message: 'User set the Branded Content flag too frequently' });
    expect(demo.state.channels.get(BROADCASTER)!.title).not.toBe('Not applied');
    await demo.advance(599);
    expect((await patch(path, own, { is_branded_content: false })).status).toBe(409);
    await demo.advance(1);
    expect((await patch(path, own, { is_branded_content: false })).status).toBe(204);
  });
});

describe('GET /helix/channels/editors', () => {
  it('lists the broadcaster’s editors, newest first', async () => {
    await sim('/editors', { broadcaster_id: BROADCASTER, user_id: VIEWER });
    const res = await get(`/channels/editors?broadcaster_id=${BROADCASTER}`, await token(BROADCASTER, ['channel:read:editors']));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { user_id: VIEWER, user_name: 'PixelPal', created_at: expect.stringMatching(/Z$/) },
        { user_id: EDITOR, user_name: 'ModMallory', created_at: expect.stringMatching(/Z$/) },
      ],
    });
  });

  it('is empty without editors, and only for the broadcaster themselves', async () => {
    const viewer = await token(VIEWER, ['channel:read:editors']);
    expect((await get(`/channels/editors?broadcaster_id=${VIEWER}`, viewer)).json).toEqual({ data: [] });
    expect((await get(`/channels/editors?broadcaster_id=${BROADCASTER}`, viewer)).status).toBe(401);
    expect((await get('/channels/editors', viewer)).status).toBe(400);
    expect((await get(`/channels/editors?broadcaster_id=${VIEWER}`, await token(VIEWER))).status).toBe(401);
  });
});

describe('GET /helix/channels/followed', () => {
  const scopes = ['user:read:follows'];

  it('lists the channels a user follows, newest first, with total', async () => {
    const res = await get(`/channels/followed?user_id=${BROADCASTER}`, await token(BROADCASTER, scopes));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { broadcaster_id: EDITOR, broadcaster_login: 'modmallory', broadcaster_name: 'ModMallory', followed_at: expect.stringMatching(/Z$/) },
        { broadcaster_id: AFFILIATE, broadcaster_login: 'speedrun_sam', broadcaster_name: 'Speedrun_Sam', followed_at: expect.stringMatching(/Z$/) },
      ],
      pagination: {},
      total: 2,
    });
  });

  it('checks one broadcaster, and pages with first and after', async () => {
    const own = await token(BROADCASTER, scopes);
    const one = await get(`/channels/followed?user_id=${BROADCASTER}&broadcaster_id=${AFFILIATE}`, own);
    expect(one.json.data.map((f: { broadcaster_id: string }) => f.broadcaster_id)).toEqual([AFFILIATE]);
    expect((await get(`/channels/followed?user_id=${BROADCASTER}&broadcaster_id=${VIEWER}`, own)).json.data).toEqual([]);
    const first = await get(`/channels/followed?user_id=${BROADCASTER}&first=1`, own);
    expect(first.json.data).toHaveLength(1);
    const next = await get(`/channels/followed?user_id=${BROADCASTER}&first=1&after=${first.json.pagination.cursor}`, own);
    expect(next.json.data[0].broadcaster_id).toBe(AFFILIATE);
    expect(next.json.pagination).toEqual({});
    expect((await get(`/channels/followed?user_id=${BROADCASTER}&first=100`, own)).status).toBe(200);
  });

  it('answers 400 and 401 as documented', async () => {
    const own = await token(BROADCASTER, scopes);
    expect((await get('/channels/followed', own)).json).toEqual(bad('Missing required parameter "user_id"'));
    expect((await get(`/channels/followed?user_id=${BROADCASTER}&broadcaster_id=abc`, own)).status).toBe(400);
    expect((await get(`/channels/followed?user_id=${BROADCASTER}&first=101`, own)).status).toBe(400);
    expect((await get(`/channels/followed?user_id=${BROADCASTER}&first=0`, own)).status).toBe(400);
    expect((await get(`/channels/followed?user_id=${VIEWER}`, own)).status).toBe(401);
    expect((await get(`/channels/followed?user_id=${BROADCASTER}`, await token(BROADCASTER))).status).toBe(401);
    expect((await get(`/channels/followed?user_id=${BROADCASTER}`, await token(null, scopes))).status).toBe(401);
  });
});

describe('GET /helix/channels/followers', () => {
  const scopes = ['moderator:read:followers'];

  it('lists followers newest first for the broadcaster', async () => {
    const res = await get(`/channels/followers?broadcaster_id=${BROADCASTER}`, await token(BROADCASTER, scopes));
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(6);
    expect(res.json.data.map((f: { user_id: string }) => f.user_id)).toEqual(['612345004', AFFILIATE, '612345002', VIEWER, EDITOR, DEMO_BOT.id]);
    expect(res.json.data[0]).toEqual({ user_id: '612345004', user_login: 'lurkingluna', user_name: 'LurkingLuna', followed_at: expect.stringMatching(/Z$/) });
    expect(res.json.pagination).toEqual({});
  });

  it('lists them for a moderator, and checks one user', async () => {
    demo.state.moderators.add(BROADCASTER, '612345002', demo.state.clock.iso());
    const mod = await token('612345002', scopes);
    expect((await get(`/channels/followers?broadcaster_id=${BROADCASTER}`, mod)).json.data).toHaveLength(6);
    const one = await get(`/channels/followers?broadcaster_id=${BROADCASTER}&user_id=${VIEWER}`, mod);
    expect(one.json).toEqual({ data: [expect.objectContaining({ user_id: VIEWER })], pagination: {}, total: 6 });
    expect((await get(`/channels/followers?broadcaster_id=${BROADCASTER}&user_id=${BROADCASTER}`, mod)).json.data).toEqual([]);
  });

  it('gives anyone else only the total, and 401 with user_id', async () => {
    for (const auth of [await token(VIEWER, scopes), await token(BROADCASTER)]) {
      expect((await get(`/channels/followers?broadcaster_id=${BROADCASTER}`, auth)).json).toEqual({ data: [], pagination: {}, total: 6 });
      expect((await get(`/channels/followers?broadcaster_id=${BROADCASTER}&user_id=${VIEWER}`, auth)).status).toBe(401);
    }
  });

  it('shows a new follow at once, and pages', async () => {
    const own = await token(BROADCASTER, scopes);
    await demo.simulate('/users', { login: 'newfan' });
    const fan = demo.state.users.byLogin('newfan')!;
    await sim('/follows', { user_id: fan.id, broadcaster_id: BROADCASTER });
    const first = await get(`/channels/followers?broadcaster_id=${BROADCASTER}&first=2`, own);
    expect(first.json.data.map((f: { user_id: string }) => f.user_id)).toEqual([fan.id, '612345004']);
    expect(first.json.total).toBe(7);
    const rest = await get(`/channels/followers?broadcaster_id=${BROADCASTER}&first=100&after=${first.json.pagination.cursor}`, own);
    expect(rest.json.data).toHaveLength(5);
  });

  it('answers 400 for a missing or invalid broadcaster_id, 401 for an app token', async () => {
    const own = await token(BROADCASTER, scopes);
    expect((await get('/channels/followers', own)).json).toEqual(bad('Missing required parameter "broadcaster_id"'));
    expect((await get('/channels/followers?broadcaster_id=abc', own)).status).toBe(400);
    expect((await get('/channels/followers?broadcaster_id=999999999', own)).status).toBe(400);
    expect((await get(`/channels/followers?broadcaster_id=${BROADCASTER}`, await token(null, scopes))).status).toBe(401);
  });
});
