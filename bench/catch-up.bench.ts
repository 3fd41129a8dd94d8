/**
 * Catch-up after an EventSub outage, against the in-process emulator with its default rate limits:
 * the EventSub socket is down for `outageSeconds` (every session dropped, and new ones refused with
 * 503) while `redemptions` redemptions arrive; then the socket is let back. The figure is the time
 * from the socket being accepted again to Sidestage's queue equal to the platform's UNFULFILLED
 * list, with redemptions lost and duplicated, using the app's default reconnect and retry settings.
 *
 * The baseline is a client that only polls the REST list every 60 s. It is computed, not waited
 * for: its catch-up is the wait for its next poll (uniform over the 60 s schedule: 30 s on average,
 * 60 s at worst) plus one poll of the same list, whose cost is measured here in the same run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/server';
import { createSimulationClient, type SimulationClient } from '../src/emulator/simulation-client';
import { ApiClient } from '../src/main/services/api/api-client';
import { AppError } from '../src/main/services/app-error';
import { EventsService } from '../src/main/services/events/events-service';
import { silentLogger } from '../src/main/services/logger';
import { RecordingNotifier } from '../src/main/test-support/recording-notifier';
import { buildRedemptionServices, disposeRedemptionServices, openRedemptionFiles, startRedemptionServices } from '../src/main/composition/redemptions';
import { FakeAuth } from '../src/main/test-support/redemption-fakes';
import { MemorySettingsStore } from '../src/main/services/settings/settings-store';
import { ms } from './support/stats';
import { waitUntil } from '../src/main/test-support/wait-until';

const broadcasterId = '501234567';
const scopes = ['channel:read:redemptions', 'channel:manage:redemptions', 'channel:read:charity'];
const viewers = ['612345001', '612345002', '612345003', '612345004', '612345005'];
const pollScheduleMs = 60_000;
const redemptionsPath = '/helix/channel_points/custom_rewards/redemptions';

/** The platform's UNFULFILLED redemptions of the rewards Sidestage's client created. */
async function platformQueue(sim: SimulationClient, clientId: string): Promise<string[]> {
  const res = await sim.redemptions({ broadcaster_id: broadcasterId, status: 'UNFULFILLED' });
  const mine = new Set(res.rewards.filter((r) => r.client_id === clientId).map((r) => r.id));
  return res.redemptions.filter((r) => mine.has(r.reward.id)).map((r) => r.id);
}

