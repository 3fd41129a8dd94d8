import { describe, expect, it } from 'vitest';
import { call } from '../../test-support/emulator-test-client';
import { subscribe as subscribeEventSub, TestSocket } from '../../test-support/eventsub-test-client';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';

const demo = useDemoEmulator();
const [A, B, C, D] = ['612345001', '612345002', '612345004', '612345005'] as const;

const cheer = (user_id: string | undefined, bits: number, extra: Record<string, unknown> = {}) =>
  demo.simulate('/cheers', { broadcaster_id: demo.broadcasterId, ...(user_id ? { user_id } : {}), bits, ...extra });
const sub = (user_id: string, tier?: string) => demo.simulate('/subscriptions', { broadcaster_id: demo.broadcasterId, user_id, ...(tier ? { tier } : {}) });

describe('cheers and subscriptions (simulation API)', () => {
  it('a cheer publishes channel.cheer in the reference shape, anonymous ones with null user fields', async () => {
    const events = demo.recordEvents();
    const res = await cheer(A, 100, { message: 'Cheer100 great stream' });
    expect(res.status, res.text).toBe(200);
    expect(events[0]).toMatchObject({ type: 'channel.cheer', broadcasterUserId: demo.broadcasterId });
    expect(events[0]!.event).toEqual({
      is_anonymous: false,
      user_id: A,
      user_login: expect.any(String),
      user_name: expect.any(String),
      broadcaster_user_id: demo.broadcasterId,
      broadcaster_user_login: 'sidestage_demo',
      broadcaster_user_name: 'Sidestage_Demo',
      message: 'Cheer100 great stream',
      bits: 100,
    });
    await cheer(undefined, 5, { is_anonymous: true });
    expect(events[1]!.event).toMatchObject({ is_anonymous: true, user_id: null, user_login: null, user_name: null, bits: 5 });
    expect((await cheer(undefined, 5)).json).toEqual(badRequest('Missing required field "user_id"'));
    expect((await cheer(A, 0)).status).toBe(400);
  });

  it('a subscription publishes channel.subscribe; a second one is 409; non-monetized channels have none', async () => {
    const events = demo.recordEvents();
    const res = await sub(A, '2000');
    expect(res.json).toMatchObject({ broadcaster_id: demo.broadcasterId, user_id: A, tier: '2000', is_gift: false, gifter_id: '' });
    expect(events.map((e) => [e.type, e.event.tier, e.event.is_gift])).toEqual([['channel.subscribe', '2000', false]]);
    expect((await sub(A)).status).toBe(409);
    expect((await demo.simulate('/subscriptions', { broadcaster_id: A, user_id: B })).status).toBe(409);
    expect((await sub(B, '4000')).status).toBe(400);
  });

  it('gifts publish channel.subscription.gift, then a channel.subscribe per recipient', async () => {
    const events = demo.recordEvents();
    const res = await demo.simulate('/subscriptions/gifts', { broadcaster_id: demo.broadcasterId, user_id: A, recipient_ids: [B, C] });
    expect(res.status, res.text).toBe(200);
    expect(events.map((e) => e.type)).toEqual(['channel.subscription.gift', 'channel.subscribe', 'channel.subscribe']);
    expect(events[0]!.event).toMatchObject({ user_id: A, total: 2, tier: '1000', cumulative_total: 2, is_anonymous: false });
    expect(events[1]!.event).toMatchObject({ user_id: B, is_gift: true });
    expect(res.json.subscriptions.map((s: { user_id: string; gifter_id: string }) => [s.user_id, s.gifter_id])).toEqual([[B, A], [C, A]]);
    const listed = await call(`${demo.url}/_emulator/subscriptions?broadcaster_id=${demo.broadcasterId}`);
    expect(listed.json.subscriptions.map((s: { user_id: string; is_gift: boolean }) => [s.user_id, s.is_gift])).toEqual([[B, true], [C, true]]);
    const anonymous = await demo.simulate('/subscriptions/gifts', { broadcaster_id: demo.broadcasterId, count: 1 });
    expect(anonymous.json).toMatchObject({ user_id: null, is_anonymous: true, cumulative_total: null, total: 1 });
    expect((await demo.simulate('/subscriptions/gifts', { broadcaster_id: demo.broadcasterId, user_id: A, recipient_ids: [B] })).status).toBe(409);
    expect((await demo.simulate('/subscriptions/gifts', { broadcaster_id: demo.broadcasterId, user_id: A })).status).toBe(400);
  });

  it('a resubscription message needs a subscription and publishes channel.subscription.message', async () => {
    expect((await demo.simulate('/subscriptions/messages', { broadcaster_id: demo.broadcasterId, user_id: D })).status).toBe(409);
    await sub(D, '3000');
    const events = demo.recordEvents();
    const res = await demo.simulate('/subscriptions/messages', { broadcaster_id: demo.broadcasterId, user_id: D, message: 'Love the stream!', streak_months: 2 });
    expect(res.status).toBe(200);
    expect(events[0]).toMatchObject({
      type: 'channel.subscription.message',
      event: { user_id: D, tier: '3000', message: { text: 'Love the stream!', emotes: [] }, cumulative_months: 2, streak_months: 2, duration_months: 1 },
    });
  });
});

