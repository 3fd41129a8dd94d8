/**
 * The events service against the real emulator: real subscriptions through ApiClient, real
 * EventSub frames, the emulator's own reconnect and drop faults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthState } from '../../../shared/ipc/contract';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSimulationClient, type SimulationClient } from '../../../emulator/simulation-client';
import { ApiClient, type ApiRequest } from '../api/api-client';
import { silentLogger, type Logger } from '../logger';
import { waitUntil } from '../../test-support/wait-until';
import { EventsService, type EventsGap, type RevokedSubscription } from './events-service';
import { withCurrentBroadcaster } from '../../../shared/domain/current-broadcaster';
import { CurrentBroadcaster } from '../common/current-broadcaster';

let emu: RunningEmulator;
let sim: SimulationClient;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 'demo' });
  sim = createSimulationClient({ baseUrl: emu.url });
});
afterAll(() => emu?.close());

describe('EventsService against the emulator', () => {
  it('subscribes, receives stream events, follows a session_reconnect and recovers from a drop', async () => {
    // A broadcaster and client of this test's own, so that the demo seed's state does not matter.
    const user = await sim.createUser({ login: `events_it_${Date.now()}`, broadcaster_type: 'affiliate' });
    const client = await sim.createClient({ name: 'events integration', redirect_uris: [] });
    const scopes = ['channel:read:redemptions', 'channel:manage:redemptions', 'channel:read:charity'];
    const token = await sim.mintToken({ client_id: client.client_id, user_id: user.id, scopes });

    const api = new ApiClient({
      baseUrl: emu.url,
      clientId: client.client_id,
      auth: {
        getAccessToken: async () => token.access_token,
        refreshAfterUnauthorized: async () => {
          throw new Error('the minted token should not be refused');
        },
      },
      logger: silentLogger,
    });
    const created: unknown[] = [];
    const recordingApi: Pick<ApiClient, 'request' | 'get'> = {
      request: (req: ApiRequest) => {
        if (req.method === 'POST') created.push(req.body);
        return api.request(req);
      },
      get: (path, query) => api.get(path, query),
    } as Pick<ApiClient, 'request' | 'get'>;

    const authState: AuthState = withCurrentBroadcaster({
      status: 'signedIn',
      account: { id: user.id, login: user.login, displayName: user.login, broadcasterType: 'affiliate', profileImageUrl: '' },
      scopes,
      missingScopes: [],
      pending: null,
      lastValidatedAt: null,
      error: null,
    }, null);
    const logLines: string[] = [];
    const logger: Logger = { ...silentLogger, info: (message) => void logLines.push(message) };
    const auth = { getState: () => authState, onChange: () => () => {} };
    const broadcaster = new CurrentBroadcaster(auth);
    const service = new EventsService({
      eventsubUrl: `${emu.url.replace(/^http/, 'ws')}/ws`,
      api: recordingApi,
      broadcaster,
      auth,
      logger,
      keepaliveTimeoutSeconds: 10,
      backoff: { initialMs: 50, maxMs: 200 },
    });
    try {
      const gaps: EventsGap[] = [];
      const online: string[] = [];
      const offline: string[] = [];
      service.onGap((gap) => gaps.push(gap));
      service.onNotification('stream.online', (event) => online.push(event.broadcaster_user_id));
      service.onNotification('stream.offline', (event) => offline.push(event.broadcaster_user_id));
      // Listening asked for the two above; the others are asked for as the queue and charity features do.
      service.want('channel.channel_points_custom_reward_redemption.add');
      service.want('channel.channel_points_custom_reward_redemption.update');
      service.want('channel.charity_campaign.donate');

      service.start();
      await waitUntil(() => gaps.length === 1, 8000, 'the first session');
      const status = service.getStatus();
      expect(status.state).toBe('connected');
      expect(status.subscriptions.map((s) => [s.type, s.status, s.error])).toEqual(
        [
          'stream.online',
          'stream.offline',
          'channel.channel_points_custom_reward_redemption.add',
          'channel.channel_points_custom_reward_redemption.update',
          'channel.charity_campaign.donate',
        ].map((type) => [type, 'enabled', null]),
      );
      expect(gaps[0]).toEqual({ reason: 'start', since: null });
      expect(created).toHaveLength(5);

      await sim.streamOnline(user.id, { title: 'integration' });
      await waitUntil(() => online.length === 1, 8000, 'stream.online');
      expect(online).toEqual([user.id]);

      // session_reconnect: the subscriptions carry over, nothing is created, no gap.
      await sim.addFault({ reconnect_websockets: true });
      await waitUntil(() => logLines.includes('EventSub session moved to the reconnect URL'), 8000, 'the hand-over');
      await sim.streamOffline(user.id);
      await waitUntil(() => offline.length === 1, 8000, 'stream.offline after the reconnect');
      expect(created).toHaveLength(5);
      expect(gaps).toHaveLength(1);

      // A drop: a new session, the subscriptions created again, a gap.
      await sim.addFault({ drop_websockets: true });
      await waitUntil(() => gaps.length === 2, 8000, 'the session after the drop');
      expect(gaps[1]?.reason).toBe('drop');
      expect(created).toHaveLength(10);
      await sim.streamOnline(user.id, {});
      await waitUntil(() => online.length === 2, 8000, 'stream.online after the drop');
      expect(online).toEqual([user.id, user.id]);

      // The emulator's redemption and donation events pass the schemas.
      const redemptions: { reward: string; user: string; status: string }[] = [];
      const donations: { value: number; currency: string }[] = [];
      service.onNotification('channel.channel_points_custom_reward_redemption.add', (e) => redemptions.push({ reward: e.reward.title, user: e.user_id, status: e.status }));
      service.onNotification('channel.charity_campaign.donate', (e) => donations.push({ value: e.amount.value, currency: e.amount.currency }));
      const viewer = emu.demo?.viewers[0]?.id;
      if (!viewer) throw new Error('the demo seed has no viewer');
      const reward = await api.request<{ data: { id: string }[] }>({
        method: 'POST',
        path: '/helix/channel_points/custom_rewards',
        query: { broadcaster_id: user.id },
        body: { title: 'Hydrate', cost: 100 },
      });
      const rewardId = reward.data.data[0]?.id;
      if (!rewardId) throw new Error('the reward was not created');
      await sim.redeem({ broadcaster_id: user.id, reward_id: rewardId, user_id: viewer });
      await waitUntil(() => redemptions.length === 1, 8000, 'the redemption');
      expect(redemptions).toEqual([{ reward: 'Hydrate', user: viewer, status: 'unfulfilled' }]);
      await sim.startCharity(user.id, {});
      await sim.donate({ broadcaster_id: user.id, user_id: viewer, amount: { value: 500, decimal_places: 2, currency: 'USD' } });
      await waitUntil(() => donations.length === 1, 8000, 'the donation');
      expect(donations).toEqual([{ value: 500, currency: 'USD' }]);

      // A revocation from the platform: recorded with its words, signalled, not created again.
      const revoked: RevokedSubscription[] = [];
      service.onRevoked((r) => revoked.push(r));
      const { subscriptions } = await sim.eventSubSubscriptions();
      const donate = subscriptions.find((s) => s.type === 'channel.charity_campaign.donate' && s.status === 'enabled');
      if (!donate) throw new Error('no enabled donation subscription on the emulator');
      await sim.revokeEventSub({ subscription_id: donate.id, status: 'authorization_revoked' });
      await waitUntil(() => revoked.length === 1, 8000, 'the revocation');
      expect(revoked[0]).toMatchObject({ type: 'channel.charity_campaign.donate', reason: 'authorization_revoked', subscriptionId: donate.id });
      expect(service.getStatus().subscriptions.find((s) => s.type === 'channel.charity_campaign.donate')).toMatchObject({ status: 'revoked', error: expect.stringMatching(/authorization_revoked/) });
      expect(service.getStatus().error).toMatch(/revoked Sidestage's access/);
    } finally {
      service.dispose();
      broadcaster.dispose();
      await sim.clearFaults().catch(() => {});
    }
  });
});
