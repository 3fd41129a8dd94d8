import { describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../../../test-support/emulator-test-client';
import { DEMO_CHANNEL_EMOTES, DEMO_EMOTE_SETS, DEMO_MODERATOR_ID } from '../../../seed-community';
import { startEmulator } from '../../../server';
import { apiError as error, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const VIEWERS = ['612345001', '612345002', '612345003', '612345004', '612345005'];

const get = (path: string, token: string) => demo.helix('GET', path, { token });

describe('GET /helix/chat/chatters', () => {
  const chatters = (query: string, token: string) => get(`/chat/chatters${query}`, token);
  const q = (extra = '', moderatorId = demo.broadcasterId) => `?broadcaster_id=${demo.broadcasterId}&moderator_id=${moderatorId}${extra}`;

  it('lists the demo viewers in join order, with total and an empty pagination', async () => {
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chatters']);
    const res = await chatters(q(), token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { user_id: '612345001', user_login: 'pixelpal', user_name: 'PixelPal' },
        { user_id: '612345002', user_login: 'cozy_carrot', user_name: 'cozy_carrot' },
        { user_id: '612345003', user_login: 'modmallory', user_name: 'ModMallory' },
        { user_id: '612345004', user_login: 'lurkingluna', user_name: 'LurkingLuna' },
        { user_id: '612345005', user_login: 'speedrun_sam', user_name: 'Speedrun_Sam' },
      ],
      pagination: {},
      total: 5,
    });
  });

  it('answers a moderator of the channel', async () => {
    const token = await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:chatters']);
    const res = await chatters(q('', DEMO_MODERATOR_ID), token);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(5);
  });

  it('refuses a moderator_id that is not a moderator (403)', async () => {
    const token = await demo.mint('612345001', ['moderator:read:chatters']);
    const res = await chatters(q('', '612345001'), token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual(error(403, "The user in moderator_id is not one of the broadcaster's moderators."));
  });

  it('needs moderator_id to be the token user (401)', async () => {
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chatters']);
    const res = await chatters(q('', DEMO_MODERATOR_ID), token);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(error(401, "The ID in moderator_id must match the user ID found in the request's OAuth token."));
  });

  it('needs broadcaster_id and moderator_id, and a known broadcaster (400)', async () => {
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chatters']);
    expect((await chatters(`?moderator_id=${demo.broadcasterId}`, token)).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await chatters(`?broadcaster_id=${demo.broadcasterId}`, token)).json).toEqual(error(400, 'Missing required parameter "moderator_id"'));
    const unknown = await chatters(`?broadcaster_id=999999999&moderator_id=${demo.broadcasterId}`, token);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/broadcaster_id/);
  });

  it('needs a user token with moderator:read:chatters (401)', async () => {
    expect((await chatters(q(), await demo.mint(demo.broadcasterId, ['moderator:read:followers']))).status).toBe(401);
    expect((await chatters(q(), await demo.mint(null, ['moderator:read:chatters']))).status).toBe(401);
    expect((await call(`${demo.url}/helix/chat/chatters${q()}`)).status).toBe(401);
  });

  it('pages with first and after; first is 1-1000', async () => {
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chatters']);
    const page1 = await chatters(q('&first=2'), token);
    expect(page1.json.data.map((c: { user_id: string }) => c.user_id)).toEqual(VIEWERS.slice(0, 2));
    expect(page1.json.total).toBe(5);
    expect(page1.json.pagination.cursor).toEqual(expect.any(String));
    const page2 = await chatters(q(`&first=2&after=${page1.json.pagination.cursor}`), token);
    expect(page2.json.data.map((c: { user_id: string }) => c.user_id)).toEqual(VIEWERS.slice(2, 4));
    const page3 = await chatters(q(`&first=2&after=${page2.json.pagination.cursor}`), token);
    expect(page3.json.data.map((c: { user_id: string }) => c.user_id)).toEqual(VIEWERS.slice(4));
    expect(page3.json.pagination).toEqual({});

    expect((await chatters(q('&first=0'), token)).status).toBe(400);
    expect((await chatters(q('&first=1001'), token)).status).toBe(400);
    expect((await chatters(q('&first=x'), token)).status).toBe(400);
    expect((await chatters(q('&after=not-a-cursor!'), token)).status).toBe(400);
  });

  it('returns at most 1000 per page (default 100)', async () => {
    for (let i = 0; i < 1001; i++) {
      const user = demo.state.createUser({ login: `chatter_${i}` });
      demo.state.chat.join(demo.broadcasterId, user.id);
    }
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chatters']);
    const byDefault = await chatters(q(), token);
    expect(byDefault.json.data).toHaveLength(100);
    expect(byDefault.json.total).toBe(1006);
    const max = await chatters(q('&first=1000'), token);
    expect(max.json.data).toHaveLength(1000);
    const rest = await chatters(q(`&first=1000&after=${max.json.pagination.cursor}`), token);
    expect(rest.json.data).toHaveLength(6);
    expect(rest.json.pagination).toEqual({});
  });

  it('follows joins and leaves from the simulation API', async () => {
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chatters']);
    await demo.simulate('/chatters', { broadcaster_id: demo.broadcasterId, user_id: '612345002', action: 'leave' });
    const res = await chatters(q(), token);
    expect(res.json.total).toBe(4);
    expect(res.json.data.map((c: { user_id: string }) => c.user_id)).not.toContain('612345002');
  });
});

