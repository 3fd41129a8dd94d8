import { describe, expect, it } from 'vitest';
import { call } from '../../../test-support/emulator-test-client';
import { DEMO_MODERATOR_ID } from '../../../seed-community';
import { apiError as error, useDemoEmulator } from '../../../test-support/demo-emulator';

const demo = useDemoEmulator();
const VIEWER = '612345001';

/** The demo seed's settings as everyone sees them. */
const PUBLIC_SETTINGS = {
  broadcaster_id: '501234567',
  slow_mode: false,
  slow_mode_wait_time: null,
  follower_mode: true,
  follower_mode_duration: 10,
  subscriber_mode: false,
  emote_mode: false,
  unique_chat_mode: false,
};

describe('GET /helix/chat/settings', () => {
  const read = (query: string, token: string) => demo.helix('GET', `/chat/settings${query}`, { token });

  it('answers an app token with the public settings only', async () => {
    const res = await read(`?broadcaster_id=${demo.broadcasterId}`, await demo.mint(null, []));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [PUBLIC_SETTINGS] });
  });

  it('answers a user token without the scope with the public settings only, even with moderator_id', async () => {
    const token = await demo.mint(demo.broadcasterId, []);
    expect((await read(`?broadcaster_id=${demo.broadcasterId}`, token)).json).toEqual({ data: [PUBLIC_SETTINGS] });
    expect((await read(`?broadcaster_id=${demo.broadcasterId}&moderator_id=${demo.broadcasterId}`, token)).json).toEqual({ data: [PUBLIC_SETTINGS] });
  });

  it('adds moderator_id for a token with moderator:read:chat_settings, without the delay when moderator_id is not given', async () => {
    const token = await demo.mint(demo.broadcasterId, ['moderator:read:chat_settings']);
    expect((await read(`?broadcaster_id=${demo.broadcasterId}`, token)).json).toEqual({ data: [{ ...PUBLIC_SETTINGS, moderator_id: demo.broadcasterId }] });
  });

  it('adds the delay fields when moderator_id is the broadcaster or a moderator', async () => {
    const full = { ...PUBLIC_SETTINGS, non_moderator_chat_delay: false, non_moderator_chat_delay_duration: null };
    const own = await read(`?broadcaster_id=${demo.broadcasterId}&moderator_id=${demo.broadcasterId}`, await demo.mint(demo.broadcasterId, ['moderator:read:chat_settings']));
    expect(own.json).toEqual({ data: [{ ...full, moderator_id: demo.broadcasterId }] });
    const mod = await read(`?broadcaster_id=${demo.broadcasterId}&moderator_id=${DEMO_MODERATOR_ID}`, await demo.mint(DEMO_MODERATOR_ID, ['moderator:read:chat_settings']));
    expect(mod.json).toEqual({ data: [{ ...full, moderator_id: DEMO_MODERATOR_ID }] });
    expect(Object.keys(mod.json.data[0])).toEqual([
      'broadcaster_id', 'slow_mode', 'slow_mode_wait_time', 'follower_mode', 'follower_mode_duration', 'subscriber_mode', 'emote_mode',
      'unique_chat_mode', 'moderator_id', 'non_moderator_chat_delay', 'non_moderator_chat_delay_duration',
    ]);
  });

  it('leaves the delay out when moderator_id is not a moderator', async () => {
    const res = await read(`?broadcaster_id=${demo.broadcasterId}&moderator_id=${VIEWER}`, await demo.mint(VIEWER, ['moderator:read:chat_settings']));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [{ ...PUBLIC_SETTINGS, moderator_id: VIEWER }] });
  });

  it('needs moderator_id to be the token user (401), also refusing it with an app token', async () => {
    const mismatch = await read(`?broadcaster_id=${demo.broadcasterId}&moderator_id=${DEMO_MODERATOR_ID}`, await demo.mint(demo.broadcasterId, ['moderator:read:chat_settings']));
    expect(mismatch.status).toBe(401);
    expect(mismatch.json).toEqual(error(401, "The ID in moderator_id must match the user ID found in the request's OAuth token."));
    expect((await read(`?broadcaster_id=${demo.broadcasterId}&moderator_id=${demo.broadcasterId}`, await demo.mint(null, []))).status).toBe(401);
  });

  it('needs a known broadcaster_id (400) and a token (401)', async () => {
    const token = await demo.mint(null, []);
    expect((await read('', token)).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await read('?broadcaster_id=999999999', token)).status).toBe(400);
    expect((await call(`${demo.url}/helix/chat/settings?broadcaster_id=${demo.broadcasterId}`)).status).toBe(401);
  });

  it('gives a channel that never changed them the defaults', async () => {
    const res = await read(`?broadcaster_id=${VIEWER}`, await demo.mint(null, []));
    expect(res.json.data[0]).toEqual({ ...PUBLIC_SETTINGS, broadcaster_id: VIEWER, follower_mode: false, follower_mode_duration: null });
  });
});

