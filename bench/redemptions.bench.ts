/**
 * Redemptions, two figures each beside its baseline in one run, against the in-process emulator:
 * 1. Event to notification latency (redemption made -> desktop notification shown) through
 *    EventSub, beside a loop polling the REST list every 5 s.
 * 2. Fulfilling 1,000 redemptions through the queue (PATCH of up to 50 ids per request), beside one
 *    request per redemption: requests sent, time, 429s received.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { startEmulator, type RunningEmulator } from '../src/emulator/server';
import { createSimulationClient } from '../src/emulator/simulation-client';
import { ApiClient } from '../src/main/services/api/api-client';
import { ApiError } from '../src/main/services/api/api-error';
import { AppError } from '../src/main/services/app-error';
import { EventsService } from '../src/main/services/events/events-service';
import { silentLogger, type Logger } from '../src/main/services/logger';
import type { DesktopNotification, Notifier } from '../src/main/services/notifications/notifier';
import { buildRedemptionServices, disposeRedemptionServices, openRedemptionFiles, startRedemptionServices } from '../src/main/composition/redemptions';
import { FakeAuth } from '../src/main/test-support/redemption-fakes';
import { MemorySettingsStore } from '../src/main/services/settings/settings-store';
import { ms, percentile } from './support/stats';
import { waitUntil } from '../src/main/test-support/wait-until';

const broadcasterId = '501234567';
const scopes = ['channel:read:redemptions', 'channel:manage:redemptions', 'channel:read:charity'];
const viewers = ['612345001', '612345002', '612345003', '612345004', '612345005'];

interface Counters {
  requests: number;
  rateLimited: number;
}

const sim = (emu: RunningEmulator) => createSimulationClient({ baseUrl: emu.url });

/** A signed-in account over a fresh token, with a client that counts its requests and 429s. */
async function account(emu: RunningEmulator, counters: Counters) {
  const { access_token: token } = await sim(emu).mintToken({ client_id: emu.demo!.clientId, user_id: broadcasterId, scopes, expires_in: 86_400 });
  const auth = Object.assign(new FakeAuth(true), {
    getAccessToken: async () => token,
    refreshAfterUnauthorized: async (): Promise<string> => {
      throw new AppError('not_signed_in', 'expired');
    },
  });
  const dispatcher: Dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
    counters.requests++;
    return dispatch(opts, handler);
  });
  const logger: Logger = { ...silentLogger, warn: (message) => void (message.startsWith('rate limited') && counters.rateLimited++) };
  const api = new ApiClient({ baseUrl: emu.url, clientId: emu.demo!.clientId, auth, logger, dispatcher });
  return { auth, api };
}

class TimingNotifier implements Notifier {
  readonly supportsActions = true;
  readonly shownAt = new Map<string, number>();
  show(notification: DesktopNotification): void {
    const id = notification.tag?.replace(/^redemption:/, '');
    if (id) this.shownAt.set(id, performance.now());
  }
}