describe('creator goals', () => {
  const goals = () => demo.helix('GET', `/goals?broadcaster_id=${demo.broadcasterId}`, { scopes: ['channel:read:goals'] });

  it('a goal starts from the channel count, moves with follows and subscriptions, and ends', async () => {
    const followers = demo.state.follows.followersOf(demo.broadcasterId).length;
    const events = demo.recordEvents();
    const follower = (await demo.simulate('/goals', { broadcaster_id: demo.broadcasterId, type: 'follower', target_amount: followers + 1, description: 'Next follower' })).json;
    const newSubs = (await demo.simulate('/goals', { broadcaster_id: demo.broadcasterId, type: 'new_subscription', target_amount: 10 })).json;
    expect(follower).toMatchObject({ type: 'follower', current_amount: followers, target_amount: followers + 1, description: 'Next follower' });
    const listed = (await goals()).json.data;
    expect(listed).toEqual([
      {
        id: follower.id,
        broadcaster_id: demo.broadcasterId,
        broadcaster_name: 'Sidestage_Demo',
        broadcaster_login: 'sidestage_demo',
        type: 'follower',
        description: 'Next follower',
        current_amount: followers,
        target_amount: followers + 1,
        created_at: expect.any(String),
      },
      expect.objectContaining({ id: newSubs.id, type: 'new_subscription', current_amount: 0 }),
    ]);
    const stranger = (await demo.simulate('/users', { login: 'goal_viewer' })).json.id;
    await demo.simulate('/follows', { user_id: stranger, broadcaster_id: demo.broadcasterId });
    await sub(A, '3000');
    expect((await goals()).json.data.map((g: { current_amount: number }) => g.current_amount)).toEqual([followers + 1, 6]);
    expect(events.filter((e) => e.type === 'channel.goal.progress').map((e) => [e.event.type, e.event.current_amount])).toEqual([
      ['follower', followers + 1],
      ['new_subscription', 6],
    ]);
    const ended = await demo.simulate(`/goals/${follower.id}/end`);
    expect(ended.json.is_achieved).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'channel.goal.end', event: { is_achieved: true, ended_at: expect.any(String), type: 'follower' } });
    expect((await goals()).json.data.map((g: { id: string }) => g.id)).toEqual([newSubs.id]);
    expect((await demo.simulate(`/goals/${follower.id}/end`)).status).toBe(409);
    expect((await demo.simulate('/goals', { broadcaster_id: demo.broadcasterId, type: 'new_subscription', target_amount: 1 })).status).toBe(409);
    expect((await demo.simulate('/goals', { broadcaster_id: demo.broadcasterId, type: 'bits', target_amount: 1 })).status).toBe(400);
  });

  it('Get Creator Goals needs broadcaster_id = token user and channel:read:goals', async () => {
    expect((await demo.helix('GET', '/goals', { scopes: ['channel:read:goals'] })).status).toBe(400);
    expect((await demo.helix('GET', `/goals?broadcaster_id=${A}`, { scopes: ['channel:read:goals'] })).status).toBe(401);
    expect((await demo.helix('GET', `/goals?broadcaster_id=${demo.broadcasterId}`, { scopes: [] })).status).toBe(401);
  });
});

