/**
 * The queue, its outbox and the notifications against the real emulator (HTTP API, EventSub over
 * WebSocket, fault injection): every scenario ends with the queue equal to the emulator's
 * UNFULFILLED redemptions of Sidestage's rewards, and every redemption notified exactly once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSimulationClient, type SimulationClient } from '../../../emulator/simulation-client';
import type { AuthState } from '../../../shared/ipc/contract';
import { IpcRouter } from '../../ipc/ipc-router';
import { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { EventsService, type EventsServiceOptions } from '../events/events-service';
import { silentLogger, type Logger } from '../logger';
import { RecordingNotifier } from '../../test-support/recording-notifier';
import { MemorySettingsStore } from '../settings/settings-store';
import { buildRedemptionServices, disposeRedemptionServices, openRedemptionFiles, startRedemptionServices, type RedemptionServices } from '../../composition/redemptions';
import { registerRedemptionServicesIpc } from '../../ipc/redemption-services-ipc';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import { FakeAuth } from '../../test-support/redemption-fakes';

const clientId = 'sd7k2m9x4p1q8w3e6r5t0y2u4i6o8p';
const broadcasterId = '501234567';
const scopes = ['channel:read:redemptions', 'channel:manage:redemptions', 'channel:read:charity'];
const viewers = ['612345001', '612345002', '612345003', '612345004', '612345005'];

/** Polls a condition (sync or async) until it holds. */
async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let emu: RunningEmulator;
let sim: SimulationClient;
let dataDir: string;

/** A sign-in the test controls: a revoked token makes the next refresh fail, as a real expired sign-in does. */
class TestAuth extends FakeAuth {
  token = '';
  async signIn(): Promise<void> {
    this.token = await mintToken();
    this.set(FakeAuth.signedIn(broadcasterId));
  }
  getAccessToken = async (): Promise<string> => {
    if (this.state.status !== 'signedIn') throw new AppError('not_signed_in', 'Your sign-in expired. Sign in again.');
    return this.token;
  };
  refreshAfterUnauthorized = async (): Promise<string> => {
    this.set({ ...FakeAuth.with('needsSignIn'), error: 'revoked' } as AuthState);
    throw new AppError('not_signed_in', 'Your sign-in expired. Sign in again.');
  };
}

interface App {
  auth: TestAuth;
  events: EventsService;
  broadcaster: CurrentBroadcaster;
  services: RedemptionServices;
  notifier: RecordingNotifier;
  router: IpcRouter;
}

let app: App;

async function mintToken(): Promise<string> {
  return (await sim.mintToken({ client_id: clientId, user_id: broadcasterId, scopes })).access_token;
}

/**
 * `events`: options of the events service; by default short reconnect waits, so that the tests are
 * quick. The catch-up test gives its own, to run with the app's reconnect defaults.
 */
async function startApp(auth = new TestAuth(false), events: Partial<EventsServiceOptions> = { backoff: { initialMs: 50, maxMs: 500 } }): Promise<App> {
  const api = new ApiClient({ baseUrl: emu.url, clientId, auth, logger: silentLogger, backoffMs: 20 });
  const broadcaster = auth.broadcaster();
  const eventsService = new EventsService({ eventsubUrl: `${emu.url.replace(/^http/, 'ws')}/ws`, api, broadcaster, auth, logger: silentLogger, keepaliveTimeoutSeconds: 10, ...events });
  const notifier = new RecordingNotifier(true);
  const files = await openRedemptionFiles(dataDir, { logger: silentLogger });
  const services = buildRedemptionServices({ api, broadcaster, settings: new MemorySettingsStore(), logger: silentLogger, events: eventsService, notifier, retry: { initialMs: 100, maxMs: 1000 } }, files);
  const router = new IpcRouter(silentLogger);
  registerRedemptionServicesIpc(router, services, null);
  startRedemptionServices(services);
  eventsService.start();
  if (auth.state.status !== 'signedIn') await auth.signIn();
  await waitUntil(() => eventsService.getStatus().state === 'connected' && eventsService.getStatus().subscriptions.every((s) => s.status === 'enabled'), 10_000, 'EventSub connected');
  await waitUntil(() => services.redemptions.getStatus().lastSyncedAt !== null, 10_000, 'first reconciliation');
  return { auth, events: eventsService, broadcaster, services, notifier, router };
}

async function stopApp(a: App): Promise<void> {
  a.events.dispose();
  await disposeRedemptionServices(a.services);
  a.broadcaster.dispose();
}

/** The emulator's UNFULFILLED redemptions of the rewards Sidestage's client created. */
async function emulatorQueue(): Promise<string[]> {
  const res = await sim.redemptions({ broadcaster_id: broadcasterId, status: 'UNFULFILLED' });
  const mine = new Set(res.rewards.filter((r) => r.client_id === clientId).map((r) => r.id));
  return res.redemptions.filter((r) => mine.has(r.reward.id)).map((r) => r.id).sort();
}

const appQueue = (a = app) => a.services.redemptions.getSnapshot().items.map((r) => r.id).sort();
const delivered = (a = app) => a.services.notifications.delivered;