async function startQueue(emu: RunningEmulator, counters: Counters, notifier: Notifier) {
  const { auth, api } = await account(emu, counters);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-redemptions-'));
  const broadcaster = auth.broadcaster();
  const events = new EventsService({ eventsubUrl: `${emu.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger });
  // Every notification shown on its own: the latency of each one is the figure.
  const services = buildRedemptionServices(
    { api, broadcaster, settings: new MemorySettingsStore(), logger: silentLogger, events, notifier, burst: { max: 1_000_000 } },
    await openRedemptionFiles(dataDir, { logger: silentLogger }),
  );
  startRedemptionServices(services);
  events.start();
  await waitUntil(() => events.getStatus().state === 'connected' && events.getStatus().subscriptions.every((s) => s.status === 'enabled'), 10_000, 'EventSub');
  await waitUntil(() => services.redemptions.getStatus().lastSyncedAt !== null, 10_000, 'first sync');
  return {
    services,
    async stop() {
      events.dispose();
      await disposeRedemptionServices(services);
      broadcaster.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function run(options: { redemptions?: number; spacingMs?: number; fulfil?: number; pollMs?: number } = {}): Promise<void> {
  const count = options.redemptions ?? 40;
  const spacingMs = options.spacingMs ?? 250;
  const fulfil = options.fulfil ?? 1_000;
  const pollMs = options.pollMs ?? 5_000;

  // ---------- 1. event to notification ----------
  {
    const emu = await startEmulator({ port: 0, seed: 'demo' });
    const notifier = new TimingNotifier();
    const queue = await startQueue(emu, { requests: 0, rateLimited: 0 }, notifier);
    const hydrate = await sim(emu).redemptions({ broadcaster_id: broadcasterId });
    const rewardId = hydrate.rewards.find((r) => r.title === 'Hydrate!')!.id;
    // The baseline: a loop reading the UNFULFILLED list every 5 s, as an app without EventSub would.
    const { api: pollApi } = await account(emu, { requests: 0, rateLimited: 0 });
    const polledAt = new Map<string, number>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for await (const r of pollApi.paginate<{ id: string }>('/helix/channel_points/custom_rewards/redemptions', { broadcaster_id: broadcasterId, reward_id: rewardId, status: 'UNFULFILLED', first: 50 })) {
          if (!polledAt.has(r.id)) polledAt.set(r.id, performance.now());
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const madeAt = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const r = await sim(emu).redeem({ broadcaster_id: broadcasterId, reward_id: rewardId, user_id: viewers[i % viewers.length]! });
      madeAt.set(r.id, started);
      await new Promise((resolve) => setTimeout(resolve, spacingMs * (0.5 + Math.random())));
    }
    await waitUntil(() => [...madeAt.keys()].every((id) => notifier.shownAt.has(id) && polledAt.has(id)), pollMs * 3, 'every redemption seen by both');
    polling = false;
    await poller;
    const live = [...madeAt].map(([id, at]) => notifier.shownAt.get(id)! - at);
    const polled = [...madeAt].map(([id, at]) => polledAt.get(id)! - at);
    console.log(`Redemption made -> notification shown (${count} redemptions, one every ~${spacingMs} ms)`);
    console.log(`  EventSub (Sidestage):         p50 ${ms(percentile(live, 50))}, p99 ${ms(percentile(live, 99))}, max ${ms(Math.max(...live))}`);
    console.log(`  baseline: polling every ${pollMs / 1000} s:  p50 ${ms(percentile(polled, 50))}, p99 ${ms(percentile(polled, 99))}, max ${ms(Math.max(...polled))}`);
    await queue.stop();
    await emu.close();
  }

  // ---------- 2. fulfilling 1,000 ----------
  const fulfilBatched = async () => {
    const emu = await startEmulator({ port: 0, seed: 'demo' });
    const counters = { requests: 0, rateLimited: 0 };
    const queue = await startQueue(emu, counters, new TimingNotifier());
    const rewards = await sim(emu).redemptions({ broadcaster_id: broadcasterId });
    const rewardId = rewards.rewards.find((r) => r.title === 'Hydrate!')!.id;
    const { redemption_ids: ids } = await sim(emu).redeemBulk({ broadcaster_id: broadcasterId, reward_id: rewardId, count: fulfil, user_ids: viewers, publish_events: false });
    await queue.services.redemptions.reconcile();
    const before = counters.requests;
    const limitedBefore = counters.rateLimited;
    const started = performance.now();
    const result = await queue.services.redemptions.fulfill(ids);
    const elapsed = performance.now() - started;
    if (result.done !== fulfil) throw new Error(`only ${result.done} of ${fulfil} fulfilled: ${JSON.stringify(result)}`);
    const figures = { requests: counters.requests - before, rateLimited: counters.rateLimited - limitedBefore, elapsed };
    await queue.stop();
    await emu.close();
    return figures;
  };

  const fulfilOneByOne = async () => {
    const emu = await startEmulator({ port: 0, seed: 'demo' });
    const counters = { requests: 0, rateLimited: 0 };
    const { api } = await account(emu, counters);
    const rewards = await sim(emu).redemptions({ broadcaster_id: broadcasterId });
    const rewardId = rewards.rewards.find((r) => r.title === 'Hydrate!')!.id;
    const { redemption_ids: ids } = await sim(emu).redeemBulk({ broadcaster_id: broadcasterId, reward_id: rewardId, count: fulfil, user_ids: viewers, publish_events: false });
    const started = performance.now();
    let next = 0;
    let failed = 0;
    // Four at a time, as the queue sends its batches; each request waits for the bucket when told to.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          try {
            await api.request({ method: 'PATCH', path: '/helix/channel_points/custom_rewards/redemptions', query: { id, broadcaster_id: broadcasterId, reward_id: rewardId }, body: { status: 'FULFILLED' }, retry: 'never' });
          } catch (err) {
            if (!(err instanceof ApiError || err instanceof AppError)) throw err;
            failed++;
          }
        }
      }),
    );
    const figures = { requests: counters.requests, rateLimited: counters.rateLimited, elapsed: performance.now() - started, failed };
    await emu.close();
    return figures;
  };

  const batched = await fulfilBatched();
  const single = await fulfilOneByOne();
  console.log(`Fulfilling ${fulfil.toLocaleString('en-US')} redemptions (one user token: 800 points a minute)`);
  console.log(`  Sidestage (<= 50 ids a request):     ${batched.requests} requests, ${ms(batched.elapsed)}, ${batched.rateLimited} 429s`);
  console.log(
    `  baseline: one request per redemption: ${single.requests} requests, ${ms(single.elapsed)}, ${single.rateLimited} 429s${single.failed ? `, ${single.failed} gave up` : ''}`,
  );
}