describe('hype train', () => {
  const status = async () => (await demo.helix('GET', `/hypetrain/status?broadcaster_id=${demo.broadcasterId}`, { scopes: ['channel:read:hype_train'] })).json.data[0];

  it('starts after three contributors within five minutes, levels up, and ends at expiry with a cooldown', async () => {
    const events = demo.recordEvents();
    await cheer(A, 500);
    await sub(B);
    expect((await status()).current).toBeNull();
    await demo.advance(299);
    await cheer(C, 700);
    const trainEvents = () => events.filter((e) => e.type.startsWith('channel.hype_train.'));
    expect(trainEvents().map((e) => e.type)).toEqual(['channel.hype_train.begin', 'channel.hype_train.progress', 'channel.hype_train.progress', 'channel.hype_train.progress']);
    expect(trainEvents()[0]!.event).toMatchObject({
      broadcaster_user_id: demo.broadcasterId,
      // 1700 points: level 1 (1600) is done at once; level 2 needs 2200.
      level: 2,
      total: 1700,
      progress: 100,
      goal: 2200,
      all_time_high_level: 0,
      top_contributions: [
        { user_id: C, type: 'bits', total: 700, user_login: expect.any(String), user_name: expect.any(String) },
        { user_id: B, type: 'subscription', total: 500, user_login: expect.any(String), user_name: expect.any(String) },
      ],
      type: 'regular',
      is_shared_train: false,
      shared_train_participants: null,
    });
    const current = (await status()).current;
    expect(current).toMatchObject({ level: 2, total: 1700, progress: 100, goal: 2200, type: 'regular', is_shared_train: false });
    expect(Date.parse(current.expires_at) - Date.parse(current.started_at)).toBe(300_000);

    await demo.advance(200);
    await cheer(A, 2200);
    const levelled = (await status()).current;
    expect(levelled).toMatchObject({ level: 3, total: 3900, progress: 100 });
    expect(Date.parse(levelled.expires_at) - demo.state.clock.now()).toBeGreaterThan(290_000);

    await demo.advance(300);
    const end = trainEvents().at(-1)!;
    expect(end).toMatchObject({ type: 'channel.hype_train.end', event: { level: 3, total: 3900, cooldown_ends_at: expect.any(String), ended_at: expect.any(String) } });
    expect(Date.parse(end.event.cooldown_ends_at as string) - Date.parse(end.event.ended_at as string)).toBe(3_600_000);
    const after = await status();
    expect(after).toMatchObject({ current: null, all_time_high: { level: 3, total: 3900, achieved_at: expect.any(String) }, shared_all_time_high: null });

    // In the cooldown, contributions start nothing.
    await cheer(A, 1);
    await cheer(B, 1);
    await cheer(C, 1);
    expect((await status()).current).toBeNull();
  });

  it('contributions more than five minutes apart do not start a train; gifts count once', async () => {
    await cheer(A, 10);
    await cheer(B, 10);
    await demo.advance(301);
    await cheer(C, 10);
    expect((await status()).current).toBeNull();
    await demo.simulate('/subscriptions/gifts', { broadcaster_id: demo.broadcasterId, user_id: D, recipient_ids: [A, B] });
    expect((await status()).current).toBeNull();
    await cheer(B, 10);
    const current = (await status()).current;
    expect(current).toMatchObject({ total: 10 + 1000 + 10 });
    expect(current.top_contributions).toEqual([expect.objectContaining({ user_id: D, type: 'subscription', total: 1000 }), expect.objectContaining({ user_id: C, type: 'bits', total: 10 })]);
  });

  it('Get Hype Train Events lists the progression, newest first', async () => {
    await cheer(A, 100);
    await cheer(B, 100);
    await cheer(C, 100);
    await cheer(A, 50);
    const res = await demo.helix('GET', `/hypetrain/events?broadcaster_id=${demo.broadcasterId}&first=1`, { scopes: ['channel:read:hype_train'] });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({
      event_type: 'hypetrain.progression',
      version: '1.0',
      event_data: { broadcaster_id: demo.broadcasterId, level: 1, total: 350, goal: 1600, last_contribution: { total: 50, type: 'BITS', user: A } },
    });
    expect(res.json.pagination.cursor).toEqual(expect.any(String));
  });

  it('is delivered over EventSub as version 2', async () => {
    const { socket, sessionId } = await TestSocket.welcomed(demo.wsUrl);
    try {
      const token = await demo.mint(demo.broadcasterId, ['channel:read:hype_train', 'bits:read']);
      const auth = { token, clientId: demo.clientId };
      const condition = { broadcaster_user_id: demo.broadcasterId };
      expect((await subscribeEventSub(demo.url, auth, 'channel.hype_train.begin', condition, sessionId, '1')).status).toBe(400);
      expect((await subscribeEventSub(demo.url, auth, 'channel.hype_train.begin', condition, sessionId, '2')).status).toBe(202);
      expect((await subscribeEventSub(demo.url, auth, 'channel.cheer', condition, sessionId)).status).toBe(202);
      await cheer(A, 100);
      await cheer(B, 100);
      await cheer(C, 100);
      const types = [];
      for (let i = 0; i < 4; i++) types.push((await socket.next('notification')).metadata.subscription_type);
      expect(types).toEqual(['channel.cheer', 'channel.cheer', 'channel.cheer', 'channel.hype_train.begin']);
    } finally {
      socket.close();
    }
  });
});
