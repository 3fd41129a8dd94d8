import { describe, expect, it } from 'vitest';
import { GLOBAL_EMOTES } from '../../../catalogue/emotes';
import { DEMO_EMOTE_SETS } from '../../../seed-community';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const B = '501234567';
const PIXELPAL = '612345001';

const userEmotes = async (query: string, userId = PIXELPAL, scopes = ['user:read:emotes']) => demo.helix('GET', `/chat/emotes/user${query}`, { token: await demo.mint(userId, scopes) });
const names = (res: { json: { data: { name: string }[] } }) => res.json.data.map((e) => e.name);
const globals = GLOBAL_EMOTES.map((e) => e.name);

describe('GET /helix/chat/emotes/user', () => {
  it('gives the global emotes, granted sets, and a followed channel’s follower emotes with broadcaster_id', async () => {
    const plain = await userEmotes(`?user_id=${PIXELPAL}`);
    expect(plain.status).toBe(200);
    expect(names(plain)).toEqual(globals);
    expect(plain.json.data[0]).toEqual({
      id: '25', name: 'Kappa', emote_type: 'globals', emote_set_id: '0', owner_id: '0', format: ['static'], scale: ['1.0', '2.0', '3.0'], theme_mode: ['light', 'dark'],
    });
    expect(plain.json.template).toBe(`${demo.url}/static/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}`);
    expect(plain.json.pagination).toEqual({});

    expect(names(await userEmotes(`?user_id=${PIXELPAL}&broadcaster_id=${B}`))).toEqual([...globals, 'sidestHi']);
    await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: DEMO_EMOTE_SETS.tier2, action: 'add' });
    const granted = await userEmotes(`?user_id=${PIXELPAL}`);
    expect(granted.json.data.at(-1)).toMatchObject({ name: 'sidestGG', emote_type: 'subscriptions', emote_set_id: DEMO_EMOTE_SETS.tier2, owner_id: B });
    await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: DEMO_EMOTE_SETS.tier2, action: 'remove' });
    expect(names(await userEmotes(`?user_id=${PIXELPAL}`))).toEqual(globals);
    // The broadcaster has their own emotes.
    expect(names(await userEmotes(`?user_id=${B}`, B))).toEqual([...globals, 'sidestHype', 'sidestWave', 'sidestGG', 'sidestCrown', 'sidestHi', 'sidestCheer']);
  });

  it('pages 100 at a time with after', async () => {
    for (let i = 0; i < 95; i++) {
      expect((await demo.simulate('/emotes', { broadcaster_id: B, name: `sidestX${i}`, emote_type: 'follower' })).status).toBe(200);
    }
    const first = await userEmotes(`?user_id=${B}`, B);
    expect(first.json.data).toHaveLength(100);
    const next = await userEmotes(`?user_id=${B}&after=${first.json.pagination.cursor}`, B);
    expect(next.json.data).toHaveLength(GLOBAL_EMOTES.length + 6 + 95 - 100);
    expect(next.json.pagination).toEqual({});
  });

  it('needs user_id (400) of the token user (401), user:read:emotes (401), a known broadcaster_id (400)', async () => {
    expect((await userEmotes('')).json.message).toBe('Missing required parameter "user_id"');
    expect((await userEmotes(`?user_id=${B}`)).status).toBe(401);
    expect((await userEmotes(`?user_id=${PIXELPAL}`, PIXELPAL, ['chat:read'])).status).toBe(401);
    expect((await userEmotes(`?user_id=${PIXELPAL}&broadcaster_id=999999999`)).status).toBe(400);
    expect((await userEmotes(`?user_id=${PIXELPAL}&after=zz`)).json.message).toBe('Invalid parameter "after": not a valid pagination cursor');
  });
});

