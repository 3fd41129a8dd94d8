import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test-support/emulator-test-client';
import { DASHBOARD_CLIENT_ID, DEMO_REWARD_IDS } from '../../seed-channel-points';
import { DEMO_BOT } from '../../seed';
import type { Notification } from '../../eventsub/notification';
import { apiError as error, useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
let events: Notification[];

beforeEach(() => {
  events = demo.recordEvents();
});

const post = demo.simulate;
const redeem = (body: Record<string, unknown>) => post('/redemptions', { broadcaster_id: demo.broadcasterId, user_id: '612345001', ...body });

describe('POST /_emulator/redemptions', () => {
  it('creates an UNFULFILLED redemption and publishes the add event', async () => {
    const res = await redeem({ reward_id: DEMO_REWARD_IDS.songRequest, user_input: '  https://example.com/song  ' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      broadcaster_name: 'Sidestage_Demo',
      broadcaster_login: 'sidestage_demo',
      broadcaster_id: demo.broadcasterId,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_login: 'pixelpal',
      user_id: '612345001',
      user_name: 'PixelPal',
      user_input: 'https://example.com/song',
      status: 'UNFULFILLED',
      redeemed_at: demo.state.clock.iso(Date.parse(res.json.redeemed_at)),
      reward: { id: DEMO_REWARD_IDS.songRequest, title: 'Song request', prompt: 'Paste a YouTube or Spotify link. No explicit lyrics, please.', cost: 500 },
      stream_id: null,
      refunded_points: 0,
      refunded_at: null,
      reward_deleted: false,
    });
    expect(events).toEqual([
      {
        type: 'channel.channel_points_custom_reward_redemption.add',
        broadcasterUserId: demo.broadcasterId,
        rewardId: DEMO_REWARD_IDS.songRequest,
        event: {
          id: res.json.id,
          broadcaster_user_id: demo.broadcasterId,
          broadcaster_user_login: 'sidestage_demo',
          broadcaster_user_name: 'Sidestage_Demo',
          user_id: '612345001',
          user_login: 'pixelpal',
          user_name: 'PixelPal',
          user_input: 'https://example.com/song',
          status: 'unfulfilled',
          reward: { id: DEMO_REWARD_IDS.songRequest, title: 'Song request', cost: 500, prompt: 'Paste a YouTube or Spotify link. No explicit lyrics, please.' },
          redeemed_at: res.json.redeemed_at,
        },
      },
    ]);
    // It joins the queue the app reads.
    const queue = await demo.helix(
      'GET',
      `/channel_points/custom_rewards/redemptions?broadcaster_id=${demo.broadcasterId}&reward_id=${DEMO_REWARD_IDS.songRequest}&status=UNFULFILLED&sort=NEWEST&first=1`,
      { scopes: ['channel:read:redemptions'] },
    );
    expect(queue.json.data[0].id).toBe(res.json.id);
  });

  it('creates FULFILLED redemptions for rewards that skip the queue', async () => {
    const res = await redeem({ reward_id: DEMO_REWARD_IDS.postureCheck });
    expect(res.json).toMatchObject({ status: 'FULFILLED', user_input: null });
    expect(events[0]?.event).toMatchObject({ status: 'fulfilled', user_input: '' });
  });

  it('ignores user_input for rewards that do not ask for it', async () => {
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.hydrate, user_input: 'hello' })).json.user_input).toBeNull();
  });

  it('refuses with the reason: paused, disabled, input missing, channel points unavailable', async () => {
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.emoteOnly })).json).toEqual(error(409, 'Reward "Emote-only chat (5 min)" is paused'));
    demo.state.rewards.get(DEMO_REWARD_IDS.hydrate)!.isEnabled = false;
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.hydrate })).json).toEqual(error(409, 'Reward "Hydrate!" is disabled'));
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.songRequest })).json).toEqual(error(400, 'Reward "Song request" requires user_input'));
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.songRequest, user_input: '   ' })).status).toBe(400);
    demo.state.users.get(demo.broadcasterId)!.broadcasterType = '';
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.postureCheck })).json).toEqual(
      error(409, 'Channel points are not available: "sidestage_demo" is not a partner or affiliate'),
    );
    expect(events).toEqual([]);
  });

  it('refuses while the seeded reward is on global cooldown, with the seconds left', async () => {
    // "Ask me anything" (300 s cooldown) was last redeemed 4 minutes before the seed.
    const res = await redeem({ reward_id: DEMO_REWARD_IDS.askMeAnything, user_input: 'Why?' });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/^Reward "Ask me anything" is on global cooldown for (59|60) more seconds$/);
    await demo.advance(61);
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.askMeAnything, user_input: 'Why?' })).status).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for a bad body', async () => {
    expect((await redeem({ reward_id: 'nope' })).json).toEqual(error(404, 'Unknown reward_id "nope" for broadcaster "sidestage_demo"'));
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.hydrate, user_id: '999' })).json).toEqual(error(404, 'Unknown user_id "999"'));
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.hydrate, broadcaster_id: '999' })).json).toEqual(error(404, 'Unknown broadcaster_id "999"'));
    // Another channel's reward is unknown on this channel.
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.hydrate, broadcaster_id: '612345002' })).status).toBe(404);
    expect((await post('/redemptions', { broadcaster_id: demo.broadcasterId, user_id: '612345001' })).json).toEqual(
      error(400, 'Missing required field "reward_id"'),
    );
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.hydrate, extra: 1 })).json).toEqual(error(400, 'Unknown field "extra"'));
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.songRequest, user_input: 'x'.repeat(501) })).status).toBe(400);
    expect((await redeem({ reward_id: DEMO_REWARD_IDS.songRequest, user_input: 'x'.repeat(500) })).status).toBe(200);
    expect((await post('/redemptions')).status).toBe(400);
  });
});

