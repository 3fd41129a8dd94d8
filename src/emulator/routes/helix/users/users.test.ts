import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator({ reset: false });
let userToken: string;
let emailToken: string;
let appToken: string;

beforeAll(async () => {
  userToken = await demo.mint(demo.broadcasterId, []);
  emailToken = await demo.mint(demo.broadcasterId, ['user:read:email']);
  appToken = await demo.mint(null, []);
});

const get = (query: string, token: string) => demo.helix('GET', `/users${query}`, { token });

describe('GET /helix/users', () => {
  it('returns the token user without parameters, in the platform shape', async () => {
    const res = await get('', userToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          id: demo.broadcasterId,
          login: 'sidestage_demo',
          display_name: 'Sidestage_Demo',
          type: '',
          broadcaster_type: 'partner',
          description: expect.any(String),
          profile_image_url: `${demo.url}/static/profile-images/${demo.broadcasterId}-profile_image-300x300.svg`,
          offline_image_url: '',
          view_count: 0,
          created_at: '2019-05-04T17:21:08Z',
        },
      ],
    });
    const image = await call(res.json.data[0].profile_image_url);
    expect(image.status).toBe(200);
    expect(image.header('content-type')).toBe('image/svg+xml');
  });

  it('adds the email of the token user only with user:read:email', async () => {
    const res = await get(`?login=pixelpal`, emailToken);
    expect(res.json.data[0].email).toBeUndefined();
    const own = await get('', emailToken);
    expect(own.json.data[0].email).toBe('sidestage_demo@example.com');
  });

  it('looks users up by id and login together, ignoring unknown and duplicate ones', async () => {
    const res = await get(`?id=612345001&login=MODMALLORY&id=999999&login=pixelpal`, appToken);
    expect(res.status).toBe(200);
    expect(res.json.data.map((u: { login: string }) => u.login)).toEqual(['pixelpal', 'modmallory']);
  });

  it('needs a user token when nothing is named', async () => {
    const res = await get('', appToken);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Bad Request', status: 400, message: 'Must provide an ID, Login or OAuth Token' });
  });

  it('accepts 100 lookups and refuses 101', async () => {
    const hundred = Array.from({ length: 60 }, (_, i) => `id=${i + 1}`).concat(Array.from({ length: 40 }, (_, i) => `login=user${i}`));
    expect((await get(`?${hundred.join('&')}`, appToken)).status).toBe(200);
    const res = await get(`?${[...hundred, 'login=one_more'].join('&')}`, appToken);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Bad Request');
    expect(res.json.message).toContain('100');
  });
});