describe('POST /_emulator/emotes and /_emulator/user-emote-sets', () => {
  it('creates channel emotes in the channel’s set of their kind, or a new set, for every emote endpoint', async () => {
    const created = await demo.simulate('/emotes', { broadcaster_id: B, name: 'sidestNew', emote_type: 'subscriptions', tier: '1000', format: ['static', 'animated'] });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ id: expect.stringMatching(/^emotesv2_[0-9a-f]{32}$/), name: 'sidestNew', tier: '1000', emote_type: 'subscriptions', emote_set_id: DEMO_EMOTE_SETS.tier1, owner_id: B, format: ['static', 'animated'] });

    const sam = '612345005';
    const own = await demo.simulate('/emotes', { broadcaster_id: sam, name: 'samFast', emote_type: 'subscriptions', tier: '2000', id: 'emotesv2_fast' });
    expect(own.json).toMatchObject({ id: 'emotesv2_fast', tier: '2000', emote_set_id: expect.stringMatching(/^[1-9]\d{8}$/) });
    const again = await demo.simulate('/emotes', { broadcaster_id: sam, name: 'samSlow', emote_type: 'subscriptions', tier: '2000' });
    expect(again.json.emote_set_id).toBe(own.json.emote_set_id);
    const bits = await demo.simulate('/emotes', { broadcaster_id: sam, name: 'samBits', emote_type: 'bitstier', emote_set_id: '777000111' });
    expect(bits.json).toMatchObject({ tier: '', emote_set_id: '777000111' });

    // Every emote endpoint sees them.
    const channel = await demo.helix('GET', `/chat/emotes?broadcaster_id=${sam}`);
    expect(channel.json.data.map((e: { name: string }) => e.name)).toEqual(['samFast', 'samSlow', 'samBits']);
    const sets = await demo.helix('GET', `/chat/emotes/set?emote_set_id=${own.json.emote_set_id}&emote_set_id=777000111`);
    expect(sets.json.data.map((e: { name: string; owner_id: string }) => `${e.name}:${e.owner_id}`)).toEqual(['samFast:612345005', 'samSlow:612345005', 'samBits:612345005']);
    const image = await fetch(`${demo.url}/static/emoticons/v2/emotesv2_fast/static/dark/2.0`);
    expect(image.status).toBe(200);
    expect(await image.text()).toContain('samFast');

    expect((await fetch(`${demo.url}/_emulator/emotes/emotesv2_fast`, { method: 'DELETE' })).status).toBe(200);
    expect((await demo.helix('GET', `/chat/emotes?broadcaster_id=${sam}`)).json.data).toHaveLength(2);
    expect((await fetch(`${demo.url}/_emulator/emotes/emotesv2_fast`, { method: 'DELETE' })).status).toBe(404);
  });

  it('validates: tier with subscriptions only, unique names and ids, a set of one owner; grants known sets once', async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [{ broadcaster_id: B, name: 'x1', emote_type: 'subscriptions' }, 400, /tier/],
      [{ broadcaster_id: B, name: 'x1', emote_type: 'follower', tier: '1000' }, 400, /tier/],
      [{ broadcaster_id: B, name: 'a b', emote_type: 'follower' }, 400, /^Invalid field "name"/],
      [{ broadcaster_id: B, name: 'x1', emote_type: 'gold' }, 400, /^Invalid field "emote_type"/],
      [{ broadcaster_id: '999', name: 'x1', emote_type: 'follower' }, 400, 'Unknown broadcaster_id "999"'],
      [{ broadcaster_id: B, name: 'sidestHype', emote_type: 'follower' }, 409, /already has an emote named/],
      [{ broadcaster_id: '612345005', name: 'x1', emote_type: 'follower', emote_set_id: DEMO_EMOTE_SETS.tier1 }, 409, /belongs to another owner/],
      [{ broadcaster_id: B, name: 'x1', emote_type: 'follower', id: 'emotesv2_4c3b4ed516de493bbcd2df2f5d450f49' }, 409, /already exists/],
      [{ broadcaster_id: B, name: 'x1', emote_type: 'follower', extra: 1 }, 400, 'Unknown field "extra"'],
    ];
    for (const [body, status, message] of cases) {
      const res = await demo.simulate('/emotes', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.message).toMatch(message);
    }
    expect((await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: '123', action: 'add' })).json.message).toBe('Unknown emote_set_id "123"');
    expect((await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: '0', action: 'add' })).status).toBe(400);
    expect((await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: DEMO_EMOTE_SETS.bits, action: 'remove' })).status).toBe(409);
    expect((await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: DEMO_EMOTE_SETS.bits, action: 'add' })).status).toBe(200);
    expect((await demo.simulate('/user-emote-sets', { user_id: PIXELPAL, emote_set_id: DEMO_EMOTE_SETS.bits, action: 'add' })).status).toBe(409);
  });
});
