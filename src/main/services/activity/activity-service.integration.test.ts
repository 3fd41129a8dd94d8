/**
 * The activity feed against the real emulator: events driven through the simulation API arrive
 * over EventSub and land in the feed as worded items, newest first, and a raid's shoutout reaches
 * the emulator (or is refused in words).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import type { SimulationClient } from '../../../emulator/simulation-client';
import { requestedScopeList } from '../../../shared/domain/scopes';
import type { ActivityDelta, ActivityItem } from '../../../shared/ipc/contract';
import { apiClientFor, fixedAuth, mintToken, simulation } from '../../test-support/live-controls-emulator';
import { waitUntil } from '../../test-support/wait-until';
import { CurrentBroadcaster } from '../common/current-broadcaster';
import { EventsService } from '../events/events-service';
import { silentLogger } from '../logger';
import { RaidService } from '../raids/raid-service';
import { ActivityService } from './activity-service';

let emulator: RunningEmulator;
let sim: SimulationClient;
let events: EventsService;
let activity: ActivityService;
let raids: RaidService;
let broadcaster: CurrentBroadcaster;
let broadcasterId: string;
let viewers: string[];
/** Every delta, to check that they follow on from each other. */
const deltas: ActivityDelta[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'demo' });
  sim = simulation(emulator);
  broadcasterId = emulator.demo!.broadcaster.id;
  viewers = emulator.demo!.viewers.map((v) => v.id);
  const token = await mintToken(emulator, [...requestedScopeList]);
  const { auth, apiAuth } = fixedAuth(emulator, token);
  const api = apiClientFor(emulator.url, emulator.demo!.clientId, apiAuth);
  broadcaster = new CurrentBroadcaster(auth);
  events = new EventsService({ eventsubUrl: `${emulator.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger });
  raids = new RaidService({ api, broadcaster, logger: silentLogger });
  activity = new ActivityService({
    broadcaster,
    events,
    logger: silentLogger,
    capacity: 50,
    // As composition wires it: the raid service sends, with its cooldowns.
    sendShoutout: async (id) => ({ displayName: (await raids.shoutoutById(id)).shoutout?.to.displayName ?? 'the channel' }),
  });
  activity.onDelta((delta) => deltas.push(delta));
  activity.start();
  events.start();
  await waitUntil(() => {
    const status = events.getStatus();
    return status.state === 'connected' && status.subscriptions.length >= 12 && status.subscriptions.every((s) => s.status === 'enabled');
  }, 10_000, 'every activity subscription enabled');
});

afterAll(async () => {
  activity?.dispose();
  raids?.dispose();
  events?.dispose();
  broadcaster?.dispose();
  await emulator?.close();
});

const items = () => activity.getSnapshot().items;
async function waitForItem(predicate: (item: ActivityItem) => boolean, what: string): Promise<ActivityItem> {
  await waitUntil(() => items().some(predicate), 10_000, what);
  return items().find(predicate)!;
}

describe('activity feed against the emulator', () => {
  it('every subscription it asks for is accepted (types, versions, conditions and scopes)', () => {
    const types = events.getStatus().subscriptions.map((s) => s.type);
    expect(types).toEqual(expect.arrayContaining(['channel.follow', 'channel.raid', 'channel.cheer', 'channel.subscription.gift', 'channel.hype_train.end', 'channel.poll.end', 'channel.prediction.end']));
  });

  it('shows follows, subscriptions, gifts, resubs, cheers and donations in words, newest first', async () => {
    // The demo's viewers already follow: a new one.
    const fan = await sim.createUser({ login: 'new_fan' });
    await sim.follow({ user_id: fan.id, broadcaster_id: broadcasterId });
    expect(await waitForItem((i) => i.kind === 'follow', 'the follow')).toMatchObject({ who: fan.display_name, whoId: fan.id, text: 'followed' });
    await sim.subscribe({ broadcaster_id: broadcasterId, user_id: viewers[1]!, tier: '2000' });
    await sim.giftSubscriptions({ broadcaster_id: broadcasterId, user_id: viewers[2]!, recipient_ids: [viewers[3]!, viewers[4]!] });
    await sim.resubMessage({ broadcaster_id: broadcasterId, user_id: viewers[1]!, message: 'still here', cumulative_months: 7 });
    await sim.cheer({ broadcaster_id: broadcasterId, is_anonymous: true, bits: 100, message: 'Cheer100 gg' });
    await sim.donate({ broadcaster_id: broadcasterId, user_id: viewers[0]!, amount: { value: 550, decimal_places: 2, currency: 'USD' } });

    const donation = await waitForItem((i) => i.kind === 'donation', 'the donation');
    expect(donation.text).toMatch(/^donated \$5\.50 to /);
    expect(items().find((i) => i.kind === 'subscription')).toMatchObject({ whoId: viewers[1], text: 'subscribed at Tier 2' });
    // The gift is one item; its recipients' subscriptions are not shown again.
    expect(items().filter((i) => i.kind === 'subscription')).toHaveLength(1);
    expect(items().find((i) => i.kind === 'gift')).toMatchObject({ whoId: viewers[2], amount: 2, text: expect.stringMatching(/^gifted 2 Tier 1 subs/) });
    expect(items().find((i) => i.kind === 'resub')).toMatchObject({ amount: 7, text: 'resubscribed at Tier 2 for 7 months: still here' });
    expect(items().find((i) => i.kind === 'cheer')).toMatchObject({ who: 'Anonymous', whoId: null, amount: 100, text: 'cheered 100 bits: Cheer100 gg' });
    // Newest first: the donation came last.
    expect(items()[0]!.kind).toBe('donation');
    // The deltas follow on from each other, so a renderer copy never misses one.
    for (let i = 1; i < deltas.length; i++) expect(deltas[i]!.baseVersion).toBe(deltas[i - 1]!.version);
  });

  it('shows a raid into the channel, and its shoutout reaches the emulator', async () => {
    const raider = viewers[4]!;
    const raiderToken = (await sim.mintToken({ client_id: emulator.demo!.clientId, user_id: raider, scopes: ['channel:manage:raids'] })).access_token;
    await sim.streamOnline(raider, { viewer_count: 12 });
    const started = await fetch(`${emulator.url}/helix/raids?from_broadcaster_id=${raider}&to_broadcaster_id=${broadcasterId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${raiderToken}`, 'client-id': emulator.demo!.clientId },
    });
    expect(started.status).toBe(200);
    await sim.advanceClock(91);
    const raid = await waitForItem((i) => i.kind === 'raid', 'the raid');
    expect(raid).toMatchObject({ whoId: raider, amount: 12, text: 'raided with 12 viewers' });

    // A shoutout needs the broadcaster live with viewers: refused in words first, then sent.
    await expect(activity.shoutout(raider)).rejects.toThrow(/^Shoutout not sent: Shoutouts need you live with at least one viewer\./);
    await sim.streamOnline(broadcasterId, { viewer_count: 3 });
    await expect(activity.shoutout(raider)).resolves.toEqual({ message: `Shoutout sent to ${raid.who}.` });
    const { shoutouts } = await sim.shoutouts(broadcasterId);
    expect(shoutouts).toEqual([expect.objectContaining({ to_broadcaster_id: raider })]);
    // A second one at once is refused, in words, before it reaches the platform.
    await expect(activity.shoutout(raider)).rejects.toThrow(/^Shoutout not sent: One shoutout every 2 minutes: the next can go in /);
    expect((await sim.shoutouts(broadcasterId)).shoutouts).toHaveLength(1);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    for (let i = 0; i < 60; i++) await sim.cheer({ broadcaster_id: broadcasterId, user_id: viewers[i % 5]!, bits: i + 1 });
    await waitUntil(() => items()[0]?.amount === 60, 10_000, 'the last cheer');
    expect(items()).toHaveLength(50);
    expect(items().at(-1)!.amount).toBe(11);
  });
});
