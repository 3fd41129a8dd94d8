import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test-support/emulator-test-client';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';
import { solidPng } from '../../http/solid-images';
import { gifHeader, pngHeader, v5Headers } from '../../test-support/v5-test-helpers';

const demo = useDemoEmulator();
let editToken: string;
let moderateToken: string;
let communityId: string;

const MOD_MALLORY = '612345003';

const v5 = demo.kraken;

beforeEach(async () => {
  editToken = await demo.mint(demo.broadcasterId, ['communities_edit']);
  moderateToken = await demo.mint(demo.broadcasterId, ['communities_moderate']);
  communityId = (await v5('/communities?name=SidestageBuilders')).json._id;
});

describe('GET /kraken/communities?name=', () => {
  it('answers the community in the v5 shape, matching the name in any case', async () => {
    const res = await v5('/communities?name=sidestagebuilders');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      owner_id: demo.broadcasterId,
      name: 'SidestageBuilders',
      summary: 'Streamers building their own tools, live.',
      description: '# Welcome\n\nWe build **stream companions** and overlays on stream.\nCome say hi!',
      rules: 'Be kind.\n\nNo *spoilers* for unreleased features.',
      description_html: '<h1>Welcome</h1>\n<p>We build <strong>stream companions</strong> and overlays on stream.<br>\nCome say hi!</p>',
      rules_html: '<p>Be kind.</p>\n<p>No <em>spoilers</em> for unreleased features.</p>',
      language: 'EN',
      avatar_image_url: '',
      cover_image_url: '',
    });
  });

  it('needs a name of 3-25 characters', async () => {
    expect((await v5('/communities')).json).toEqual(badRequest('Missing required parameter "name"'));
    expect((await v5('/communities?name=ab')).json).toEqual(badRequest('Invalid parameter "name": must be 3-25 characters'));
    expect((await v5(`/communities?name=${'a'.repeat(26)}`)).status).toBe(400);
    expect((await v5('/communities?name=abc')).status).toBe(404);
    expect((await v5(`/communities?name=${'a'.repeat(25)}`)).json).toEqual({ error: 'Not Found', status: 404, message: `Community "${'a'.repeat(25)}" not found` });
  });

  it('needs no token', async () => {
    expect((await call(`${demo.url}/kraken/communities?name=CozyStreams`, { headers: v5Headers(demo.clientId) })).json.name).toBe('CozyStreams');
  });
});