async function expectQueueMatchesEmulator(a = app): Promise<void> {
  let last: string[] = [];
  await waitUntil(
    async () => {
      last = await emulatorQueue();
      return JSON.stringify(last) === JSON.stringify(appQueue(a));
    },
    15_000,
    'queue equal to the emulator',
  ).catch(() => expect(appQueue(a)).toEqual(last));
}

function expectNotifiedOnce(ids: string[], a = app): void {
  const seen = delivered(a).filter((d) => d.startsWith('redemption:'));
  expect(new Set(seen).size, 'no redemption notified twice').toBe(seen.length);
  const set = new Set(seen);
  expect(ids.filter((id) => !set.has(`redemption:${id}`)), 'every new redemption notified').toEqual([]);
}

async function rewardIds(): Promise<{ hydrate: string; song: string }> {
  const res = await sim.redemptions({ broadcaster_id: broadcasterId });
  const find = (title: string) => res.rewards.find((r) => r.title === title)!.id;
  return { hydrate: find('Hydrate!'), song: find('Song request') };
}

async function bulk(rewardId: string, count: number): Promise<string[]> {
  return (await sim.redeemBulk({ broadcaster_id: broadcasterId, reward_id: rewardId, count, user_ids: viewers, user_input: 'bulk' })).redemption_ids;
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 'demo', autoApprove: true });
  sim = createSimulationClient({ baseUrl: emu.url });
});

afterAll(async () => {
  await emu?.close();
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'queue-int-'));
  app = await startApp();
});

afterEach(async () => {
  await sim.clearFaults();
  if (app) await stopApp(app);
  await rm(dataDir, { recursive: true, force: true });
});

