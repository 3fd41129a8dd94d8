import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { charityCampaignView, charityDonationView } from './http/views/charity';
import type { followRecord } from './http/views/channels';
import type { chatMessageRecordView, raidView } from './http/views/chat';
import type { extensionView } from './http/views/extensions';
import type { faultView } from './http/views/faults';
import type { clientView, snapshot, tokenResponse } from './http/views/identity';
import type { moderatorEventView } from './http/views/moderation';
import type { pollView } from './http/views/polls';
import type { predictionView } from './http/views/predictions';
import type { redemptionRecord, rewardRecord } from './http/views/channel-points';
import type { helixStream } from './http/views/streams';
import type { helixUser } from './http/views/users';
import { DEMO_REWARD_IDS } from './seed-channel-points';
import { startEmulator, type RunningEmulator } from './server';
import {
  createSimulationClient,
  SimulationApiError,
  type CharityCampaign,
  type CharityDonation,
  type EmulatorSnapshot,
  type FetchLike,
  type FollowRecord,
  type MintedToken,
  type ModeratorEvent,
  type SimulationChatMessage,
  type SimulationClient,
  type SimulationClientRecord,
  type SimulationExtension,
  type SimulationFault,
  type SimulationPoll,
  type SimulationPrediction,
  type SimulationRaid,
  type SimulationRedemption,
  type SimulationReward,
  type SimulationStream,
  type SimulationUser,
} from './simulation-client';

// The client's types are the emulator's wire types, and its views are declared to return them: a
// view that drifts from what the client promises fails the type check here.
describe('the answer types are the emulator views\' types', () => {
  it('holds at compile time', () => {
    expectTypeOf<ReturnType<typeof helixUser>>().toEqualTypeOf<SimulationUser>();
    expectTypeOf<ReturnType<typeof helixStream>>().toEqualTypeOf<SimulationStream>();
    expectTypeOf<ReturnType<typeof tokenResponse>>().toEqualTypeOf<MintedToken>();
    expectTypeOf<ReturnType<typeof clientView>>().toEqualTypeOf<SimulationClientRecord>();
    expectTypeOf<ReturnType<typeof snapshot>>().toEqualTypeOf<EmulatorSnapshot>();
    expectTypeOf<ReturnType<typeof faultView>>().toEqualTypeOf<SimulationFault>();
    expectTypeOf<ReturnType<typeof charityCampaignView>>().toEqualTypeOf<CharityCampaign>();
    expectTypeOf<ReturnType<typeof charityDonationView>>().toEqualTypeOf<CharityDonation>();
    expectTypeOf<ReturnType<typeof followRecord>>().toEqualTypeOf<FollowRecord>();
    expectTypeOf<ReturnType<typeof moderatorEventView>>().toEqualTypeOf<ModeratorEvent>();
    expectTypeOf<ReturnType<typeof chatMessageRecordView>>().toEqualTypeOf<SimulationChatMessage>();
    expectTypeOf<ReturnType<typeof rewardRecord>>().toEqualTypeOf<SimulationReward>();
    expectTypeOf<ReturnType<typeof redemptionRecord>>().toEqualTypeOf<SimulationRedemption>();
    expectTypeOf<ReturnType<typeof extensionView>>().toEqualTypeOf<SimulationExtension>();
    expectTypeOf<ReturnType<typeof raidView>>().toEqualTypeOf<SimulationRaid>();
    // Polls and predictions are listed in full; the client names the fields its callers read.
    type PollFields = 'id' | 'status' | 'choices' | 'channel_points_voting_enabled' | 'channel_points_per_vote';
    expectTypeOf<Pick<ReturnType<typeof pollView>, PollFields>>().toEqualTypeOf<Pick<SimulationPoll, PollFields>>();
    expectTypeOf<Pick<ReturnType<typeof predictionView>, 'id' | 'status'>>().toEqualTypeOf<Pick<SimulationPrediction, 'id' | 'status'>>();
    expectTypeOf<ReturnType<typeof predictionView>['outcomes'][number]>().toExtend<SimulationPrediction['outcomes'][number]>();
  });
});

