/**
 * The viewer simulation against a real emulator: switching on makes the demo channel live and,
 * within a few (fake-clock) waits, viewers' redemptions, donations and chat moves exist in the
 * emulator, where the platform API shows them to any client; switching off ends the stream and
 * all activity. Then the same through the composition in demo mode, over IPC.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createSidestage } from '../../composition';
import { createFakeClock } from '../../test-support/fake-clock';
import { waitUntil } from '../../test-support/wait-until';
import { startDemoSidestage } from '../../test-support/demo-sidestage';
import { MemoryTokenStore } from '../auth/token-store';
import { mintToken, simulation as simulationApi } from '../../test-support/live-controls-emulator';
import { silentLogger } from '../logger';
import { MemorySettingsStore } from '../settings/settings-store';
import { createSimulationClient } from '../../../emulator/simulation-client';
import { seededRandom } from '../../../emulator/test-support/seeded-random';
import { ViewerSimulation } from './viewer-simulation';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'demo' });
});

afterAll(async () => {
  await emulator?.close();
});

/** The real client and HTTP, counting requests on the wire so the test can wait for them to settle. */
function recordingHttp(emulatorUrl: string) {
  let pending = 0;
  const sent: { method: string; path: string; status: number }[] = [];
  const http = createSimulationClient({
    baseUrl: emulatorUrl,
    fetch: async (url, init) => {
      pending++;
      try {
        const response = await fetch(url, init);
        sent.push({ method: init?.method ?? 'GET', path: url.slice(emulatorUrl.length), status: response.status });
        return response;
      } finally {
        pending--;
      }
    },
  });
  return { http, sent, idle: () => pending === 0 };
}

describe('ViewerSimulation against the emulator', () => {
  it('makes the channel live, and viewers redeem, donate and chat within a few ticks; off stops it all', async () => {
    const demo = emulator.demo!;
    const clock = createFakeClock();
    const recorder = recordingHttp(emulator.url);
    const simulation = new ViewerSimulation({ http: recorder.http, broadcasterId: demo.broadcaster.id, viewers: demo.viewers, logger: silentLogger, clock, random: seededRandom(11) });
    const before = await simulationApi(emulator).redemptions({ broadcaster_id: demo.broadcaster.id });

    await simulation.start();
    const live = await simulationApi(emulator).state();
    expect(live.streams.find((s) => s.user_id === demo.broadcaster.id)).toMatchObject({ type: 'live' });

    // Five waits of at most 12 s each (a redemption's longest), each followed by its requests.
    for (let tick = 0; tick < 5; tick++) {
      clock.advance(12_000);
      await waitUntil(recorder.idle, 5000, 'the requests of this tick');
    }
    const after = await simulationApi(emulator).redemptions({ broadcaster_id: demo.broadcaster.id });
    const made = after.redemptions.filter((r) => !before.redemptions.some((b) => b.id === r.id));
    const counts = simulation.getState().counts;
    expect(counts.redemptions).toBeGreaterThanOrEqual(2);
    expect(made).toHaveLength(counts.redemptions);
    expect(made.every((r) => r.user_id !== demo.broadcaster.id)).toBe(true);
    expect(counts.chatEvents).toBeGreaterThanOrEqual(2);
    expect(counts.donations).toBeGreaterThanOrEqual(1);

    // Any client sees the donations through the platform API, as the app does.
    const token = await mintToken(emulator, ['channel:read:charity']);
    const res = await fetch(`${emulator.url}/helix/charity/donations?broadcaster_id=${demo.broadcaster.id}&first=100`, {
      headers: { authorization: `Bearer ${token}`, 'client-id': demo.clientId },
    });
    const donations = (await res.json()) as { data: { user_id: string }[] };
    expect(donations.data.length).toBeGreaterThanOrEqual(3 + counts.donations);

    // The rest of the crowd reached the platform too.
    expect(counts.chatMessages).toBeGreaterThanOrEqual(3);
    expect(counts.follows + counts.subscriptions + counts.cheers).toBeGreaterThanOrEqual(1);

    await simulation.stop();
    const offline = await simulationApi(emulator).state();
    expect(offline.streams.some((s) => s.user_id === demo.broadcaster.id)).toBe(false);
    const sentAtStop = recorder.sent.length;
    clock.advance(5 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorder.sent.length).toBe(sentAtStop);
    expect(clock.pendingTimers()).toBe(0);
    await simulation.dispose();
  });
});