describe('GET /helix/chat/emotes', () => {
  it('lists the channel’s emotes with the template, for app and user tokens', async () => {
    for (const token of [await demo.mint(null, []), await demo.mint('612345001', [])]) {
      const res = await get(`/chat/emotes?broadcaster_id=${demo.broadcasterId}`, token);
      expect(res.status).toBe(200);
      expect(res.json.template).toBe(`${demo.url}/static/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}`);
      expect(res.json.data).toHaveLength(DEMO_CHANNEL_EMOTES.length);
      const id = DEMO_CHANNEL_EMOTES[1]!.id;
      expect(res.json.data[1]).toEqual({
        id,
        name: 'sidestWave',
        images: {
          url_1x: `${demo.url}/static/emoticons/v2/${id}/static/light/1.0`,
          url_2x: `${demo.url}/static/emoticons/v2/${id}/static/light/2.0`,
          url_4x: `${demo.url}/static/emoticons/v2/${id}/static/light/3.0`,
        },
        tier: '1000',
        emote_type: 'subscriptions',
        emote_set_id: DEMO_EMOTE_SETS.tier1,
        format: ['static', 'animated'],
        scale: ['1.0', '2.0', '3.0'],
        theme_mode: ['light', 'dark'],
      });
      const follower = res.json.data.find((e: { emote_type: string }) => e.emote_type === 'follower');
      expect(follower.tier).toBe('');
    }
  });

  it('is empty for a channel without emotes', async () => {
    const res = await get('/chat/emotes?broadcaster_id=612345001', await demo.mint(null, []));
    expect(res.json).toEqual({ data: [], template: expect.any(String) });
  });

  it('needs a known broadcaster_id (400) and a token (401)', async () => {
    const app = await demo.mint(null, []);
    expect((await get('/chat/emotes', app)).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await get('/chat/emotes?broadcaster_id=999999999', app)).status).toBe(400);
    expect((await call(`${demo.url}/helix/chat/emotes?broadcaster_id=${demo.broadcasterId}`)).status).toBe(401);
  });
});

describe('GET /helix/chat/emotes/global', () => {
  it('lists the global emotes without channel fields', async () => {
    const res = await get('/chat/emotes/global', await demo.mint(null, []));
    expect(res.status).toBe(200);
    expect(res.json.template).toBe(`${demo.url}/static/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}`);
    expect(res.json.data[0]).toEqual({
      id: '25',
      name: 'Kappa',
      images: {
        url_1x: `${demo.url}/static/emoticons/v2/25/static/light/1.0`,
        url_2x: `${demo.url}/static/emoticons/v2/25/static/light/2.0`,
        url_4x: `${demo.url}/static/emoticons/v2/25/static/light/3.0`,
      },
      format: ['static'],
      scale: ['1.0', '2.0', '3.0'],
      theme_mode: ['light', 'dark'],
    });
    expect((await call(`${demo.url}/helix/chat/emotes/global`)).status).toBe(401);
  });

  it('is there with the empty seed too', async () => {
    const empty = await startEmulator({ seed: 'empty' });
    try {
      const client = (await call(`${empty.url}/_emulator/clients`, { json: { name: 'x', redirect_uris: [] } })).json.client_id as string;
      const token = (await call(`${empty.url}/_emulator/tokens`, { json: { client_id: client, scopes: [] } })).json.access_token as string;
      const res = await call(`${empty.url}/helix/chat/emotes/global`, { headers: helixHeaders(token, client) });
      expect(res.json.data.length).toBeGreaterThan(0);
      const badges = await call(`${empty.url}/helix/chat/badges/global`, { headers: helixHeaders(token, client) });
      expect(badges.json.data.length).toBeGreaterThan(0);
    } finally {
      await empty.close();
    }
  });
});

