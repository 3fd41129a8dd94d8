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
  const token = await mintToken(emulator, [...requestedScopeList, 'moderator:manage:banned_users', 'channel:moderate', 'channel:read:goals', 'moderator:manage:suspicious_users']);
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
    const online = await next('streamOnline');
    expect(online).toMatchObject({ streamType: 'live', streamId: expect.any(String) });
    expect(online.id).toBe(`stream-online:${online.streamId}`);

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
    const begun = await next('predictionBegin');
    expect(begun).toMatchObject({ predictionId, outcomes: [{ title: 'Yes' }, { title: 'No' }] });
    await api.request({ method: 'PATCH', path: '/helix/predictions', body: { broadcaster_id: me, id: predictionId, status: 'LOCKED' } });
    expect(await next('predictionLock')).toMatchObject({ predictionId, startedAt: begun.at, outcomes: [{ title: 'Yes', users: 0 }, { title: 'No', channelPoints: 0 }] });
    await api.request({ method: 'PATCH', path: '/helix/predictions', body: { broadcaster_id: me, id: predictionId, status: 'CANCELED' } });
    expect(await next('predictionEnd')).toMatchObject({ predictionId, status: 'canceled', winningOutcomeId: null, startedAt: begun.at });

    const goal = await sim.createGoal({ broadcaster_id: me, type: 'follower', target_amount: 100, description: 'Road to 100' });
    expect(await next('goalBegin')).toMatchObject({ goalId: goal.id, goalType: 'follower', target: 100, description: 'Road to 100' });

    await api.request({ method: 'POST', path: '/helix/moderation/bans', query: { broadcaster_id: me, moderator_id: me }, body: { data: { user_id: viewers[3]!, duration: 60, reason: 'spam' } } });
    const ban = await next('ban');
    expect(ban).toMatchObject({ user: { id: viewers[3] }, moderator: { id: me }, reason: 'spam' });
    expect(ban.endsAt).not.toBeNull();

    await sim.streamOffline(me);
    expect(await next('streamOffline')).toMatchObject({ source: 'live' });
  });

  it('reads moderation: Shield Mode, AutoMod, warnings, unban requests, roles and suspicious users', async () => {
    const query = { broadcaster_id: me, moderator_id: me };
    await api.request({ method: 'PUT', path: '/helix/moderation/shield_mode', query, body: { is_active: true } });
    expect(await next('shieldModeBegin')).toMatchObject({ moderator: { id: me } });
    await api.request({ method: 'PUT', path: '/helix/moderation/shield_mode', query, body: { is_active: false } });
    expect((await next('shieldModeEnd')).endedAt).not.toBe('');

    // A regular who follows (the demo channel is followers-only) and is not a moderator (they are never held).
    const held = await sim.autoModMessage({ broadcaster_id: me, user_id: viewers[4]!, text: 'you absolute walnut', category: 'bullying', level: 3 });
    const hold = await next('automodHold');
    expect(hold).toMatchObject({ messageId: held.held!.message_id, user: { id: viewers[4] }, text: 'you absolute walnut', reason: 'automod', category: 'bullying', level: 3 });
    expect(hold.id).toBe(`automod-hold:${hold.messageId}`);
    await api.request({ method: 'POST', path: '/helix/moderation/automod/message', body: { user_id: me, msg_id: hold.messageId, action: 'DENY' } });
    expect(await next('automodUpdate')).toMatchObject({ messageId: hold.messageId, status: 'denied', moderator: { id: me } });

    await api.request({ method: 'POST', path: '/helix/moderation/warnings', query, body: { data: { user_id: viewers[1]!, reason: 'Be kind' } } });
    expect(await next('warning')).toMatchObject({ user: { id: viewers[1] }, moderator: { id: me }, reason: 'Be kind', rulesCited: [] });
    await sim.acknowledgeWarning({ broadcaster_id: me, user_id: viewers[1]! });
    expect(await next('warningAcknowledge')).toMatchObject({ user: { id: viewers[1] } });

    await sim.ban({ broadcaster_id: me, user_id: viewers[0]!, reason: 'spam' });
    const asked = await sim.unbanRequest({ broadcaster_id: me, user_id: viewers[0]!, text: 'I am sorry' });
    const request = await next('unbanRequest');
    expect(request).toMatchObject({ requestId: asked.id, user: { id: viewers[0] }, text: 'I am sorry' });
    await api.request({ method: 'PATCH', path: '/helix/moderation/unban_requests', query: { ...query, unban_request_id: asked.id, status: 'approved', resolution_text: 'Welcome back' } });
    expect(await next('unbanRequestResolve')).toMatchObject({ requestId: asked.id, status: 'approved', moderator: { id: me }, resolutionText: 'Welcome back' });

    const helper = await sim.createUser({ login: 'channel_events_helper' });
    const roles = { broadcaster_id: me, user_id: helper.id };
    await api.request({ method: 'POST', path: '/helix/moderation/moderators', query: roles });
    expect(await next('moderatorAdd')).toMatchObject({ user: { id: helper.id } });
    await api.request({ method: 'DELETE', path: '/helix/moderation/moderators', query: roles });
    expect(await next('moderatorRemove')).toMatchObject({ user: { id: helper.id } });
    await api.request({ method: 'POST', path: '/helix/channels/vips', query: roles });
    expect(await next('vipAdd')).toMatchObject({ user: { id: helper.id } });
    await api.request({ method: 'DELETE', path: '/helix/channels/vips', query: roles });
    expect(await next('vipRemove')).toMatchObject({ user: { id: helper.id } });

    // The platform flags a likely ban evader; their message reaches only moderators.
    await sim.suspiciousUser({ broadcaster_id: me, user_id: viewers[1]!, low_trust_status: 'restricted', types: ['ban_evader'], ban_evasion_evaluation: 'likely' });
    await sim.sendChatMessage({ broadcaster_id: me, user_id: viewers[1]!, text: 'hello again' });
    expect(await next('suspiciousUserMessage')).toMatchObject({ user: { id: viewers[1] }, status: 'restricted', types: ['banEvader'], banEvasion: 'likely', text: 'hello again' });
    await api.request({ method: 'POST', path: '/helix/moderation/suspicious_users', query, body: { user_id: viewers[1]!, status: 'ACTIVE_MONITORING' } });
    expect(await next('suspiciousUserUpdate')).toMatchObject({ user: { id: viewers[1] }, moderator: { id: me }, status: 'activeMonitoring' });
  });
});