describe('PATCH /helix/chat/settings', () => {
  const SCOPE = 'moderator:manage:chat_settings';
  const patch = (body: unknown, token: string, query = `?broadcaster_id=${demo.broadcasterId}&moderator_id=${demo.broadcasterId}`) =>
    demo.helix('PATCH', `/chat/settings${query}`, { token, json: body });
  const settingsOf = async (body: unknown) => {
    const res = await patch(body, await demo.mint(demo.broadcasterId, [SCOPE]));
    expect(res.status).toBe(200);
    return res.json.data[0];
  };

  it('applies the changes and answers the full settings', async () => {
    const token = await demo.mint(demo.broadcasterId, [SCOPE]);
    const res = await patch({ slow_mode: true, slow_mode_wait_time: 10, emote_mode: true }, token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          ...PUBLIC_SETTINGS,
          slow_mode: true,
          slow_mode_wait_time: 10,
          emote_mode: true,
          moderator_id: demo.broadcasterId,
          non_moderator_chat_delay: false,
          non_moderator_chat_delay_duration: null,
        },
      ],
    });
    const read = await demo.helix('GET', `/chat/settings?broadcaster_id=${demo.broadcasterId}`, { token: await demo.mint(null, []) });
    expect(read.json.data[0]).toMatchObject({ slow_mode: true, slow_mode_wait_time: 10, emote_mode: true, follower_mode: true });
  });

  it('lets a moderator update, and toggles the plain modes', async () => {
    const token = await demo.mint(DEMO_MODERATOR_ID, [SCOPE]);
    const res = await patch({ subscriber_mode: true, unique_chat_mode: true, emote_mode: false }, token, `?broadcaster_id=${demo.broadcasterId}&moderator_id=${DEMO_MODERATOR_ID}`);
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ subscriber_mode: true, unique_chat_mode: true, emote_mode: false, moderator_id: DEMO_MODERATOR_ID });
  });

  it('refuses a user who is not a moderator (403)', async () => {
    const res = await patch({ emote_mode: true }, await demo.mint(VIEWER, [SCOPE]), `?broadcaster_id=${demo.broadcasterId}&moderator_id=${VIEWER}`);
    expect(res.status).toBe(403);
    expect(res.json).toEqual(error(403, "The user in moderator_id is not one of the broadcaster's moderators."));
  });

  it('needs both ids (400), moderator_id = token user (401), the scope and a user token (401)', async () => {
    const token = await demo.mint(demo.broadcasterId, [SCOPE]);
    expect((await patch({}, token, `?moderator_id=${demo.broadcasterId}`)).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await patch({}, token, `?broadcaster_id=${demo.broadcasterId}`)).json).toEqual(error(400, 'Missing required parameter "moderator_id"'));
    expect((await patch({}, token, `?broadcaster_id=999999999&moderator_id=${demo.broadcasterId}`)).status).toBe(400);
    expect((await patch({}, token, `?broadcaster_id=${demo.broadcasterId}&moderator_id=${DEMO_MODERATOR_ID}`)).status).toBe(401);
    expect((await patch({}, await demo.mint(demo.broadcasterId, ['moderator:read:chat_settings']))).status).toBe(401);
    expect((await patch({}, await demo.mint(null, [SCOPE]))).status).toBe(401);
  });

  it('sets the default duration when a mode is turned on without one', async () => {
    expect(await settingsOf({ follower_mode: true })).toMatchObject({ follower_mode: true, follower_mode_duration: 0 });
    expect(await settingsOf({ slow_mode: true })).toMatchObject({ slow_mode: true, slow_mode_wait_time: 30 });
    expect(await settingsOf({ non_moderator_chat_delay: true })).toMatchObject({ non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 2 });
  });

  it('clears the duration when a mode is turned off', async () => {
    await settingsOf({ slow_mode: true, slow_mode_wait_time: 60, non_moderator_chat_delay: true, non_moderator_chat_delay_duration: 6 });
    expect(await settingsOf({ follower_mode: false, slow_mode: false, non_moderator_chat_delay: false })).toMatchObject({
      follower_mode: false,
      follower_mode_duration: null,
      slow_mode: false,
      slow_mode_wait_time: null,
      non_moderator_chat_delay: false,
      non_moderator_chat_delay_duration: null,
    });
  });

  it('keeps what the body does not name', async () => {
    await settingsOf({ slow_mode: true, slow_mode_wait_time: 45 });
    expect(await settingsOf({ emote_mode: true })).toMatchObject({ slow_mode: true, slow_mode_wait_time: 45, follower_mode: true, follower_mode_duration: 10 });
    expect(await settingsOf({})).toMatchObject({ slow_mode: true, slow_mode_wait_time: 45, emote_mode: true });
    expect(await settingsOf({ colour: 'red', moderator_id: 'x' })).toMatchObject({ emote_mode: true });
  });

  const PAIRS = [
    ['follower_mode_duration', 'follower_mode', 60],
    ['slow_mode_wait_time', 'slow_mode', 60],
    ['non_moderator_chat_delay_duration', 'non_moderator_chat_delay', 4],
  ] as const;

  for (const [duration, mode, value] of PAIRS) {
    it(`accepts ${duration} only with ${mode} true in the same body`, async () => {
      const token = await demo.mint(demo.broadcasterId, [SCOPE]);
      const alone = await patch({ [duration]: value }, token);
      expect(alone.status).toBe(400);
      expect(alone.json).toEqual(error(400, `"${duration}" may be set only when "${mode}" is true in the same request`));
      expect((await patch({ [mode]: false, [duration]: value }, token)).status).toBe(400);
      // Already on in the stored settings is not enough.
      await patch({ [mode]: true }, token);
      expect((await patch({ [duration]: value }, token)).status).toBe(400);
      const paired = await patch({ [mode]: true, [duration]: value }, token);
      expect(paired.status).toBe(200);
      expect(paired.json.data[0]).toMatchObject({ [mode]: true, [duration]: value });
    });
  }

  const RANGES: [string, string, number[], number[]][] = [
    ['follower_mode_duration', 'follower_mode', [0, 1, 129_600], [-1, 129_601]],
    ['slow_mode_wait_time', 'slow_mode', [3, 120], [2, 121, 0]],
    ['non_moderator_chat_delay_duration', 'non_moderator_chat_delay', [2, 4, 6], [0, 1, 3, 5, 8]],
  ];
  for (const [duration, mode, good, bad] of RANGES) {
    it(`checks the range of ${duration}`, async () => {
      const token = await demo.mint(demo.broadcasterId, [SCOPE]);
      for (const value of good) {
        const res = await patch({ [mode]: true, [duration]: value }, token);
        expect(res.status, `${duration}=${value}`).toBe(200);
        expect(res.json.data[0][duration]).toBe(value);
      }
      for (const value of bad) {
        const res = await patch({ [mode]: true, [duration]: value }, token);
        expect(res.status, `${duration}=${value}`).toBe(400);
        expect(res.json.message).toContain(`"${duration}"`);
      }
    });
  }

  it('answers 400 for wrong types and a body that is not an object', async () => {
    const token = await demo.mint(demo.broadcasterId, [SCOPE]);
    for (const body of [
      { emote_mode: 'true' },
      { subscriber_mode: 1 },
      { unique_chat_mode: null },
      { follower_mode: 'yes' },
      { slow_mode: true, slow_mode_wait_time: '30' },
      { slow_mode: true, slow_mode_wait_time: 30.5 },
      { slow_mode: true, slow_mode_wait_time: null },
      { follower_mode: true, follower_mode_duration: [10] },
      { non_moderator_chat_delay: true, non_moderator_chat_delay_duration: '2' },
    ]) {
      const res = await patch(body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe('Bad Request');
    }
    expect((await patch([1], token)).status).toBe(400);
    expect((await patch('text', token)).status).toBe(400);
    const noBody = await demo.helix('PATCH', `/chat/settings?broadcaster_id=${demo.broadcasterId}&moderator_id=${demo.broadcasterId}`, { token });
    expect(noBody.status).toBe(400);
    // Nothing was changed by the refused requests.
    expect(await settingsOf({})).toMatchObject({ emote_mode: false, subscriber_mode: false, slow_mode: false, follower_mode_duration: 10 });
  });
});