describe('createSimulationClient against a real emulator', () => {
  let emulator: RunningEmulator;
  let sim: SimulationClient;
  let broadcasterId: string;
  const viewerId = '612345001';

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'demo' });
    sim = createSimulationClient({ baseUrl: emulator.url, timeoutMs: 5_000 });
    broadcasterId = emulator.demo!.broadcaster.id;
  });
  afterAll(() => emulator.close());
  beforeEach(() => emulator.state.reset());

  it('identity: creates a client and a user, mints a token the API accepts, moves the clock', async () => {
    const client = await sim.createClient({ name: 'Client test', redirect_uris: ['http://127.0.0.1:9/cb'] });
    expect(client.client_id).toMatch(/^[a-z0-9]{30}$/);
    expect(client.client_secret).toEqual(expect.any(String));
    const user = await sim.createUser({ login: 'client_test_user' });
    expect(user).toMatchObject({ login: 'client_test_user', broadcaster_type: '' });
    const token = await sim.mintToken({ client_id: client.client_id, user_id: user.id, scopes: ['user:read:email'] });
    const me = await fetch(`${emulator.url}/helix/users`, { headers: { authorization: `Bearer ${token.access_token}`, 'client-id': client.client_id } });
    expect(((await me.json()) as { data: { id: string }[] }).data[0]!.id).toBe(user.id);
    const before = (await sim.state()).clock_offset_seconds;
    expect((await sim.advanceClock(60)).offset_seconds).toBe(before + 60);
    expect((await sim.state()).users.some((u) => u.id === user.id)).toBe(true);
  });

  it('streams and channel points: goes live, redeems, reads the redemption back, goes offline', async () => {
    const stream = await sim.streamOnline(broadcasterId, { title: 'Typed', viewer_count: 3 });
    expect(stream).toMatchObject({ user_id: broadcasterId, type: 'live', title: 'Typed', viewer_count: 3 });
    const redemption = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, user_id: viewerId });
    expect(redemption).toMatchObject({ status: 'UNFULFILLED', user_id: viewerId, stream_id: stream.id });
    const overview = await sim.redemptions({ broadcaster_id: broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, status: 'UNFULFILLED' });
    expect(overview.redemptions.map((r) => r.id)).toContain(redemption.id);
    expect(overview.rewards.map((r) => r.id)).toEqual([DEMO_REWARD_IDS.hydrate]);
    const bulk = await sim.redeemBulk({ broadcaster_id: broadcasterId, reward_id: DEMO_REWARD_IDS.hydrate, count: 3, publish_events: false });
    expect(bulk.redemption_ids).toHaveLength(3);
    expect((await sim.streamOffline(broadcasterId)).type).toBe('');
  });

  it('community: chat presence, a moderator, a charity campaign and a donation', async () => {
    const presence = await sim.chatter({ broadcaster_id: broadcasterId, user_id: viewerId, action: 'leave' }).catch(() =>
      sim.chatter({ broadcaster_id: broadcasterId, user_id: viewerId, action: 'join' }),
    );
    expect(presence.user_id).toBe(viewerId);
    await sim.stopCharity(broadcasterId).catch((error: unknown) => {
      if (!(error instanceof SimulationApiError && error.status === 409)) throw error;
    });
    const campaign = await sim.startCharity(broadcasterId, { charity_name: 'Typed Relief' });
    expect(campaign).toMatchObject({ broadcaster_id: broadcasterId, charity_name: 'Typed Relief' });
    const donation = await sim.donate({ broadcaster_id: broadcasterId, user_id: viewerId, amount: { value: 500, decimal_places: 2, currency: 'USD' } });
    expect(donation).toMatchObject({ campaign_id: campaign.id, user_id: viewerId, amount: { value: 500 } });
    const moderator = await sim.moderator({ broadcaster_id: broadcasterId, user_id: '612345004', action: 'add' }).catch(() =>
      sim.moderator({ broadcaster_id: broadcasterId, user_id: '612345004', action: 'remove' }),
    );
    expect(moderator.event_data.user_id).toBe('612345004');
  });

  it('channel and chat: a follow and its removal, an editor, a video, a chat message read back', async () => {
    const user = await sim.createUser({ login: 'typed_follower' });
    expect((await sim.follow({ user_id: user.id, broadcaster_id: broadcasterId })).user_id).toBe(user.id);
    expect((await sim.unfollow({ user_id: user.id, broadcaster_id: broadcasterId })).broadcaster_id).toBe(broadcasterId);
    expect((await sim.addEditor({ broadcaster_id: broadcasterId, user_id: user.id })).user_id).toBe(user.id);
    expect((await sim.removeEditor({ broadcaster_id: broadcasterId, user_id: user.id })).user_id).toBe(user.id);
    expect((await sim.createVideo({ user_id: broadcasterId, type: 'highlight', title: 'Typed clip' })).title).toBe('Typed clip');
    const message = await sim.sendChatMessage({ broadcaster_id: broadcasterId, user_id: viewerId, text: 'hello typed' });
    expect((await sim.chatMessages(broadcasterId)).messages.map((m) => m.message_id)).toContain(message.message_id);
    const raid = await sim.incomingRaid({ from_broadcaster_id: user.id, to_broadcaster_id: broadcasterId, viewers: 4 });
    expect(raid).toMatchObject({ from_broadcaster_id: user.id, to_broadcaster_id: broadcasterId, status: 'completed', viewers: 4 });
    expect((await sim.polls(broadcasterId)).polls).toEqual([]);
    expect((await sim.predictions(broadcasterId)).predictions).toEqual(expect.any(Array));
  });

  it('faults and EventSub: adds a fault that the API then answers, lists and clears it', async () => {
    const fault = await sim.addFault({ path: '^/helix/users$', status: 503, count: 1 });
    expect(fault).toMatchObject({ status: 503, count: 1 });
    expect((await sim.faults()).faults.map((f) => f.id)).toEqual([fault.id]);
    expect((await fetch(`${emulator.url}/helix/users`)).status).toBe(503);
    await sim.addFault({ path: '^/never$', status: 500 });
    expect((await sim.clearFaults()).cleared).toBe(1);
    const settings = await sim.setEventSubSettings({ keepalive_interval_ms: 500 });
    expect(settings.keepalive_interval_ms).toBe(500);
    expect((await sim.eventSubSessions()).sessions).toEqual([]);
  });

  it('extensions: activates the demo client as an extension on the broadcaster and reads it back', async () => {
    const clientId = emulator.demo!.clientId;
    const activation = await sim.activateExtension(clientId, { channel_id: broadcasterId, version: '1.0.0' });
    expect(activation).toMatchObject({ channel_id: broadcasterId, activated: true, version: '1.0.0' });
    expect((await sim.extension(clientId)).activations.map((a) => a.channel_id)).toContain(broadcasterId);
  });

  it('an error answer becomes a SimulationApiError with the platform error body', async () => {
    const refused = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: 'no-such-reward', user_id: viewerId }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SimulationApiError);
    const error = refused as SimulationApiError;
    expect(error.status).toBe(404);
    expect(error.error).toBe('Not Found');
    expect(error.message).toMatch(/reward/i);
    expect(error.method).toBe('POST');
    expect(error.path).toBe('/_emulator/redemptions');
    expect(error.body).toEqual({ error: 'Not Found', status: 404, message: error.message });

    const invalid = await sim.createUser({ login: 'not a login!' }).catch((e: unknown) => e as SimulationApiError);
    expect(invalid).toMatchObject({ status: 400, error: 'Bad Request' });
  });
});

