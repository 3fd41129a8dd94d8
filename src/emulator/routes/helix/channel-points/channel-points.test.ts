import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, helixHeaders } from '../../../test-support/emulator-test-client';
import { DEMO_REWARD_IDS } from '../../../seed-channel-points';
import { eventSubOf } from '../../../eventsub/eventsub-state';
import type { Notification } from '../../../eventsub/notification';
import { apiError as error, useDemoEmulator, type HttpMethod } from '../../../test-support/demo-emulator';
import { fuzz, fuzzRandom } from '../../../test-support/malformed-requests';

const demo = useDemoEmulator();
/** channel:manage:redemptions for the demo broadcaster, demo client. */
let manage: string;
let events: Notification[];

const VIEWER = '612345001';
const REWARDS = '/channel_points/custom_rewards';
const REDEMPTIONS = `${REWARDS}/redemptions`;

beforeAll(() => {
  eventSubOf(demo.state).notifications.subscribe((event) => events.push(event));
});
beforeEach(async () => {
  events = [];
  manage = await demo.mint(demo.broadcasterId, ['channel:manage:redemptions']);
});

function api(method: HttpMethod, path: string, options: { token?: string; client?: string; json?: unknown } = {}) {
  return demo.helix(method, path, { token: options.token ?? manage, clientId: options.client, json: options.json });
}

const q = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const v of [value].flat()) search.append(name, v);
  return `?${search.toString()}`;
};
const mine = (extra: Record<string, string | string[]> = {}) => q({ broadcaster_id: demo.broadcasterId, ...extra });

const sim = demo.simulate;
const redeem = (rewardId: string, userId = VIEWER, userInput?: string) =>
  sim('/redemptions', { broadcaster_id: demo.broadcasterId, reward_id: rewardId, user_id: userId, ...(userInput === undefined ? {} : { user_input: userInput }) });

async function createReward(body: Record<string, unknown>, token = manage) {
  return api('POST', `${REWARDS}${mine()}`, { token, json: body });
}

/** A second app the broadcaster also authorised. */
async function otherClientToken(scopes = ['channel:manage:redemptions']): Promise<{ token: string; client: string }> {
  const client = (await sim('/clients', { name: 'Other App', redirect_uris: [] })).json.client_id as string;
  return { token: await demo.mint(demo.broadcasterId, scopes, { client_id: client }), client };
}