describe('POST /_emulator/redemptions/bulk', () => {
  it('creates count redemptions round-robin over every user but the broadcaster (the demo bot too), with events', async () => {
    const res = await post('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.songRequest, count: 7 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.songRequest, count: 7, redemption_ids: expect.any(Array) });
    const created = (res.json.redemption_ids as string[]).map((id) => demo.state.redemptions.get(id)!);
    expect(created.map((r) => r.userId)).toEqual(['612345001', '612345002', '612345003', '612345004', '612345005', DEMO_BOT.id, '612345001']);
    expect(created.map((r) => r.userInput)).toEqual(Array.from({ length: 7 }, (_, i) => `Request #${i + 1}`));
    expect(events).toHaveLength(7);
  });

  it('skips stock, cooldown and per-user limits but not paused rewards', async () => {
    await post(`/streams/${demo.broadcasterId}/online`, {});
    const res = await post('/redemptions/bulk', {
      broadcaster_id: demo.broadcasterId,
      reward_id: DEMO_REWARD_IDS.askMeAnything,
      count: 3,
      user_ids: ['612345003'],
      user_input: 'Same question',
      publish_events: false,
    });
    expect(res.json.count).toBe(3);
    // Going online publishes stream.online; publish_events: false silences only the redemptions.
    expect(events.filter((e) => e.type.startsWith('channel.channel_points'))).toEqual([]);
    expect((await post('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.emoteOnly, count: 1 })).status).toBe(409);
  });

  it('is bounded to 10000 and fills a 10,000-item queue quickly', async () => {
    const over = await post('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 10_001 });
    expect(over.status).toBe(400);
    expect((await post('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 0 })).status).toBe(400);
    expect((await post('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 1, user_ids: ['1'] })).status).toBe(
      404,
    );

    const started = performance.now();
    const res = await post('/redemptions/bulk', { broadcaster_id: demo.broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 10_000 });
    expect(res.json.count).toBe(10_000);
    expect(events).toHaveLength(10_000);
    const page = await demo.helix(
      'GET',
      `/channel_points/custom_rewards/redemptions?broadcaster_id=${demo.broadcasterId}&reward_id=${DEMO_REWARD_IDS.hydrate}&status=UNFULFILLED&sort=NEWEST&first=50`,
      { scopes: ['channel:read:redemptions'] },
    );
    expect(page.json.data).toHaveLength(50);
    expect(page.json.data[0].id).toBe(res.json.redemption_ids[9_999]);
    expect(page.json.pagination.cursor).toEqual(expect.any(String));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('GET /_emulator/redemptions', () => {
  it('shows owners, streams and refunds that the API does not show', async () => {
    const redemption = demo.state.redemptions.listForReward(DEMO_REWARD_IDS.pickNextGame)[0]!;
    await demo.helix(
      'PATCH',
      `/channel_points/custom_rewards/redemptions?broadcaster_id=${demo.broadcasterId}&reward_id=${DEMO_REWARD_IDS.pickNextGame}&id=${redemption.id}`,
      { scopes: ['channel:manage:redemptions'], json: { status: 'CANCELED' } },
    );
    const res = await call(`${demo.url}/_emulator/redemptions?broadcaster_id=${demo.broadcasterId}&status=CANCELED`);
    expect(res.status).toBe(200);
    expect(res.json.rewards).toHaveLength(7);
    expect(res.json.rewards.find((r: { id: string }) => r.id === DEMO_REWARD_IDS.vipForADay).client_id).toBe(DASHBOARD_CLIENT_ID);
    expect(res.json.redemptions).toEqual([expect.objectContaining({ id: redemption.id, status: 'CANCELED', refunded_points: 5000, refunded_at: expect.any(String) })]);
    expect(res.json.refunded_points_by_user).toEqual({ '612345003': 5000 });
    expect((await call(`${demo.url}/_emulator/redemptions`)).status).toBe(400);
    expect((await call(`${demo.url}/_emulator/redemptions?broadcaster_id=1`)).status).toBe(404);
    expect((await call(`${demo.url}/_emulator/redemptions?broadcaster_id=${demo.broadcasterId}&status=nope`)).status).toBe(400);
  });
});

describe('the demo seed', () => {
  it('has seven rewards, one of them from the dashboard, and a pending queue of eight', async () => {
    const rewards = demo.state.rewards.listFor(demo.broadcasterId);
    expect(rewards).toHaveLength(7);
    expect(rewards.filter((r) => r.clientId === demo.clientId)).toHaveLength(6);
    const pending = demo.state.redemptions.list().filter((r) => r.status === 'UNFULFILLED');
    expect(pending).toHaveLength(8);
    const now = demo.state.clock.now();
    expect(pending.every((r) => r.redeemedAt <= now && r.redeemedAt > now - 3_600_000)).toBe(true);
  });
});