describe('createSimulationClient with an injected fetch', () => {
  it('sends JSON to the base URL, reads the answer, and keeps a non-JSON error body', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const fake: FetchLike = async (url, init) => {
      seen.push({ url, init });
      if (url.endsWith('/_emulator/clock')) return new Response(JSON.stringify({ now: 'x', offset_seconds: 5 }), { status: 200 });
      return new Response('upstream gone', { status: 502 });
    };
    const sim = createSimulationClient({ baseUrl: 'http://127.0.0.1:1/', fetch: fake });
    expect(await sim.advanceClock(5)).toEqual({ now: 'x', offset_seconds: 5 });
    expect(seen[0]).toMatchObject({ url: 'http://127.0.0.1:1/_emulator/clock', init: { method: 'POST', body: '{"advance_seconds":5}' } });
    const error = await sim.state().catch((e: unknown) => e as SimulationApiError);
    expect(error).toBeInstanceOf(SimulationApiError);
    expect(error).toMatchObject({ status: 502, error: '', body: 'upstream gone', message: 'GET /_emulator/state answered 502' });
    expect(seen[1]!.init).toEqual({ method: 'GET' });
  });

  it('encodes path segments and query values', async () => {
    const urls: string[] = [];
    const sim = createSimulationClient({
      baseUrl: 'http://127.0.0.1:1',
      fetch: async (url) => {
        urls.push(url);
        return new Response('{}', { status: 200 });
      },
    });
    await sim.streamOnline('a/b');
    await sim.redemptions({ broadcaster_id: '1&x=2', status: 'CANCELED' });
    expect(urls).toEqual(['http://127.0.0.1:1/_emulator/streams/a%2Fb/online', 'http://127.0.0.1:1/_emulator/redemptions?broadcaster_id=1%26x%3D2&status=CANCELED']);
  });
});