describe('POST /helix/channel_points/custom_rewards', () => {
  it('creates a reward with the defaults, in the platform shape', async () => {
    const res = await createReward({ title: 'game analysis 1v1', cost: 50000 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          broadcaster_name: 'Sidestage_Demo',
          broadcaster_login: 'sidestage_demo',
          broadcaster_id: demo.broadcasterId,
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
          image: null,
          background_color: '#9147FF',
          is_enabled: true,
          cost: 50000,
          title: 'game analysis 1v1',
          prompt: '',
          is_user_input_required: false,
          max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
          max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
          global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
          is_paused: false,
          is_in_stock: true,
          default_image: {
            url_1x: `${demo.url}/static/custom-reward-images/default-1.png`,
            url_2x: `${demo.url}/static/custom-reward-images/default-2.png`,
            url_4x: `${demo.url}/static/custom-reward-images/default-4.png`,
          },
          should_redemptions_skip_request_queue: false,
          redemptions_redeemed_current_stream: null,
          cooldown_expires_at: null,
        },
      ],
    });
    expect(demo.state.rewards.get(res.json.data[0].id)?.clientId).toBe(demo.clientId);
  });

  it('takes every body field', async () => {
    const res = await createReward({
      title: 'Everything',
      cost: 1,
      prompt: 'p',
      is_enabled: false,
      background_color: '#00e5cb',
      is_user_input_required: true,
      is_max_per_stream_enabled: true,
      max_per_stream: 3,
      is_max_per_user_per_stream_enabled: true,
      max_per_user_per_stream: 1,
      is_global_cooldown_enabled: true,
      global_cooldown_seconds: 60,
      should_redemptions_skip_request_queue: true,
      is_paused: true,
    });
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({
      title: 'Everything',
      cost: 1,
      prompt: 'p',
      is_enabled: false,
      background_color: '#00E5CB',
      is_user_input_required: true,
      max_per_stream_setting: { is_enabled: true, max_per_stream: 3 },
      max_per_user_per_stream_setting: { is_enabled: true, max_per_user_per_stream: 1 },
      global_cooldown_setting: { is_enabled: true, global_cooldown_seconds: 60 },
      should_redemptions_skip_request_queue: true,
      is_paused: false,
      redemptions_redeemed_current_stream: null,
    });
  });

  it('limits the title to 45 characters and the prompt to 200', async () => {
    expect((await createReward({ title: 'a'.repeat(45), cost: 1 })).status).toBe(200);
    expect((await createReward({ title: '🎵'.repeat(45), cost: 1 })).status).toBe(200);
    expect((await createReward({ title: 'b'.repeat(46), cost: 1 })).json).toEqual(error(400, 'Invalid parameter "title": must be at most 45 characters'));
    expect((await createReward({ title: 'c', cost: 1, prompt: 'p'.repeat(200) })).status).toBe(200);
    expect((await createReward({ title: 'd', cost: 1, prompt: 'p'.repeat(201) })).json).toEqual(
      error(400, 'Invalid parameter "prompt": must be at most 200 characters'),
    );
  });

  it('needs a title and a cost of at least 1', async () => {
    expect((await createReward({ cost: 1 })).json).toEqual(error(400, 'Missing required parameter "title"'));
    expect((await createReward({ title: '   ', cost: 1 })).json).toEqual(error(400, 'Invalid parameter "title": must not be empty'));
    expect((await createReward({ title: 'x' })).json).toEqual(error(400, 'Missing required parameter "cost"'));
    expect((await createReward({ title: 'x', cost: 0 })).json).toEqual(error(400, 'Invalid parameter "cost": must be at least 1'));
    expect((await createReward({ title: 'x', cost: 1.5 })).json).toEqual(error(400, 'Invalid parameter "cost": must be an integer'));
    expect((await createReward({ title: 'x', cost: '100' })).json).toEqual(error(400, 'Invalid parameter "cost": must be an integer'));
    expect((await createReward({ title: 'x', cost: 2 ** 53 })).status).toBe(400);
    expect((await createReward({ title: 'x', cost: Number.MAX_SAFE_INTEGER })).json.data[0].cost).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('keeps titles unique per broadcaster, ignoring case', async () => {
    const res = await createReward({ title: 'HYDRATE!', cost: 5 });
    expect(res.json).toEqual(error(400, 'CREATE_CUSTOM_REWARD_DUPLICATE_REWARD'));
  });

  it('checks the limits, the colour and the field types', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expect((await createReward({ title: 'Limits', cost: 10, ...body })).json).toEqual(error(400, message));
    await bad({ is_max_per_stream_enabled: true }, 'Invalid parameter "max_per_stream": must be at least 1 when is_max_per_stream_enabled is true');
    await bad({ is_max_per_stream_enabled: true, max_per_stream: 0 }, 'Invalid parameter "max_per_stream": must be at least 1 when is_max_per_stream_enabled is true');
    await bad(
      { is_max_per_user_per_stream_enabled: true },
      'Invalid parameter "max_per_user_per_stream": must be at least 1 when is_max_per_user_per_stream_enabled is true',
    );
    await bad(
      { is_global_cooldown_enabled: true },
      'Invalid parameter "global_cooldown_seconds": must be at least 1 when is_global_cooldown_enabled is true',
    );
    await bad({ is_global_cooldown_enabled: true, global_cooldown_seconds: 0 }, 'Invalid parameter "global_cooldown_seconds": must be at least 1 when is_global_cooldown_enabled is true');
    await bad({ global_cooldown_seconds: -5 }, 'Invalid parameter "global_cooldown_seconds": must be at least 0');
    await bad({ background_color: 'red' }, 'Invalid parameter "background_color": must be a hex colour like #9147FF');
    await bad({ background_color: '#12345' }, 'Invalid parameter "background_color": must be a hex colour like #9147FF');
    await bad({ is_enabled: 'yes' }, 'Invalid parameter "is_enabled": must be true or false');
    await bad({ prompt: 5 }, 'Invalid parameter "prompt": must be a string');
    // Client libraries turn a limit off by sending its switch off with a 0.
    const off = await createReward({
      title: 'Limits off', cost: 10, is_global_cooldown_enabled: false, global_cooldown_seconds: 0, is_max_per_stream_enabled: false, max_per_stream: 0,
      is_max_per_user_per_stream_enabled: false, max_per_user_per_stream: 0,
    });
    expect(off.status).toBe(200);
    expect(off.json.data[0]).toMatchObject({
      global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
      max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
      max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
    });
    const ok = await createReward({ title: 'Limits', cost: 10, is_global_cooldown_enabled: true, global_cooldown_seconds: 1, max_per_stream: 2 });
    expect(ok.json.data[0]).toMatchObject({
      global_cooldown_setting: { is_enabled: true, global_cooldown_seconds: 1 },
      max_per_stream_setting: { is_enabled: false, max_per_stream: 2 },
    });
  });

  it('allows at most 50 rewards per channel, enabled and disabled together', async () => {
    const existing = demo.state.rewards.countFor(demo.broadcasterId);
    for (let i = existing; i < 50; i++) {
      expect((await createReward({ title: `Reward ${i}`, cost: 1, is_enabled: i % 2 === 0 })).status).toBe(200);
    }
    expect(demo.state.rewards.countFor(demo.broadcasterId)).toBe(50);
    expect((await createReward({ title: 'One too many', cost: 1 })).json).toEqual(error(400, 'CREATE_CUSTOM_REWARD_TOO_MANY_REWARDS'));
  });

  it('answers 400 for a missing or non-object body and a missing broadcaster_id', async () => {
    expect((await api('POST', `${REWARDS}${mine()}`)).json).toEqual(error(400, 'Missing request body'));
    expect((await api('POST', `${REWARDS}${mine()}`, { json: [1] })).json).toEqual(error(400, 'Request body must be a JSON object'));
    expect((await api('POST', REWARDS, { json: { title: 'x', cost: 1 } })).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
  });

  it('answers 401 for another broadcaster, a missing scope or an app token', async () => {
    const other = await api('POST', `${REWARDS}${q({ broadcaster_id: VIEWER })}`, { json: { title: 'x', cost: 1 } });
    expect(other.json).toEqual(error(401, "The ID in broadcaster_id must match the user ID found in the request's OAuth token."));
    const readOnly = await demo.mint(demo.broadcasterId, ['channel:read:redemptions']);
    expect((await createReward({ title: 'x', cost: 1 }, readOnly)).status).toBe(401);
    const app = await demo.mint(null, []);
    expect((await createReward({ title: 'x', cost: 1 }, app)).status).toBe(401);
  });

  it('answers 403 when the broadcaster is neither partner nor affiliate', async () => {
    const viewerToken = await demo.mint(VIEWER, ['channel:manage:redemptions']);
    const res = await api('POST', `${REWARDS}${q({ broadcaster_id: VIEWER })}`, { token: viewerToken, json: { title: 'x', cost: 1 } });
    expect(res.json).toEqual(error(403, 'The broadcaster must have partner or affiliate status.'));
  });

  it('serves the default images as PNG files', async () => {
    for (const [scale, size] of [
      ['1', 28],
      ['2', 56],
      ['4', 112],
    ] as const) {
      const res = await fetch(`${demo.url}/static/custom-reward-images/default-${scale}.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    expect((await fetch(`${demo.url}/static/custom-reward-images/default-3.png`)).status).toBe(404);
  });
});

describe('GET /helix/channel_points/custom_rewards', () => {
  it('lists every reward of the channel ascending by id, with read or manage scope', async () => {
    const read = await demo.mint(demo.broadcasterId, ['channel:read:redemptions']);
    const res = await api('GET', `${REWARDS}${mine()}`, { token: read });
    expect(res.status).toBe(200);
    const ids = res.json.data.map((r: { id: string }) => r.id);
    expect(ids).toEqual(Object.values(DEMO_REWARD_IDS).sort());
    expect(res.json.data.find((r: { id: string }) => r.id === DEMO_REWARD_IDS.emoteOnly).is_paused).toBe(true);
    expect(Object.keys(res.json)).toEqual(['data']);
  });

  it('filters by id (duplicates ignored, unknown ones skipped) and by manageability', async () => {
    const res = await api('GET', `${REWARDS}${mine({ id: [DEMO_REWARD_IDS.songRequest, DEMO_REWARD_IDS.hydrate, DEMO_REWARD_IDS.hydrate, 'nope'] })}`);
    expect(res.json.data.map((r: { id: string }) => r.id)).toEqual([DEMO_REWARD_IDS.hydrate, DEMO_REWARD_IDS.songRequest]);
    const manageable = await api('GET', `${REWARDS}${mine({ only_manageable_rewards: 'true' })}`);
    expect(manageable.json.data.map((r: { id: string }) => r.id)).not.toContain(DEMO_REWARD_IDS.vipForADay);
    expect(manageable.json.data).toHaveLength(6);
    const other = await otherClientToken(['channel:read:redemptions']);
    const none = await api('GET', `${REWARDS}${mine({ only_manageable_rewards: 'true' })}`, other);
    expect(none.json).toEqual({ data: [] });
  });

  it('answers 404 when ids are given and none is found', async () => {
    expect((await api('GET', `${REWARDS}${mine({ id: 'nope' })}`)).json).toEqual(error(404, 'No custom rewards with the specified IDs were found'));
  });

  it('takes up to 50 ids', async () => {
    const fifty = Array.from({ length: 49 }, (_, i) => `id-${i}`).concat(DEMO_REWARD_IDS.hydrate);
    expect((await api('GET', `${REWARDS}${mine({ id: fifty })}`)).json.data).toHaveLength(1);
    const res = await api('GET', `${REWARDS}${mine({ id: [...fifty, 'one-more'] })}`);
    expect(res.json).toEqual(error(400, 'The number of "id" parameters must not exceed 50'));
  });

  it('answers 400 for bad parameters, 401 and 403 like the other endpoints', async () => {
    expect((await api('GET', `${REWARDS}${mine({ only_manageable_rewards: 'yes' })}`)).status).toBe(400);
    expect((await api('GET', `${REWARDS}${mine({ id: '' })}`)).status).toBe(400);
    expect((await api('GET', REWARDS)).json).toEqual(error(400, 'Missing required parameter "broadcaster_id"'));
    expect((await api('GET', `${REWARDS}${q({ broadcaster_id: VIEWER })}`)).status).toBe(401);
    const noScope = await demo.mint(demo.broadcasterId, ['user:read:email']);
    expect((await api('GET', `${REWARDS}${mine()}`, { token: noScope })).status).toBe(401);
    const viewerToken = await demo.mint(VIEWER, ['channel:read:redemptions']);
    expect((await api('GET', `${REWARDS}${q({ broadcaster_id: VIEWER })}`, { token: viewerToken })).status).toBe(403);
  });

  it('is served under the /mock alias too', async () => {
    const res = await call(`${demo.url}/mock/channel_points/custom_rewards${mine({ id: DEMO_REWARD_IDS.hydrate })}`, { headers: helixHeaders(manage, demo.clientId) });
    expect(res.json.data[0].title).toBe('Hydrate!');
  });
});

describe('PATCH /helix/channel_points/custom_rewards', () => {
  const patch = (id: string, json: unknown, options: { token?: string; client?: string } = {}) =>
    api('PATCH', `${REWARDS}${mine({ id })}`, { ...options, json });

  it('updates the given fields only and answers the full reward', async () => {
    const res = await patch(DEMO_REWARD_IDS.hydrate, { cost: 150, is_paused: true, title: 'Hydrate!!', background_color: '#abcdef' });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({
      id: DEMO_REWARD_IDS.hydrate,
      title: 'Hydrate!!',
      cost: 150,
      is_paused: true,
      background_color: '#ABCDEF',
      prompt: 'Make me take a sip of water on stream.',
    });
    const again = await api('GET', `${REWARDS}${mine({ id: DEMO_REWARD_IDS.hydrate })}`);
    expect(again.json.data[0]).toEqual(res.json.data[0]);
  });

  it('accepts a title in another case for the same reward but not another reward’s title', async () => {
    expect((await patch(DEMO_REWARD_IDS.hydrate, { title: 'HYDRATE!' })).status).toBe(200);
    expect((await patch(DEMO_REWARD_IDS.hydrate, { title: 'song REQUEST' })).json).toEqual(error(400, 'UPDATE_CUSTOM_REWARD_DUPLICATE_REWARD'));
  });

  it('checks limits against the merged settings', async () => {
    expect((await patch(DEMO_REWARD_IDS.hydrate, { is_max_per_stream_enabled: true })).json.message).toBe(
      'Invalid parameter "max_per_stream": must be at least 1 when is_max_per_stream_enabled is true',
    );
    expect((await patch(DEMO_REWARD_IDS.hydrate, { max_per_stream: 4 })).json.data[0].max_per_stream_setting).toEqual({ is_enabled: false, max_per_stream: 4 });
    expect((await patch(DEMO_REWARD_IDS.hydrate, { is_max_per_stream_enabled: true })).json.data[0].max_per_stream_setting).toEqual({
      is_enabled: true,
      max_per_stream: 4,
    });
    expect((await patch(DEMO_REWARD_IDS.hydrate, { title: 'x'.repeat(46) })).status).toBe(400);
    expect((await patch(DEMO_REWARD_IDS.hydrate, { cost: 0 })).status).toBe(400);
  });

  it('turns each limit off with its switch off and a 0, and refuses a 0 with the switch on', async () => {
    const limits = [
      ['is_global_cooldown_enabled', 'global_cooldown_seconds', 'global_cooldown_setting'],
      ['is_max_per_stream_enabled', 'max_per_stream', 'max_per_stream_setting'],
      ['is_max_per_user_per_stream_enabled', 'max_per_user_per_stream', 'max_per_user_per_stream_setting'],
    ] as const;
    for (const [toggle, value, setting] of limits) {
      expect((await patch(DEMO_REWARD_IDS.hydrate, { [toggle]: true, [value]: 30 })).json.data[0][setting]).toEqual({ is_enabled: true, [value]: 30 });
      // On stays on: a 0 alone is refused, and so is a 0 with the switch sent on.
      for (const body of [{ [value]: 0 }, { [toggle]: true, [value]: 0 }]) {
        expect((await patch(DEMO_REWARD_IDS.hydrate, body)).json, JSON.stringify(body)).toEqual(error(400, `Invalid parameter "${value}": must be at least 1 when ${toggle} is true`));
      }
      const off = await patch(DEMO_REWARD_IDS.hydrate, { [toggle]: false, [value]: 0 });
      expect(off.status).toBe(200);
      expect(off.json.data[0][setting]).toEqual({ is_enabled: false, [value]: 0 });
      expect((await patch(DEMO_REWARD_IDS.hydrate, { [toggle]: true })).json.message).toBe(`Invalid parameter "${value}": must be at least 1 when ${toggle} is true`);
      expect((await patch(DEMO_REWARD_IDS.hydrate, { [value]: -1 })).json).toEqual(error(400, `Invalid parameter "${value}": must be at least 0`));
    }
  });

  it('answers 400 without id, 404 for an unknown reward, 403 for another client’s reward', async () => {
    expect((await api('PATCH', `${REWARDS}${mine()}`, { json: {} })).json).toEqual(error(400, 'Missing required parameter "id"'));
    expect((await patch('nope', { cost: 5 })).json).toEqual(error(404, 'The custom reward specified in the id query parameter was not found'));
    expect((await patch(DEMO_REWARD_IDS.vipForADay, { cost: 5 })).json).toEqual(
      error(403, 'The ID in the Client-Id header must match the Client ID used to create the custom reward.'),
    );
    const other = await otherClientToken();
    expect((await patch(DEMO_REWARD_IDS.hydrate, { cost: 5 }, other)).status).toBe(403);
    const read = await demo.mint(demo.broadcasterId, ['channel:read:redemptions']);
    expect((await patch(DEMO_REWARD_IDS.hydrate, { cost: 5 }, { token: read })).status).toBe(401);
  });
});

describe('DELETE /helix/channel_points/custom_rewards', () => {
  it('deletes the reward and fulfils its open redemptions, publishing update events', async () => {
    const before = demo.state.redemptions.listForReward(DEMO_REWARD_IDS.songRequest).filter((r) => r.status === 'UNFULFILLED').map((r) => r.id);
    expect(before).toHaveLength(3);
    const res = await api('DELETE', `${REWARDS}${mine({ id: DEMO_REWARD_IDS.songRequest })}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(demo.state.rewards.get(DEMO_REWARD_IDS.songRequest)).toBeUndefined();
    expect(events.map((e) => [e.type, e.rewardId, e.event.id, e.event.status])).toEqual(
      before.map((id) => ['channel.channel_points_custom_reward_redemption.update', DEMO_REWARD_IDS.songRequest, id, 'fulfilled']),
    );
    expect((await api('GET', `${REWARDS}${mine({ id: DEMO_REWARD_IDS.songRequest })}`)).status).toBe(404);
    expect((await api('DELETE', `${REWARDS}${mine({ id: DEMO_REWARD_IDS.songRequest })}`)).status).toBe(404);
  });

  it('keeps the deleted reward’s redemptions, FULFILLED, visible to the simulation API', async () => {
    const all = demo.state.redemptions.listForReward(DEMO_REWARD_IDS.songRequest).map((r) => ({ id: r.id, status: r.status }));
    expect(all.filter((r) => r.status === 'UNFULFILLED')).toHaveLength(3);
    expect((await api('DELETE', `${REWARDS}${mine({ id: DEMO_REWARD_IDS.songRequest })}`)).status).toBe(204);
    const seen = await call(`${demo.url}/_emulator/redemptions?broadcaster_id=${demo.broadcasterId}&reward_id=${DEMO_REWARD_IDS.songRequest}`);
    expect(seen.status).toBe(200);
    expect(seen.json.rewards).toEqual([]);
    expect(seen.json.redemptions.map((r: { id: string }) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
    for (const redemption of seen.json.redemptions) {
      const before = all.find((r) => r.id === redemption.id)!;
      expect(redemption).toMatchObject({ status: before.status === 'UNFULFILLED' ? 'FULFILLED' : before.status, reward_deleted: true });
    }
    const fulfilled = await call(`${demo.url}/_emulator/redemptions?broadcaster_id=${demo.broadcasterId}&status=FULFILLED`);
    expect(fulfilled.json.redemptions.filter((r: { reward: { id: string } }) => r.reward.id === DEMO_REWARD_IDS.songRequest).length).toBeGreaterThanOrEqual(3);
    // The API no longer reaches them through the reward.
    expect((await api('GET', `${REDEMPTIONS}${mine({ reward_id: DEMO_REWARD_IDS.songRequest, status: 'FULFILLED' })}`)).status).toBe(404);
  });

  it('answers 400, 403 and 404', async () => {
    expect((await api('DELETE', `${REWARDS}${mine()}`)).json).toEqual(error(400, 'Missing required parameter "id"'));
    expect((await api('DELETE', `${REWARDS}${mine({ id: 'nope' })}`)).status).toBe(404);
    expect((await api('DELETE', `${REWARDS}${mine({ id: DEMO_REWARD_IDS.vipForADay })}`)).status).toBe(403);
    expect(demo.state.rewards.get(DEMO_REWARD_IDS.vipForADay)).toBeDefined();
  });
});

describe('reward state on the emulator clock and the stream', () => {
  it('is out of stock while on global cooldown, until the cooldown ends', async () => {
    await demo.advance(600); // the seeded "Ask me anything" cooldown has run out
    const created = await createReward({ title: 'Cooldown', cost: 1, is_global_cooldown_enabled: true, global_cooldown_seconds: 90 });
    const id = created.json.data[0].id as string;
    const redeemed = await redeem(id);
    expect(redeemed.status).toBe(200);
    const redeemedAt = Date.parse(redeemed.json.redeemed_at);

    let reward = (await api('GET', `${REWARDS}${mine({ id })}`)).json.data[0];
    expect(reward.is_in_stock).toBe(false);
    expect(reward.cooldown_expires_at).toBe(new Date(redeemedAt + 90_000).toISOString().replace('.000', ''));
    const refused = await redeem(id, '612345002');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/^Reward "Cooldown" is on global cooldown for (89|90) more seconds$/);

    await demo.advance(89);
    expect((await redeem(id, '612345002')).json.message).toMatch(/for [12] more seconds?$/);
    await demo.advance(2);
    reward = (await api('GET', `${REWARDS}${mine({ id })}`)).json.data[0];
    expect(reward).toMatchObject({ is_in_stock: true, cooldown_expires_at: null });
    expect((await redeem(id, '612345002')).status).toBe(200);
  });

  it('counts redemptions per stream, runs out of stock at the maximum and resets with a new stream', async () => {
    const created = await createReward({ title: 'Limited', cost: 1, is_max_per_stream_enabled: true, max_per_stream: 2 });
    const id = created.json.data[0].id as string;
    const get = async () => (await api('GET', `${REWARDS}${mine({ id })}`)).json.data[0];
    expect((await get()).redemptions_redeemed_current_stream).toBeNull(); // not live

    expect((await sim(`/streams/${demo.broadcasterId}/online`, {})).status).toBe(200);
    expect(await get()).toMatchObject({ redemptions_redeemed_current_stream: 0, is_in_stock: true });
    expect((await redeem(id, '612345001')).json.stream_id).toBe(demo.state.streams.get(demo.broadcasterId)!.id);
    expect((await redeem(id, '612345002')).status).toBe(200);
    expect(await get()).toMatchObject({ redemptions_redeemed_current_stream: 2, is_in_stock: false });
    const refused = await redeem(id, '612345003');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Reward "Limited" is out of stock: the limit of 2 per stream is reached');

    await sim(`/streams/${demo.broadcasterId}/offline`, {});
    expect(await get()).toMatchObject({ redemptions_redeemed_current_stream: null, is_in_stock: true });
    await sim(`/streams/${demo.broadcasterId}/online`, {});
    expect(await get()).toMatchObject({ redemptions_redeemed_current_stream: 0, is_in_stock: true });
    expect((await redeem(id, '612345003')).status).toBe(200);
  });

  it('limits each user per stream and resets with a new stream', async () => {
    await sim(`/streams/${demo.broadcasterId}/online`, {});
    const created = await createReward({ title: 'Per user', cost: 1, is_max_per_user_per_stream_enabled: true, max_per_user_per_stream: 1 });
    const id = created.json.data[0].id as string;
    expect((await redeem(id, '612345001')).status).toBe(200);
    const refused = await redeem(id, '612345001');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('User "pixelpal" reached the limit of 1 per user per stream for reward "Per user"');
    expect((await redeem(id, '612345002')).status).toBe(200);
    expect((await api('GET', `${REWARDS}${mine({ id })}`)).json.data[0].is_in_stock).toBe(true);
    await sim(`/streams/${demo.broadcasterId}/offline`, {});
    await sim(`/streams/${demo.broadcasterId}/online`, {});
    expect((await redeem(id, '612345001')).status).toBe(200);
  });
});

describe('GET /helix/channel_points/custom_rewards/redemptions', () => {
  const list = (params: Record<string, string | string[]>, options: { token?: string; client?: string } = {}) =>
    api('GET', `${REDEMPTIONS}${mine(params)}`, options);

  it('lists a reward’s redemptions by status, oldest first, in the platform shape', async () => {
    const res = await list({ reward_id: DEMO_REWARD_IDS.songRequest, status: 'UNFULFILLED' });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({});
    expect(res.json.data).toHaveLength(3);
    expect(res.json.data[0]).toEqual({
      broadcaster_name: 'Sidestage_Demo',
      broadcaster_login: 'sidestage_demo',
      broadcaster_id: demo.broadcasterId,
      id: expect.any(String),
      user_login: 'cozy_carrot',
      user_id: '612345002',
      user_name: 'cozy_carrot',
      user_input: 'https://www.youtube.com/watch?v=lTRiuFIWV54',
      status: 'UNFULFILLED',
      redeemed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      reward: {
        id: DEMO_REWARD_IDS.songRequest,
        title: 'Song request',
        prompt: 'Paste a YouTube or Spotify link. No explicit lyrics, please.',
        cost: 500,
      },
    });
    const times = res.json.data.map((r: { redeemed_at: string }) => Date.parse(r.redeemed_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const newest = await list({ reward_id: DEMO_REWARD_IDS.songRequest, status: 'UNFULFILLED', sort: 'NEWEST' });
    expect(newest.json.data.map((r: { id: string }) => r.id)).toEqual(res.json.data.map((r: { id: string }) => r.id).reverse());
    expect((await list({ reward_id: DEMO_REWARD_IDS.songRequest, status: 'CANCELED' })).json).toEqual({ data: [], pagination: {} });
    const hydrate = await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED' });
    expect(hydrate.json.data[0].user_input).toBeNull();
  });

  it('pages with first and after, forward, stable while the queue is worked', async () => {
    const bulk = await sim('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 45, publish_events: false });
    expect(bulk.status).toBe(200);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const res = await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', first: '20', ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((r: { id: string }) => r.id));
      // Working the queue between pages does not make the next page skip anything.
      if (pages === 0) await api('PATCH', `${REDEMPTIONS}${mine({ reward_id: DEMO_REWARD_IDS.hydrate, id: res.json.data[0].id })}`, { json: { status: 'FULFILLED' } });
      after = res.json.pagination.cursor;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(47);
    expect(new Set(seen).size).toBe(47);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED' })).json.data).toHaveLength(20);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', first: '50' })).json.data).toHaveLength(46);
  });

  it('finds redemptions by id without status, up to 50 ids', async () => {
    const ids = demo.state.redemptions.listForReward(DEMO_REWARD_IDS.postureCheck).map((r) => r.id);
    const res = await list({ reward_id: DEMO_REWARD_IDS.postureCheck, id: [...ids, ids[0]!, 'unknown'] });
    expect(res.json.data.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual(ids.map((id) => [id, 'FULFILLED']));
    expect(res.json.pagination).toEqual({});
    const fifty = [...ids, ...Array.from({ length: 50 - ids.length }, (_, i) => `x${i}`)];
    expect((await list({ reward_id: DEMO_REWARD_IDS.postureCheck, id: fifty })).status).toBe(200);
    expect((await list({ reward_id: DEMO_REWARD_IDS.postureCheck, id: [...fifty, 'y'] })).json).toEqual(
      error(400, 'The number of "id" parameters must not exceed 50'),
    );
  });

  it('answers 400 for missing or invalid parameters', async () => {
    expect((await list({ status: 'UNFULFILLED' })).json).toEqual(error(400, 'Missing required parameter "reward_id"'));
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate })).json).toEqual(error(400, 'Missing required parameter "status"'));
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'unfulfilled' })).status).toBe(400);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', sort: 'RANDOM' })).status).toBe(400);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', first: '0' })).status).toBe(400);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', first: '51' })).status).toBe(400);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', first: '50' })).status).toBe(200);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED', after: 'garbage' })).json).toEqual(
      error(400, 'Invalid parameter "after": not a cursor from this endpoint'),
    );
  });

  it('answers 404 for an unknown reward and 403 for another client’s reward', async () => {
    expect((await list({ reward_id: 'nope', status: 'UNFULFILLED' })).json).toEqual(
      error(404, 'The custom reward specified in the reward_id query parameter was not found'),
    );
    expect((await list({ reward_id: DEMO_REWARD_IDS.vipForADay, status: 'UNFULFILLED' })).status).toBe(403);
    const other = await otherClientToken(['channel:read:redemptions']);
    expect((await list({ reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED' }, other)).status).toBe(403);
    expect((await api('GET', `${REDEMPTIONS}${q({ broadcaster_id: VIEWER, reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED' })}`)).status).toBe(401);
  });
});

describe('PATCH /helix/channel_points/custom_rewards/redemptions', () => {
  const open = (rewardId: string) => demo.state.redemptions.listForReward(rewardId).filter((r) => r.status === 'UNFULFILLED').map((r) => r.id);
  const update = (rewardId: string, ids: string[], status: unknown, options: { token?: string; client?: string } = {}) =>
    api('PATCH', `${REDEMPTIONS}${mine({ reward_id: rewardId, id: ids })}`, { ...options, json: { status } });

  it('fulfils UNFULFILLED redemptions, answers them and publishes update events', async () => {
    const [first, second] = open(DEMO_REWARD_IDS.songRequest);
    const res = await update(DEMO_REWARD_IDS.songRequest, [first!, second!], 'FULFILLED');
    expect(res.status).toBe(200);
    expect(res.json.data.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [first, 'FULFILLED'],
      [second, 'FULFILLED'],
    ]);
    expect(res.json.data[0].reward.id).toBe(DEMO_REWARD_IDS.songRequest);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({
      type: 'channel.channel_points_custom_reward_redemption.update',
      broadcasterUserId: demo.broadcasterId,
      rewardId: DEMO_REWARD_IDS.songRequest,
      event: {
        id: first,
        broadcaster_user_id: demo.broadcasterId,
        broadcaster_user_login: 'sidestage_demo',
        broadcaster_user_name: 'Sidestage_Demo',
        user_id: '612345002',
        user_login: 'cozy_carrot',
        user_name: 'cozy_carrot',
        user_input: 'https://www.youtube.com/watch?v=lTRiuFIWV54',
        status: 'fulfilled',
        reward: {
          id: DEMO_REWARD_IDS.songRequest,
          title: 'Song request',
          cost: 500,
          prompt: 'Paste a YouTube or Spotify link. No explicit lyrics, please.',
        },
        redeemed_at: res.json.data[0].redeemed_at,
      },
    });
  });

  it('cancels with a refund, and a finished redemption cannot be updated again (404)', async () => {
    const [id] = open(DEMO_REWARD_IDS.pickNextGame);
    const res = await update(DEMO_REWARD_IDS.pickNextGame, [id!], 'CANCELED');
    expect(res.json.data[0].status).toBe('CANCELED');
    expect(events.map((e) => e.event.status)).toEqual(['canceled']);
    expect(demo.state.redemptions.get(id!)?.refund?.points).toBe(5000);
    expect(demo.state.redemptions.refundedPoints('612345003')).toBe(5000);

    const again = await update(DEMO_REWARD_IDS.pickNextGame, [id!], 'FULFILLED');
    expect(again.json).toEqual(error(404, 'No UNFULFILLED redemptions with the specified IDs were found for this reward'));
    const fulfilled = demo.state.redemptions.listForReward(DEMO_REWARD_IDS.postureCheck).map((r) => r.id);
    expect((await update(DEMO_REWARD_IDS.postureCheck, fulfilled, 'CANCELED')).status).toBe(404);
    // A redemption of another reward does not match.
    const hydrate = open(DEMO_REWARD_IDS.hydrate);
    expect((await update(DEMO_REWARD_IDS.songRequest, hydrate, 'FULFILLED')).status).toBe(404);
  });

  it('updates only the UNFULFILLED ones of a mixed list', async () => {
    const posture = demo.state.redemptions.listForReward(DEMO_REWARD_IDS.postureCheck)[0]!.id;
    const [a, b] = open(DEMO_REWARD_IDS.hydrate);
    await update(DEMO_REWARD_IDS.hydrate, [a!], 'FULFILLED');
    const res = await update(DEMO_REWARD_IDS.hydrate, [a!, b!, posture, 'unknown'], 'CANCELED');
    expect(res.json.data.map((r: { id: string }) => r.id)).toEqual([b]);
  });

  it('takes up to 50 ids', async () => {
    const bulk = await sim('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 51, publish_events: false });
    const ids = bulk.json.redemption_ids as string[];
    expect((await update(DEMO_REWARD_IDS.hydrate, ids, 'FULFILLED')).json).toEqual(error(400, 'The number of "id" parameters must not exceed 50'));
    const res = await update(DEMO_REWARD_IDS.hydrate, ids.slice(0, 50), 'FULFILLED');
    expect(res.json.data).toHaveLength(50);
    expect(events).toHaveLength(50);
  });

  it('answers 400, 401, 403 and 404 as documented', async () => {
    const [id] = open(DEMO_REWARD_IDS.hydrate);
    expect((await api('PATCH', `${REDEMPTIONS}${mine({ reward_id: DEMO_REWARD_IDS.hydrate })}`, { json: { status: 'FULFILLED' } })).json).toEqual(
      error(400, 'Missing required parameter "id"'),
    );
    expect((await api('PATCH', `${REDEMPTIONS}${mine({ id: id! })}`, { json: { status: 'FULFILLED' } })).json).toEqual(
      error(400, 'Missing required parameter "reward_id"'),
    );
    expect((await update(DEMO_REWARD_IDS.hydrate, [id!], undefined)).json).toEqual(error(400, 'Missing required parameter "status"'));
    expect((await update(DEMO_REWARD_IDS.hydrate, [id!], 'UNFULFILLED')).json).toEqual(
      error(400, 'Invalid parameter "status": must be FULFILLED or CANCELED'),
    );
    expect((await api('PATCH', `${REDEMPTIONS}${mine({ reward_id: DEMO_REWARD_IDS.hydrate, id: id! })}`)).status).toBe(400);
    const read = await demo.mint(demo.broadcasterId, ['channel:read:redemptions']);
    expect((await update(DEMO_REWARD_IDS.hydrate, [id!], 'FULFILLED', { token: read })).status).toBe(401);
    const other = await otherClientToken();
    expect((await update(DEMO_REWARD_IDS.hydrate, [id!], 'FULFILLED', other)).status).toBe(403);
    expect((await update('nope', [id!], 'FULFILLED')).status).toBe(404);
    expect(demo.state.redemptions.get(id!)?.status).toBe('UNFULFILLED');
    expect(events).toEqual([]);
  });
});

describe('malformed requests', () => {
  it('never answer 5xx and always use the platform error shape (bounded, seeded)', async () => {
    const paths = [`/helix${REWARDS}`, `/helix${REDEMPTIONS}`, '/_emulator/redemptions', '/_emulator/redemptions/bulk'];
    const names = ['broadcaster_id', 'id', 'reward_id', 'status', 'sort', 'first', 'after', 'only_manageable_rewards', '__proto__'];
    const values = ['', demo.broadcasterId, DEMO_REWARD_IDS.hydrate, 'UNFULFILLED', 'CANCELED', 'NEWEST', '0', '51', '-1', '1e309', 'true', '%zz', 'eyJ0IjoxfQ', 'x'.repeat(300)];
    const bodies = ['{', '[]', 'null', '1', '"s"', '{"title":null,"cost":null}', '{"title":"t","cost":1e400}', '{"title":{},"cost":[]}',
      '{"status":1}', '{"status":"CANCELED"}', '{"broadcaster_id":1}', `{"broadcaster_id":"${demo.broadcasterId}","reward_id":"${DEMO_REWARD_IDS.hydrate}","count":1e9}`,
      '{"__proto__":{"x":1}}', '{"is_max_per_stream_enabled":true,"max_per_stream":1.5,"title":"t","cost":1}'];
    await fuzz(demo.url, fuzzRandom(0x5eed), {
      routes: paths.flatMap((path) => (['GET', 'POST', 'PATCH', 'DELETE'] as const).map((method) => [method, path] as const)),
      params: names,
      values,
      headers: () => helixHeaders(manage, demo.clientId),
      bodyShare: 14 / 15,
      bodies,
      contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
    }, 300);
  });
});