describe('GET /kraken/communities/<id>', () => {
  it('answers the community, or 404', async () => {
    expect((await v5(`/communities/${communityId}`)).json).toMatchObject({ _id: communityId, name: 'SidestageBuilders' });
    expect((await v5('/communities/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

describe('GET /kraken/communities/top', () => {
  it('ranks by live viewers with _total and _cursor', async () => {
    await demo.simulate('/streams/612345004/online', { viewer_count: 5 });
    await demo.simulate(`/streams/${demo.broadcasterId}/online`, { viewer_count: 40 });
    await demo.simulate('/streams/612345005/online', { viewer_count: 2 });
    const res = await v5('/communities/top');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      _cursor: '',
      _total: 2,
      communities: [
        { avatar_image_url: '', channels: 2, id: communityId, name: 'SidestageBuilders', viewers: 42 },
        { avatar_image_url: '', channels: 1, id: expect.any(String), name: 'CozyStreams', viewers: 5 },
      ],
    });
  });

  it('pages with limit and cursor', async () => {
    const first = await v5('/communities/top?limit=1');
    expect(first.json._cursor).toBe('MQ==');
    expect(first.json.communities).toHaveLength(1);
    const second = await v5(`/communities/top?limit=1&cursor=${first.json._cursor}`);
    expect(second.json).toMatchObject({ _cursor: '', _total: 2 });
    expect(second.json.communities[0].id).not.toBe(first.json.communities[0].id);
  });

  it('takes limit 1-100 (default 10)', async () => {
    for (let i = 0; i < 11; i++) await demo.simulate('/communities', { name: `Extra${i}`, owner_id: demo.broadcasterId });
    const defaulted = await v5('/communities/top');
    expect(defaulted.json.communities).toHaveLength(10);
    expect(defaulted.json._total).toBe(13);
    expect(defaulted.json._cursor).toBe(Buffer.from('10').toString('base64'));
    expect((await v5('/communities/top?limit=100')).json.communities).toHaveLength(13);
    expect((await v5('/communities/top?limit=101')).json).toEqual(badRequest('Invalid parameter "limit": must be at most 100'));
    expect((await v5('/communities/top?limit=0')).status).toBe(400);
    expect((await v5('/communities/top?cursor=!!')).json).toEqual(badRequest('Invalid parameter "cursor": is not a valid cursor'));
    expect((await v5('/communities/top?cursor=bm9wZQ==')).status).toBe(400);
  });
});

describe('PUT /kraken/communities/<id>', () => {
  const put = (json: unknown, token = editToken) => v5(`/communities/${communityId}`, { method: 'PUT', json, token });

  it('updates the owner’s community (204)', async () => {
    const res = await put({ summary: 'New summary', description: 'Para one\n\nSee [docs](https://example.com/a?b=1&c=2) `now`', rules: '<b>no html</b>', email: 'team@example.com' });
    expect(res.status).toBe(204);
    const community = (await v5(`/communities/${communityId}`)).json;
    expect(community).toMatchObject({ summary: 'New summary', rules: '<b>no html</b>' });
    expect(community.description_html).toBe('<p>Para one</p>\n<p>See <a href="https://example.com/a?b=1&amp;c=2">docs</a> <code>now</code></p>');
    expect(community.rules_html).toBe('<p>&lt;b&gt;no html&lt;/b&gt;</p>');
    expect(community).not.toHaveProperty('email');
    expect((await put({})).status).toBe(204);
  });

  it('takes a summary of 160 characters and description and rules of 1,572,864', async () => {
    expect((await put({ summary: 's'.repeat(160) })).status).toBe(204);
    expect((await put({ summary: '😀'.repeat(160) })).status).toBe(204);
    expect((await put({ summary: 's'.repeat(161) })).json).toEqual(badRequest('Invalid parameter "summary": must be at most 160 characters; it is 161'));
    expect((await put({ description: 'd'.repeat(1_572_864) })).status).toBe(204);
    expect((await put({ description: 'd'.repeat(1_572_865) })).json).toEqual(
      badRequest('Invalid parameter "description": must be at most 1572864 characters; it is 1572865'),
    );
    expect((await put({ rules: 'r'.repeat(1_572_865) })).status).toBe(400);
  });

  it('validates types and the email', async () => {
    expect((await put({ summary: 5 })).json).toEqual(badRequest('Invalid parameter "summary": must be a string'));
    expect((await put({ email: 'not-an-email' })).json).toEqual(badRequest('Invalid parameter "email": must be an email address'));
    expect((await put([1])).status).toBe(400);
  });

  it('is for the owner, with communities_edit', async () => {
    const other = await demo.mint('612345001', ['communities_edit']);
    expect((await put({ summary: 'x' }, other)).json).toEqual({ error: 'Forbidden', status: 403, message: 'Only the community owner may do this' });
    expect((await put({ summary: 'x' }, moderateToken)).status).toBe(401);
    expect((await v5(`/communities/${communityId}`, { method: 'PUT', json: {} })).status).toBe(401);
    expect((await v5('/communities/00000000-0000-0000-0000-000000000000', { method: 'PUT', json: {}, token: editToken })).status).toBe(404);
  });
});

describe('community bans', () => {
  const bans = (token = moderateToken, query = '') => v5(`/communities/${communityId}/bans${query}`, { token });
  const ban = (userId: string, method: 'PUT' | 'DELETE' = 'PUT', token = moderateToken) => v5(`/communities/${communityId}/bans/${userId}`, { method, token });

  it('bans, lists and unbans users (204)', async () => {
    expect((await bans()).json).toEqual({ _cursor: '', banned_users: [] });
    const before = demo.state.clock.now();
    expect((await ban('612345002')).status).toBe(204);
    expect((await ban('612345002')).status).toBe(204);
    const listed = await bans();
    expect(listed.json).toEqual({
      _cursor: '',
      banned_users: [
        {
          user_id: '612345002',
          display_name: 'cozy_carrot',
          name: 'cozy_carrot',
          bio: '',
          avatar_image_url: expect.stringContaining('/static/profile-images/612345002-'),
          start_timestamp: expect.any(Number),
        },
      ],
    });
    expect(listed.json.banned_users[0].start_timestamp).toBeGreaterThanOrEqual(before);
    expect((await ban('612345002', 'DELETE')).status).toBe(204);
    expect((await bans()).json.banned_users).toEqual([]);
  });

  it('lists newest first and pages', async () => {
    for (const id of ['612345001', '612345002', '612345004']) await ban(id);
    const first = await bans(moderateToken, '?limit=2');
    expect(first.json.banned_users.map((b: { user_id: string }) => b.user_id)).toEqual(['612345004', '612345002']);
    const second = await bans(moderateToken, `?limit=2&cursor=${first.json._cursor}`);
    expect(second.json).toMatchObject({ _cursor: '', banned_users: [expect.objectContaining({ user_id: '612345001' })] });
  });

  it('is for the owner and the community’s moderators, with communities_moderate', async () => {
    const mallory = await demo.mint(MOD_MALLORY, ['communities_moderate']);
    expect((await ban('612345001', 'PUT', mallory)).status).toBe(204);
    const viewer = await demo.mint('612345004', ['communities_moderate']);
    expect((await bans(viewer)).status).toBe(403);
    expect((await ban('612345001', 'DELETE', viewer)).status).toBe(403);
    expect((await bans(editToken)).status).toBe(401);
  });

  it('refuses the owner, unknown users and bad IDs', async () => {
    expect((await ban(demo.broadcasterId)).json).toEqual(badRequest('The community owner cannot be banned'));
    expect((await ban('999999999')).status).toBe(404);
    expect((await ban('abc')).json).toEqual(badRequest('Invalid parameter "user_id": must be a numeric user ID'));
  });
});

describe('community images', () => {
  const upload = (kind: 'avatar' | 'cover', image: Buffer | string, token = editToken) =>
    v5(`/communities/${communityId}/images/${kind}`, {
      method: 'POST',
      json: { [`${kind}_image`]: typeof image === 'string' ? image : image.toString('base64') },
      token,
    });

  it('takes a 600x800 avatar and serves it at avatar_image_url', async () => {
    const png = solidPng(600, 800, [10, 20, 30]);
    expect((await upload('avatar', png)).status).toBe(204);
    const url = (await v5(`/communities/${communityId}`)).json.avatar_image_url;
    expect(url).toBe(`${demo.url}/static/community-images/${communityId}/avatar-1-600x800.png`);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const top = (await v5('/communities/top')).json.communities;
    expect(top.find((c: { id: string }) => c.id === communityId).avatar_image_url).toBe(url);
  });

  it('checks the real pixel size, at and past the edge', async () => {
    expect((await upload('avatar', pngHeader(600, 800))).status).toBe(204);
    expect((await upload('avatar', pngHeader(601, 800))).json).toEqual(badRequest('Invalid parameter "avatar_image": must be 600x800 pixels; it is 601x800'));
    expect((await upload('avatar', pngHeader(600, 799))).status).toBe(400);
    expect((await upload('avatar', pngHeader(800, 600))).status).toBe(400);
    expect((await upload('avatar', pngHeader(1200, 180))).status).toBe(400);
    expect((await upload('cover', gifHeader(1200, 180))).status).toBe(204);
    expect((await upload('cover', gifHeader(1200, 181))).json).toEqual(badRequest('Invalid parameter "cover_image": must be 1200x180 pixels; it is 1200x181'));
    expect((await upload('cover', pngHeader(600, 800))).status).toBe(400);
    expect((await v5(`/communities/${communityId}`)).json.cover_image_url).toMatch(/\/cover-\d+-1200x180\.gif$/);
  });

  it('refuses what is not a base64 PNG, JPEG or GIF', async () => {
    expect((await upload('avatar', 'not base64!')).json).toEqual(badRequest('Invalid parameter "avatar_image": must be base64-encoded'));
    expect((await upload('avatar', Buffer.from('just some text'))).json).toEqual(badRequest('Invalid parameter "avatar_image": must be a PNG, JPEG or GIF image'));
    expect((await v5(`/communities/${communityId}/images/avatar`, { method: 'POST', json: {}, token: editToken })).json).toEqual(
      badRequest('Missing required parameter "avatar_image"'),
    );
    expect((await v5(`/communities/${communityId}/images/avatar`, { method: 'POST', json: { avatar_image: 7 }, token: editToken })).status).toBe(400);
  });

  it('DELETE removes the image (204)', async () => {
    await upload('avatar', pngHeader(600, 800));
    const url = (await v5(`/communities/${communityId}`)).json.avatar_image_url;
    expect((await v5(`/communities/${communityId}/images/avatar`, { method: 'DELETE', token: editToken })).status).toBe(204);
    expect((await v5(`/communities/${communityId}`)).json.avatar_image_url).toBe('');
    expect((await fetch(url)).status).toBe(404);
    expect((await v5(`/communities/${communityId}/images/cover`, { method: 'DELETE', token: editToken })).status).toBe(204);
  });

  it('is for the owner, with communities_edit', async () => {
    const other = await demo.mint('612345001', ['communities_edit']);
    expect((await upload('avatar', pngHeader(600, 800), other)).status).toBe(403);
    expect((await upload('avatar', pngHeader(600, 800), moderateToken)).status).toBe(401);
    expect((await v5(`/communities/${communityId}/images/avatar`, { method: 'DELETE', token: other })).status).toBe(403);
  });
});

describe('GET /kraken/communities/<id>/moderators', () => {
  it('lists the moderators as v5 users', async () => {
    const res = await v5(`/communities/${communityId}/moderators`, { token: editToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      moderators: [
        {
          _id: MOD_MALLORY,
          bio: '',
          created_at: '2018-11-02T14:45:00.000Z',
          display_name: 'ModMallory',
          logo: expect.stringContaining(`/static/profile-images/${MOD_MALLORY}-`),
          name: 'modmallory',
          type: 'user',
          updated_at: '2018-11-02T14:45:00.000Z',
        },
      ],
    });
    expect((await v5(`/communities/${communityId}/moderators`, { token: moderateToken })).status).toBe(401);
  });
});

describe('simulation: communities', () => {
  it('creates communities and manages moderators and channels', async () => {
    const created = await demo.simulate('/communities', { name: 'NewOne', owner_id: '612345001', summary: 's', language: 'de' });
    expect(created.json).toMatchObject({ name: 'NewOne', owner_id: '612345001', language: 'DE', moderator_ids: [], channel_ids: [] });
    expect((await demo.simulate('/communities', { name: 'newone', owner_id: '612345001' })).status).toBe(409);
    expect((await demo.simulate('/communities', { name: 'ab', owner_id: '612345001' })).status).toBe(400);
    expect((await demo.simulate('/communities', { name: 'Fine', owner_id: 'nobody' })).status).toBe(400);
    const mods = await demo.simulate(`/communities/${created.json._id}/moderators`, { user_id: '612345002', action: 'add' });
    expect(mods.json.moderator_ids).toEqual(['612345002']);
    const channels = await demo.simulate(`/communities/${created.json._id}/channels`, { channel_id: '612345002', action: 'add' });
    expect(channels.json.channel_ids).toEqual(['612345002']);
    expect((await demo.simulate('/communities/nope/channels', { channel_id: '612345002', action: 'add' })).status).toBe(404);
  });
});