describe('the whole crowd against the emulator', () => {
  it('chat messages, a follow, a poll vote and a prediction reach the platform, where any client reads them', async () => {
    const demo = emulator.demo!;
    const sim = simulationApi(emulator);
    const clock = createFakeClock();
    const recorder = recordingHttp(emulator.url);
    const token = await mintToken(emulator, ['channel:manage:polls', 'channel:manage:predictions', 'moderator:read:followers']);
    const helix = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fetch(`${emulator.url}/helix${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'client-id': demo.clientId, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(200);
      return (await res.json()) as { data: Record<string, unknown>[]; total?: number };
    };
    // The broadcaster opens a poll and a prediction, as from the Live view.
    const poll = (await helix('POST', '/polls', { broadcaster_id: demo.broadcaster.id, title: 'Next boss?', choices: [{ title: 'Hornet' }, { title: 'Radiance' }], duration: 300 })).data[0]!;
    const prediction = (
      await helix('POST', '/predictions', { broadcaster_id: demo.broadcaster.id, title: 'First try?', outcomes: [{ title: 'Yes' }, { title: 'No' }], prediction_window: 300 })
    ).data[0]!;
    const followersBefore = (await helix('GET', `/channels/followers?broadcaster_id=${demo.broadcaster.id}`)).total ?? 0;
    const messagesBefore = (await sim.chatMessages(demo.broadcaster.id)).messages.length;

    // Few waits: the poll, like the channel, has the emulator's real clock; only the simulation's is fake.
    const simulation = new ViewerSimulation({
      http: recorder.http,
      broadcasterId: demo.broadcaster.id,
      viewers: demo.viewers,
      logger: silentLogger,
      clock,
      random: seededRandom(5),
      pace: { followMs: 8_000, voteMs: 2_000 },
    });
    await simulation.start();
    for (let tick = 0; tick < 12; tick++) {
      clock.advance(6_000);
      await waitUntil(recorder.idle, 5000, 'the requests of this tick');
    }
    await simulation.stop();

    const messages = (await sim.chatMessages(demo.broadcaster.id)).messages.slice(messagesBefore).filter((m) => m.is_sent);
    expect(messages.length).toBeGreaterThanOrEqual(5);
    expect(messages.length).toBe(simulation.getState().counts.chatMessages);
    // The platform recognised emotes in some of them.
    expect(messages.some((m) => m.fragments.some((f) => (f as { type: string }).type === 'emote'))).toBe(true);
    expect((await helix('GET', `/channels/followers?broadcaster_id=${demo.broadcaster.id}`)).total).toBeGreaterThan(followersBefore);
    const [polled] = (await helix('GET', `/polls?broadcaster_id=${demo.broadcaster.id}&id=${String(poll.id)}`)).data;
    const votes = (polled!.choices as { votes: number }[]).reduce((a, c) => a + c.votes, 0);
    expect(votes).toBeGreaterThanOrEqual(1);
    const [predicted] = (await helix('GET', `/predictions?broadcaster_id=${demo.broadcaster.id}&id=${String(prediction.id)}`)).data;
    expect((predicted!.outcomes as { users: number }[]).reduce((a, o) => a + o.users, 0)).toBeGreaterThanOrEqual(1);
    expect(simulation.getState().counts.votes).toBe(votes + (predicted!.outcomes as { users: number }[]).reduce((a, o) => a + o.users, 0));
    await simulation.dispose();
  });
});

describe('the switch through the composition in demo mode', () => {
  it('is available, turns the demo channel live and offline, and announces each change', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sidestage-demo-sim-'));
    const sidestage = await createSidestage({
      transport: 'dock',
      dataDir,
      version: 'test',
      env: {},
      demo: true,
      tokenStore: new MemoryTokenStore(),
      settings: new MemorySettingsStore(),
      openUrl: async () => false,
      logger: silentLogger,
    });
    try {
      const events: unknown[] = [];
      sidestage.router.onEvent((event, payload) => {
        if (event === 'demo:changed') events.push(payload);
      });
      const trusted = { trusted: true, description: 'test' };
      const broadcasterId = sidestage.emulator!.demo!.broadcaster.id;
      const isLive = async () => {
        const state = await simulationApi(sidestage.emulator!).state();
        return state.streams.some((s) => s.user_id === broadcasterId);
      };

      expect(await sidestage.router.dispatch('demo:getSimulation', undefined, trusted)).toMatchObject({ ok: true, value: { available: true, running: false } });
      expect(await sidestage.router.dispatch('demo:setSimulation', { running: true }, trusted)).toMatchObject({ ok: true, value: { available: true, running: true } });
      expect(await isLive()).toBe(true);
      expect(events[0]).toMatchObject({ available: true, running: true });

      expect(await sidestage.router.dispatch('demo:setSimulation', { running: false }, trusted)).toMatchObject({ ok: true, value: { running: false, startedAt: null } });
      expect(await isLive()).toBe(false);
      expect(events.at(-1)).toMatchObject({ running: false });

      // Left running, it is shut down with the app (before the emulator closes).
      await sidestage.router.dispatch('demo:setSimulation', { running: true }, trusted);
    } finally {
      await sidestage.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(sidestage.simulation!.getState().running).toBe(false);
  });
  it('signed in, the Live view’s chat and activity feed get the simulated viewers; signing out switches the simulation off', async () => {
    const demo = await startDemoSidestage({ name: 'demo-sim' });
    const { sidestage, call, broadcasterId } = demo;
    try {
      const chatFrom = new Set<string>();
      const feedFrom = new Set<string>();
      sidestage.router.onEvent((event, payload) => {
        if (event === 'chat:changed') for (const m of (payload as { added: { userId: string }[] }).added) chatFrom.add(m.userId);
        if (event === 'activity:changed') for (const i of (payload as { added: { whoId: string | null }[] }).added) if (i.whoId) feedFrom.add(i.whoId);
      });
      await demo.signIn();
      const viewerIds = new Set(sidestage.emulator!.demo!.viewers.map((v) => v.id));
      await call('demo:setSimulation', { running: true });

      // The real clock and the default pace: the first chat lines and redemptions come within seconds.
      await waitUntil(() => [...chatFrom].some((id) => viewerIds.has(id)), 20_000, 'a simulated viewer’s chat message in the chat service');
      await waitUntil(() => [...feedFrom].some((id) => id !== broadcasterId), 20_000, 'a simulated viewer in the activity feed');

      await call('auth:signOut');
      await waitUntil(() => !sidestage.simulation!.getState().running, 10_000, 'the simulation switched off');
      await waitUntil(() => sidestage.emulator!.state.streams.get(broadcasterId) === undefined, 10_000, 'the demo channel offline');
    } finally {
      await demo.dispose();
    }
  });
});