export async function run(options: { outageSeconds?: number; redemptions?: number } = {}): Promise<void> {
  const outageMs = (options.outageSeconds ?? 30) * 1000;
  const count = options.redemptions ?? 500;
  const emu = await startEmulator({ port: 0, seed: 'demo' });
  const clientId = emu.demo!.clientId;
  const sim = createSimulationClient({ baseUrl: emu.url });
  const { access_token: token } = await sim.mintToken({ client_id: clientId, user_id: broadcasterId, scopes, expires_in: 86_400 });
  const auth = Object.assign(new FakeAuth(true), {
    getAccessToken: async () => token,
    refreshAfterUnauthorized: async (): Promise<string> => {
      throw new AppError('not_signed_in', 'expired');
    },
  });
  const api = new ApiClient({ baseUrl: emu.url, clientId, auth, logger: silentLogger });
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-catch-up-'));
  // The app's defaults: reconnect backoff, reconciliation retry.
  const broadcaster = auth.broadcaster();
  const events = new EventsService({ eventsubUrl: `${emu.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger });
  const services = buildRedemptionServices(
    { api, broadcaster, settings: new MemorySettingsStore(), logger: silentLogger, events, notifier: new RecordingNotifier(true) },
    await openRedemptionFiles(dataDir, { logger: silentLogger }),
  );
  try {
    startRedemptionServices(services);
    events.start();
    const queue = services.redemptions;
    await waitUntil(() => events.getStatus().state === 'connected' && events.getStatus().subscriptions.every((s) => s.status === 'enabled'), 10_000, 'EventSub');
    await waitUntil(() => queue.getStatus().lastSyncedAt !== null, 10_000, 'first sync');
    const rewards = await sim.redemptions({ broadcaster_id: broadcasterId });
    const rewardId = rewards.rewards.find((r) => r.title === 'Hydrate!')!.id;

    // ---------- the outage ----------
    const refusal = await sim.addFault({ path: '^/ws$', status: 503 });
    await sim.addFault({ drop_websockets: true });
    await waitUntil(() => events.getStatus().state !== 'connected', 5_000, 'the socket to drop');
    const outageStart = performance.now();
    const batches = 30;
    for (let i = 0; i < batches; i++) {
      const size = Math.floor((count * (i + 1)) / batches) - Math.floor((count * i) / batches);
      await sim.redeemBulk({ broadcaster_id: broadcasterId, reward_id: rewardId, count: size, user_ids: viewers });
      const due = outageStart + ((i + 1) * outageMs) / batches;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    const expected = await platformQueue(sim, clientId);
    const expectedKey = JSON.stringify([...expected].sort());
    const sizeBefore = queue.getSnapshot().items.length;

    // ---------- the socket returns ----------
    await sim.removeFault(refusal.id);
    const back = performance.now();
    // Where the time goes: socket welcomed, subscriptions created, reconciliation started.
    let reconnectedAt = Number.NaN;
    let subscribedAt = Number.NaN;
    let syncStartedAt = Number.NaN;
    const offStatus = events.onStatusChange((status) => {
      if (status.state === 'connected' && Number.isNaN(reconnectedAt)) reconnectedAt = performance.now();
      if (status.state === 'connected' && status.subscriptions.every((x) => x.status === 'enabled') && Number.isNaN(subscribedAt)) subscribedAt = performance.now();
    });
    const offDelta = queue.onDelta((delta) => {
      if (delta.status.syncing && Number.isNaN(syncStartedAt)) syncStartedAt = performance.now();
    });
    const ids = () => queue.getSnapshot().items.map((r) => r.id);
    await waitUntil(() => JSON.stringify([...ids()].sort()) === expectedKey, 120_000, 'the queue to equal the platform\'s');
    const equalAfter = performance.now() - back;
    offStatus();
    offDelta();
    const held = ids();
    const heldSet = new Set(held);
    const lost = expected.filter((id) => !heldSet.has(id)).length;
    const duplicated = held.length - heldSet.size;

    // ---------- the baseline's poll, measured ----------
    const pollStart = performance.now();
    let polled = 0;
    const manageable = await api.get<{ data: { id: string }[] }>('/helix/channel_points/custom_rewards', { broadcaster_id: broadcasterId, only_manageable_rewards: true });
    for (const reward of manageable.data) {
      for await (const _ of api.paginate(redemptionsPath, { broadcaster_id: broadcasterId, reward_id: reward.id, status: 'UNFULFILLED', first: 50 })) polled++;
    }
    const pollCost = performance.now() - pollStart;
    if (polled !== expected.length) throw new Error(`the baseline's poll read ${polled} redemptions, the platform has ${expected.length}`);

    console.log(`EventSub down ${outageMs / 1000} s while ${count} redemptions arrived (queue ${sizeBefore} -> ${expected.length}); socket accepted again -> queue equal to the platform's`);
    console.log(`  Sidestage (EventSub, reconcile on reconnect): ${ms(equalAfter)}, ${lost} lost, ${duplicated} duplicated`);
    console.log(
      `    of which: reconnect ${ms(reconnectedAt - back)}, subscriptions ${ms(subscribedAt - reconnectedAt)}, ` +
        `to the reconciliation ${ms(syncStartedAt - subscribedAt)}, reconciliation ${ms(back + equalAfter - syncStartedAt)}`,
    );
    console.log(
      `  baseline: poll every ${pollScheduleMs / 1000} s (computed: wait for the next poll + one poll of ${ms(pollCost)} measured here): ` +
        `${ms(pollScheduleMs / 2 + pollCost)} on average, ${ms(pollScheduleMs + pollCost)} at worst`,
    );
  } finally {
    events.dispose();
    await disposeRedemptionServices(services);
    broadcaster.dispose();
    await rm(dataDir, { recursive: true, force: true });
    await emu.close();
  }
}