describe('redemption queue against the emulator', () => {
  it('starts equal to the emulator (Sidestage\'s rewards only) and goes live', async () => {
    await expectQueueMatchesEmulator();
    expect(appQueue().length).toBeGreaterThan(0);
    const { song } = await rewardIds();
    const made = await sim.redeem({ broadcaster_id: broadcasterId, reward_id: song, user_id: viewers[0]!, user_input: 'a song' });
    await waitUntil(() => appQueue().includes(made.id), 5_000, 'live redemption');
    expect(app.notifier.shown.at(-1)!.notification.body).toBe('a song');
    expectNotifiedOnce([made.id]);
  });

  it('loses nothing when the WebSocket drops during a burst of 200 redemptions', async () => {
    const { hydrate } = await rewardIds();
    const first = await bulk(hydrate, 100);
    await sim.addFault({ drop_websockets: true });
    const second = await bulk(hydrate, 100);
    await expectQueueMatchesEmulator();
    await waitUntil(() => delivered().length >= 200, 10_000, 'all notified');
    expectNotifiedOnce([...first, ...second]);
  });

  it('equals the platform within 1 s of EventSub coming back after an outage, with the app\'s reconnect settings', async () => {
    await stopApp(app);
    // Counts the failed connection attempts, so that the outage ends while a retry is being waited for.
    let failedConnects = 0;
    const logger: Logger = { ...silentLogger, warn: (message) => void (message === 'EventSub connection failed' && failedConnects++) };
    // The app's reconnect defaults (no backoff given), with the jitter at its top so the waits are known.
    app = await startApp(new TestAuth(false), { logger, random: () => 1 });
    const { hydrate } = await rewardIds();
    const refusal = await sim.addFault({ path: '^/ws$', status: 503 });
    await sim.addFault({ drop_websockets: true });
    await waitUntil(() => app.events.getStatus().state !== 'connected', 5_000, 'the socket to drop');
    const made = await bulk(hydrate, 60);
    // Two refused reconnects: the doubling backoff would now wait 4 s for its third try.
    await waitUntil(() => failedConnects >= 2, 10_000, 'two refused reconnects');
    await sim.removeFault(refusal.id);
    const back = Date.now();
    const expected = JSON.stringify(await emulatorQueue());
    await waitUntil(() => JSON.stringify(appQueue()) === expected, 10_000, 'queue equal to the emulator');
    expect(Date.now() - back, 'ms from the socket being accepted again to an equal queue').toBeLessThanOrEqual(1_000);
    const items = app.services.redemptions.getSnapshot().items;
    expect(new Set(items.map((r) => r.id)).size, 'no duplicate').toBe(items.length);
    expect(made.every((id) => appQueue().includes(id)), 'nothing lost').toBe(true);
  });

  it('follows a session_reconnect without a gap or a duplicate', async () => {
    const { song } = await rewardIds();
    await sim.addFault({ reconnect_websockets: true });
    const ids = await bulk(song, 20);
    await expectQueueMatchesEmulator();
    await waitUntil(() => delivered().length >= 20, 10_000, 'all notified');
    expectNotifiedOnce(ids);
  });

  it('sends fulfilments through 5xx bursts on the update call from the outbox', async () => {
    const { hydrate } = await rewardIds();
    const ids = await bulk(hydrate, 120);
    await waitUntil(() => ids.every((id) => appQueue().includes(id)), 10_000, 'burst in the queue');
    await sim.addFault({ path: 'custom_rewards/redemptions$', method: 'PATCH', status: 503, count: 4 });
    const result = await app.services.redemptions.fulfill(ids);
    expect(result.failed).toEqual([]);
    expect(result.queued).toBeGreaterThan(0);
    expect(ids.some((id) => appQueue().includes(id))).toBe(false);
    await waitUntil(() => app.services.redemptions.getStatus().outboxCount === 0, 15_000, 'outbox sent');
    await expectQueueMatchesEmulator();
    expect((await emulatorQueue()).some((id) => ids.includes(id))).toBe(false);
    await waitUntil(() => delivered().length >= 120, 10_000, 'all notified');
    expectNotifiedOnce(ids);
  });

  it('waits out 429s on the update call', async () => {
    const { song } = await rewardIds();
    const ids = await bulk(song, 60);
    await waitUntil(() => ids.every((id) => appQueue().includes(id)), 10_000, 'burst in the queue');
    await sim.addFault({ path: 'custom_rewards/redemptions$', method: 'PATCH', status: 429, count: 5 });
    await app.services.redemptions.cancel(ids);
    await waitUntil(() => app.services.redemptions.getStatus().outboxCount === 0, 20_000, 'outbox sent');
    await expectQueueMatchesEmulator();
    await waitUntil(() => delivered().length >= 60, 10_000, 'all notified');
    expectNotifiedOnce(ids);
  });

  it('keeps the outbox through a revoked token and sends it after signing in again', async () => {
    const { hydrate } = await rewardIds();
    const ids = await bulk(hydrate, 10);
    await waitUntil(() => ids.every((id) => appQueue().includes(id)), 10_000, 'in the queue');
    const revoked = await fetch(`${emu.url}/oauth2/revoke`, { method: 'POST', body: new URLSearchParams({ client_id: clientId, token: app.auth.token }) });
    expect(revoked.status).toBe(200);
    const result = await app.services.redemptions.fulfill(ids);
    expect(result).toMatchObject({ done: 0, queued: 10, failed: [] });
    expect(app.auth.state.status).toBe('needsSignIn');
    expect(app.services.redemptions.getStatus()).toMatchObject({ outboxCount: 10, outboxError: 'Waiting for you to sign in again.' });
    // Made while signed out: found by the reconciliation after the sign-in.
    const meanwhile = await bulk(hydrate, 3);
    await app.auth.signIn();
    await waitUntil(() => app.services.redemptions.getStatus().outboxCount === 0, 10_000, 'outbox sent after sign-in');
    await expectQueueMatchesEmulator();
    expect((await emulatorQueue()).some((id) => ids.includes(id))).toBe(false);
    await waitUntil(() => delivered().length >= 13, 10_000, 'all notified');
    expectNotifiedOnce([...ids, ...meanwhile]);
  });

  it('puts redemptions back with the reason when the sign-in lacks the manage scope, and does not retry', async () => {
    const { song } = await rewardIds();
    const ids = await bulk(song, 3);
    await waitUntil(() => ids.every((id) => appQueue().includes(id)), 10_000, 'in the queue');
    // A sign-in that may read redemptions but not manage them: the API client does not refresh for a scope 401.
    app.auth.token = (await sim.mintToken({ client_id: clientId, user_id: broadcasterId, scopes: scopes.filter((s) => s !== 'channel:manage:redemptions') })).access_token;
    const result = await app.services.redemptions.fulfill(ids);
    expect(result).toMatchObject({ done: 0, queued: 0 });
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.message).toMatch(/Missing scope: channel:manage:redemptions/);
    expect(app.auth.state.status).toBe('signedIn');
    expect(app.services.redemptions.getStatus()).toMatchObject({ outboxCount: 0, outboxError: null });
    expect(appQueue()).toEqual(expect.arrayContaining(ids));
    await expectQueueMatchesEmulator();
  });

  it('sends actions still pending after a restart, and notifies nothing twice', async () => {
    const { song } = await rewardIds();
    const ids = await bulk(song, 30);
    await waitUntil(() => ids.every((id) => appQueue().includes(id)), 10_000, 'in the queue');
    await sim.addFault({ path: 'custom_rewards/redemptions$', method: 'PATCH', status: 502, count: 1000 });
    expect(await app.services.redemptions.fulfill(ids.slice(0, 20))).toMatchObject({ queued: 20 });
    await waitUntil(() => delivered().length >= 30, 10_000, 'all notified before the restart');
    expectNotifiedOnce(ids);
    await stopApp(app);
    await sim.clearFaults();
    const whileClosed = await bulk(song, 2);
    app = await startApp();
    await waitUntil(() => app.services.redemptions.getStatus().outboxCount === 0, 10_000, 'outbox sent after restart');
    await expectQueueMatchesEmulator();
    expect((await emulatorQueue()).some((id) => ids.slice(0, 20).includes(id))).toBe(false);
    await waitUntil(() => delivered().length >= 2, 5_000, 'missed ones notified');
    // Only what arrived while closed is news after the restart.
    expect(delivered().sort()).toEqual(whileClosed.map((id) => `redemption:${id}`).sort());
  });
});
