/**
 * The channel-event stream against the real emulator: every kind is asked for with a type, version,
 * condition and scope the platform accepts, and what the simulation (or the broadcaster's own API
 * calls) makes happen arrives once, typed, with the fields the consumers read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import type { SimulationClient } from '../../../emulator/simulation-client';
import { requestedScopeList } from '../../../shared/domain/scopes';
import { channelEventKinds, channelEventSchema, type ChannelEvent, type ChannelEventKind, type ChannelEventOf } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { apiClientFor, fixedAuth, mintToken, simulation } from '../../test-support/live-controls-emulator';
import { waitUntil } from '../../test-support/wait-until';
import { CurrentBroadcaster } from '../common/current-broadcaster';
import { silentLogger } from '../logger';
import { ChannelEvents } from './channel-events';
import { EventsService } from './events-service';

let emulator: RunningEmulator;
let sim: SimulationClient;
let api: ApiClient;
let events: EventsService;
let stream: ChannelEvents;
let broadcaster: CurrentBroadcaster;
let me: string;
let viewers: string[];
const seen: ChannelEvent[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'demo' });
  sim = simulation(emulator);
  me = emulator.demo!.broadcaster.id;
  viewers = emulator.demo!.viewers.map((v) => v.id);
  const token = await mintToken(emulator, [...requestedScopeList, 'moderator:manage:banned_users', 'channel:moderate', 'channel:read:goals']);
  const { auth, apiAuth } = fixedAuth(emulator, token);
  api = apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth);
  broadcaster = new CurrentBroadcaster(auth);
  events = new EventsService({ eventsubUrl: `${emulator.url.replace(/^http/, 'ws')}/ws`, api, auth, broadcaster, logger: silentLogger });
  stream = new ChannelEvents({ events, broadcaster, logger: silentLogger });
  stream.on(channelEventKinds, (event) => seen.push(event));
  events.start();
  await waitUntil(() => events.getStatus().state === 'connected' && events.getStatus().subscriptions.every((s) => s.status !== 'pending'), 10_000, 'the subscriptions settled');
});

afterAll(async () => {
  stream?.dispose();
  events?.dispose();
  broadcaster?.dispose();
  await emulator?.close();
});

async function next<K extends ChannelEventKind>(kind: K, predicate: (event: ChannelEventOf<K>) => boolean = () => true): Promise<ChannelEventOf<K>> {
  const match = (e: ChannelEvent): e is ChannelEventOf<K> => e.kind === kind && predicate(e as ChannelEventOf<K>);
  await waitUntil(() => seen.some(match), 10_000, `a ${kind} event`);
  return seen.find(match)!;
}

describe('channel events from the emulator', () => {
  it('every kind is accepted by the platform (type, version, condition, scope)', () => {
    const refused = events.getStatus().subscriptions.filter((s) => s.status !== 'enabled');
    expect(refused).toEqual([]);
  });

  it('reads supporters: follow, subscription, gift, resubscription, cheer, donation', async () => {
    const fan = await sim.createUser({ login: 'channel_events_fan' });
    await sim.follow({ user_id: fan.id, broadcaster_id: me });
    await sim.subscribe({ broadcaster_id: me, user_id: viewers[1]!, tier: '2000' });
    await sim.giftSubscriptions({ broadcaster_id: me, user_id: viewers[2]!, recipient_ids: [viewers[3]!, viewers[4]!] });
    await sim.resubMessage({ broadcaster_id: me, user_id: viewers[1]!, message: 'still here', cumulative_months: 7 });
    await sim.cheer({ broadcaster_id: me, is_anonymous: true, bits: 100, message: 'Cheer100 gg' });
    await sim.donate({ broadcaster_id: me, user_id: viewers[0]!, amount: { value: 550, decimal_places: 2, currency: 'USD' } });

    expect(await next('follow')).toMatchObject({ source: 'live', user: { id: fan.id, login: fan.login } });
    expect(await next('subscription', (e) => e.user.id === viewers[1])).toMatchObject({ tier: '2000', isGift: false });
    expect(await next('giftSubscriptions')).toMatchObject({ gifter: { id: viewers[2] }, count: 2, tier: '1000' });
    expect(await next('resubscription')).toMatchObject({ user: { id: viewers[1] }, months: 7, message: 'still here' });
    expect(await next('cheer')).toMatchObject({ user: null, bits: 100, message: 'Cheer100 gg' });
    const donation = await next('donation');
    expect(donation).toMatchObject({ user: { id: viewers[0] }, amount: { value: 550, decimalPlaces: 2, currency: 'USD' } });
    expect(donation.id).toBe(`donation:${donation.donationId}`);
    // Everything that arrived is a valid channel event.
    for (const event of seen) expect(channelEventSchema.safeParse(event).success).toBe(true);
  });

  it('reads a redemption with the id the queue knows it by, and a raid into the channel', async () => {
    const rewards = await api.get<{ data: { id: string; title: string; is_user_input_required: boolean }[] }>('/helix/channel_points/custom_rewards', { broadcaster_id: me });
    const reward = rewards.data.find((r) => !r.is_user_input_required)!;
    const redeemed = await sim.redeem({ broadcaster_id: me, reward_id: reward.id, user_id: viewers[0]! });
    const redemption = await next('redemption');
    expect(redemption).toMatchObject({ id: `redemption:${redeemed.id}`, redemptionId: redeemed.id, reward: { id: reward.id, title: reward.title }, user: { id: viewers[0] } });

    await sim.streamOnline(viewers[4]!, { viewer_count: 12 });
    await sim.incomingRaid({ from_broadcaster_id: viewers[4]!, to_broadcaster_id: me });
    expect(await next('raid')).toMatchObject({ from: { id: viewers[4] }, viewers: 12 });
    expect(seen.some((e) => e.kind === 'raidSent')).toBe(false);
  });

  it('reads the stream, chat, an ad break, polls and predictions, goals and a ban', async () => {
    await sim.streamOnline(me, { viewer_count: 5 });
    expect(await next('streamOnline')).toMatchObject({ streamType: 'live' });

    await sim.sendChatMessage({ broadcaster_id: me, user_id: viewers[1]!, text: '!discord please' });
    const line = await next('chatMessage', (e) => e.text === '!discord please');
    expect(line).toMatchObject({ user: { id: viewers[1] }, fragments: [expect.objectContaining({ type: 'text' })] });
    expect(line.roles.broadcaster).toBe(false);

    await api.request({ method: 'POST', path: '/helix/channels/commercial', body: { broadcaster_id: me, length: 60 } });
    expect(await next('adBreakBegin')).toMatchObject({ durationSeconds: 60, isAutomatic: false });

    const poll = await api.request<{ data: { id: string }[] }>({ method: 'POST', path: '/helix/polls', body: { broadcaster_id: me, title: 'Next map?', choices: [{ title: 'A' }, { title: 'B' }], duration: 60 } });
    const pollId = poll.data.data[0]!.id;
    expect(await next('pollBegin')).toMatchObject({ pollId, title: 'Next map?', choices: [{ title: 'A' }, { title: 'B' }] });
    await api.request({ method: 'PATCH', path: '/helix/polls', body: { broadcaster_id: me, id: pollId, status: 'TERMINATED' } });
    expect(await next('pollEnd')).toMatchObject({ pollId, status: 'terminated' });

    const prediction = await api.request<{ data: { id: string }[] }>({
      method: 'POST',
      path: '/helix/predictions',
      body: { broadcaster_id: me, title: 'Win?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 60 },
    });
    const predictionId = prediction.data.data[0]!.id;
    expect(await next('predictionBegin')).toMatchObject({ predictionId, outcomes: [{ title: 'Yes' }, { title: 'No' }] });
    await api.request({ method: 'PATCH', path: '/helix/predictions', body: { broadcaster_id: me, id: predictionId, status: 'CANCELED' } });
    expect(await next('predictionEnd')).toMatchObject({ predictionId, status: 'canceled', winningOutcomeId: null });

    const goal = await sim.createGoal({ broadcaster_id: me, type: 'follower', target_amount: 100, description: 'Road to 100' });
    expect(await next('goalBegin')).toMatchObject({ goalId: goal.id, goalType: 'follower', target: 100, description: 'Road to 100' });

    await api.request({ method: 'POST', path: '/helix/moderation/bans', query: { broadcaster_id: me, moderator_id: me }, body: { data: { user_id: viewers[3]!, duration: 60, reason: 'spam' } } });
    const ban = await next('ban');
    expect(ban).toMatchObject({ user: { id: viewers[3] }, moderator: { id: me }, reason: 'spam' });
    expect(ban.endsAt).not.toBeNull();

    await sim.streamOffline(me);
    expect(await next('streamOffline')).toMatchObject({ source: 'live' });
  });
});