describe('GET /helix/chat/emotes/set', () => {
  const sets = (ids: string[], token: string) => get(`/chat/emotes/set?${ids.map((id) => `emote_set_id=${id}`).join('&')}`, token);

  it('answers in the requested set order, ignoring duplicates and unknown sets, with owner_id', async () => {
    const res = await sets([DEMO_EMOTE_SETS.tier2, '0', DEMO_EMOTE_SETS.tier2, '123', DEMO_EMOTE_SETS.tier1], await demo.mint(null, []));
    expect(res.status).toBe(200);
    const names = res.json.data.map((e: { name: string }) => e.name);
    expect(names[0]).toBe('sidestGG');
    expect(names.slice(-2)).toEqual(['sidestHype', 'sidestWave']);
    expect(names).toHaveLength(1 + 12 + 2);
    expect(res.json.data[0]).toEqual({
      id: DEMO_CHANNEL_EMOTES[2]!.id,
      name: 'sidestGG',
      images: expect.objectContaining({ url_1x: expect.stringContaining('/static/emoticons/v2/') }),
      emote_type: 'subscriptions',
      emote_set_id: DEMO_EMOTE_SETS.tier2,
      owner_id: demo.broadcasterId,
      format: ['static'],
      scale: ['1.0', '2.0', '3.0'],
      theme_mode: ['light', 'dark'],
    });
    expect(res.json.data[1]).toMatchObject({ name: 'Kappa', emote_type: 'globals', emote_set_id: '0', owner_id: '0' });
    expect(res.json.template).toEqual(expect.stringContaining('{{id}}'));
  });

  it('takes up to 25 emote_set_id values (400 past it) and needs one', async () => {
    const token = await demo.mint('612345001', []);
    const ids = Array.from({ length: 25 }, (_, i) => String(900000 + i));
    const ok = await sets(ids, token);
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual([]);
    expect((await sets([...ids, '0'], token)).status).toBe(400);
    expect((await get('/chat/emotes/set', token)).json).toEqual(error(400, 'Missing required parameter "emote_set_id"'));
    expect((await get('/chat/emotes/set?emote_set_id=', token)).status).toBe(400);
  });
});

describe('GET /helix/chat/badges and /chat/badges/global', () => {
  it('lists the channel’s badge sets sorted by set_id, then id', async () => {
    const res = await get(`/chat/badges?broadcaster_id=${demo.broadcasterId}`, await demo.mint(null, []));
    expect(res.status).toBe(200);
    expect(res.json.data.map((s: { set_id: string }) => s.set_id)).toEqual(['bits', 'subscriber']);
    expect(res.json.data[1].versions.map((v: { id: string }) => v.id)).toEqual(['0', '3', '6', '12']);
    expect(res.json.data[0].versions[1]).toEqual({
      id: '100',
      image_url_1x: `${demo.url}/static/badges/v1/b1c2d3e4-0100-4b17-9000-5e1de57ab175/1`,
      image_url_2x: `${demo.url}/static/badges/v1/b1c2d3e4-0100-4b17-9000-5e1de57ab175/2`,
      image_url_4x: `${demo.url}/static/badges/v1/b1c2d3e4-0100-4b17-9000-5e1de57ab175/3`,
      title: 'cheer 100',
      description: 'cheer 100',
      click_action: 'visit_url',
      click_url: 'https://bits.twitch.tv',
    });
    expect(res.json.data[1].versions[0]).toMatchObject({ click_action: 'subscribe_to_channel', click_url: null });
  });

  it('is empty for a channel without badges; needs a known broadcaster_id', async () => {
    const token = await demo.mint('612345001', []);
    expect((await get('/chat/badges?broadcaster_id=612345001', token)).json).toEqual({ data: [] });
    expect((await get('/chat/badges', token)).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await get('/chat/badges?broadcaster_id=999999999', token)).status).toBe(400);
    expect((await call(`${demo.url}/helix/chat/badges?broadcaster_id=${demo.broadcasterId}`)).status).toBe(401);
  });

  it('lists the global badge sets sorted', async () => {
    const res = await get('/chat/badges/global', await demo.mint(null, []));
    expect(res.status).toBe(200);
    const setIds = res.json.data.map((s: { set_id: string }) => s.set_id);
    expect(setIds).toEqual([...setIds].sort());
    expect(setIds).toContain('moderator');
    const bits = res.json.data.find((s: { set_id: string }) => s.set_id === 'bits');
    expect(bits.versions.map((v: { id: string }) => v.id)).toEqual(['1', '100', '1000']);
    expect((await call(`${demo.url}/helix/chat/badges/global`)).status).toBe(401);
  });
});

describe('emote and badge images', () => {
  it('serves the template’s URLs as images, and 404 for unknown variants', async () => {
    const emote = await call(`${demo.url}/static/emoticons/v2/25/static/dark/3.0`);
    expect(emote.status).toBe(200);
    expect(emote.header('content-type')).toMatch(/^image\/svg\+xml/);
    expect(emote.text).toContain('width="112"');
    expect((await call(`${demo.url}/static/emoticons/v2/25/static/dark/4.0`)).status).toBe(404);
    expect((await call(`${demo.url}/static/emoticons/v2/25/gif/dark/1.0`)).status).toBe(404);
    const badge = await call(`${demo.url}/static/badges/v1/3267646d-33f0-4b17-b3df-f923a41db1d0/1`);
    expect(badge.status).toBe(200);
    expect(badge.text).toContain('width="18"');
    expect((await call(`${demo.url}/static/badges/v1/x/4`)).status).toBe(404);
  });
});
