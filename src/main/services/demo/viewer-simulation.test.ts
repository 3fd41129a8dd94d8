import { describe, expect, it } from 'vitest';
import { noSimulationCounts } from '../../../shared/ipc/contract';
import { AppError } from '../app-error';
import { createFakeClock } from '../../test-support/fake-clock';
import { advanceInSteps, broadcasterId, fakeEmulator, flushPromises, seedViewers, setupSimulation, ticksOf } from '../../test-support/fake-simulation-emulator';
import { silentLogger } from '../logger';
import { defaultPace } from './simulation-pace';
import { ViewerSimulation } from './viewer-simulation';

describe('ViewerSimulation: switching on and off', () => {
  it('makes the channel live first, then reports itself running from that moment', async () => {
    const { simulation, state, calls, clock } = setupSimulation();
    const seen: unknown[] = [];
    simulation.onChange((s) => seen.push(s));
    const result = await simulation.start();
    expect(state.live).toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/_emulator/streams/${broadcasterId}/online` });
    expect(result).toEqual({ running: true, startedAt: new Date(clock.now()).toISOString(), counts: noSimulationCounts });
    expect(seen).toHaveLength(1);
    // Starting again changes nothing and sends nothing.
    await simulation.start();
    expect(calls.filter((c) => c.path.endsWith('/online'))).toHaveLength(1);
  });

  it('stops everything: no timer left, no request after stop, and the channel goes offline', async () => {
    const { simulation, state, clock, calls } = setupSimulation();
    await simulation.start();
    await advanceInSteps(clock, 60_000);
    expect(simulation.getState().counts.redemptions).toBeGreaterThan(0);
    const result = await simulation.stop();
    expect(result.running).toBe(false);
    expect(result.startedAt).toBeNull();
    expect(state.live).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    const after = calls.length;
    await advanceInSteps(clock, 10 * 60_000, 1000);
    expect(calls.length).toBe(after);
    // The last run's counts stay readable.
    expect(result.counts.redemptions).toBeGreaterThan(0);
  });

  it('waits for a request already on the wire, and sends nothing after it (not even the chat retry)', async () => {
    const { simulation, state, clock, calls } = setupSimulation();
    await simulation.start();
    state.hold = { path: '/_emulator/chatters' };
    state.inChat.clear();
    // Every seeded viewer is believed absent, so the chat tick joins; hold that join.
    await advanceInSteps(clock, defaultPace.chatMs);
    expect(state.hold.release).toBeDefined();
    let stopped = false;
    const stopping = simulation.stop().then(() => (stopped = true));
    await flushPromises();
    expect(stopped).toBe(false);
    const before = calls.length;
    state.hold.release!();
    await stopping;
    // Only the offline call followed.
    expect(calls.slice(before).map((c) => c.path)).toEqual([`/_emulator/streams/${broadcasterId}/offline`]);
    await advanceInSteps(clock, 60_000, 1000);
    expect(calls.length).toBe(before + 1);
  });

  it('stops without going offline twice when the stream already ended elsewhere', async () => {
    const { simulation, state } = setupSimulation();
    await simulation.start();
    state.live = false;
    await expect(simulation.stop()).resolves.toMatchObject({ running: false });
  });

  it('refuses to start, in words, when the channel cannot go live; a retry works', async () => {
    const { simulation, state, clock } = setupSimulation();
    state.down = true;
    const error = await simulation.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Could not make the demo channel live: .*ECONNREFUSED/) });
    expect(simulation.getState().running).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    state.down = false;
    state.refuse.set(`/_emulator/streams/${broadcasterId}/online`, () => ({ status: 404, body: { message: 'Unknown user "501234567"' } }));
    await expect(simulation.start()).rejects.toThrow('The emulator would not make the demo channel live: Unknown user "501234567"');
    state.refuse.clear();
    await expect(simulation.start()).resolves.toMatchObject({ running: true });
  });

  it('reports a failure to go offline, and switching off again retries it', async () => {
    const { simulation, state, clock } = setupSimulation();
    await simulation.start();
    state.down = true;
    await expect(simulation.stop()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Could not take the demo channel offline/) });
    // Activity stopped all the same.
    expect(simulation.getState().running).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    state.down = false;
    await simulation.stop();
    expect(state.live).toBe(false);
  });

  it('runs start and stop in the order asked, however quickly the switch is flipped', async () => {
    const { simulation, state, calls } = setupSimulation();
    const on = simulation.start();
    const off = simulation.stop();
    await Promise.all([on, off]);
    expect(simulation.getState().running).toBe(false);
    expect(state.live).toBe(false);
    expect(calls.map((c) => c.path)).toEqual([`/_emulator/streams/${broadcasterId}/online`, `/_emulator/streams/${broadcasterId}/offline`]);
  });

  it('dispose stops the activity, takes the channel offline and forgets listeners', async () => {
    const { simulation, state, clock } = setupSimulation();
    let changes = 0;
    simulation.onChange(() => changes++);
    await simulation.start();
    await simulation.dispose();
    expect(state.live).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    const before = changes;
    await expect(simulation.start()).rejects.toMatchObject({ code: 'unavailable' });
    expect(changes).toBe(before);
  });
});

describe('ViewerSimulation: pace and jitter', () => {
  it('keeps every wait within the mean ± 50%', () => {
    const low = new ViewerSimulation({ http: fakeEmulator(createFakeClock()).http, broadcasterId, viewers: seedViewers, logger: silentLogger, random: () => 0 });
    const high = new ViewerSimulation({ http: fakeEmulator(createFakeClock()).http, broadcasterId, viewers: seedViewers, logger: silentLogger, random: () => 0.999999 });
    expect(low.delayFor('redemption')).toBe(4_000);
    expect(high.delayFor('redemption')).toBe(12_000);
    expect(low.delayFor('donation')).toBe(12_500);
    expect(high.delayFor('donation')).toBe(37_500);
    expect(low.delayFor('chat')).toBe(5_000);
    expect(high.delayFor('chat')).toBe(15_000);
  });

  it('redeems about every 8 s, donates about every 25 s and moves chat about every 10 s, each wait jittered', async () => {
    const { simulation, clock, posts } = setupSimulation();
    await simulation.start();
    const started = clock.now();
    const minutes = 20;
    await advanceInSteps(clock, minutes * 60_000, 100);
    const step = 100;

    const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);
    const redemptions = posts('/_emulator/redemptions').map((c) => c.at);
    const donations = posts('/_emulator/donations').map((c) => c.at);
    const chatTicks = ticksOf(posts('/_emulator/chatters'));

    // The first of each comes soon after switching on (a quarter of a wait).
    expect(redemptions[0]! - started).toBeGreaterThanOrEqual(1_000);
    expect(redemptions[0]! - started).toBeLessThanOrEqual(3_000 + step);
    expect(donations[0]! - started).toBeLessThanOrEqual(9_375 + step);

    for (const gap of gaps(redemptions)) {
      expect(gap).toBeGreaterThanOrEqual(4_000);
      expect(gap).toBeLessThanOrEqual(12_000 + step);
    }
    for (const gap of gaps(donations)) {
      expect(gap).toBeGreaterThanOrEqual(12_500);
      expect(gap).toBeLessThanOrEqual(37_500 + step);
    }
    for (const gap of gaps(chatTicks)) {
      expect(gap).toBeGreaterThanOrEqual(5_000);
      expect(gap).toBeLessThanOrEqual(15_000 + step);
    }
    // Steady on average: 20 minutes is ~150 redemptions, ~48 donations, ~120 chat ticks.
    expect(redemptions.length).toBeGreaterThan(125);
    expect(redemptions.length).toBeLessThan(175);
    expect(donations.length).toBeGreaterThan(38);
    expect(donations.length).toBeLessThan(60);
    expect(chatTicks.length).toBeGreaterThan(100);
    expect(chatTicks.length).toBeLessThan(140);
    // Jittered, not a metronome.
    expect(new Set(gaps(redemptions).map((g) => Math.round(g / 500))).size).toBeGreaterThan(8);
    const counts = simulation.getState().counts;
    expect(counts.redemptions).toBe(redemptions.length);
    expect(counts.donations).toBe(donations.length);
    expect(counts.chatEvents).toBe(chatTicks.length);
  });
});
