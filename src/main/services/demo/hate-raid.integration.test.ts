import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../emulator/server';
import { createFakeClock } from '../../test-support/fake-clock';
import { simulation } from '../../test-support/live-controls-emulator';
import { silentLogger } from '../logger';
import { createEmulatorHttp } from './emulator-http';
import { DemoHateRaid } from './hate-raid';

let emulator: RunningEmulator;
let broadcasterId: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 'demo' });
  broadcasterId = emulator.demo!.broadcaster.id;
});

afterAll(async () => {
  await emulator?.close();
});

describe("the demo's hate raid", () => {
  it('new accounts raid the demo channel, chat at once and keep flooding for a while, then stop', async () => {
    const clock = createFakeClock(Date.now());
    const http = createEmulatorHttp(emulator.url);
    const sent = vi.spyOn(http, 'sendChatMessage');
    const raid = new DemoHateRaid({ http, broadcasterId, logger: silentLogger, clock, accounts: 12, perSecond: 4, floodMs: 2_000 });
    const { message } = await raid.start();
    // Readied days ago and following: past the demo channel's followers-only rule.
    expect(message).toMatch(/^raider_[0-9a-f]+ raided with 12 new accounts: 12 of their 12 first messages reached chat\. More follow for 2 s\.$/);
    const raids = await simulation(emulator).raids(broadcasterId);
    expect(raids.raids.some((r) => r.viewers === 12)).toBe(true);
    expect(raid.running).toBe(true);
    await expect(raid.start()).rejects.toThrow('A hate raid is already under way: wait for it to end.');

    clock.advance(2_000);
    expect(sent).toHaveBeenCalledTimes(7);
    expect(raid.running).toBe(false);
    clock.advance(5_000);
    expect(sent).toHaveBeenCalledTimes(7);
    await Promise.all(sent.mock.results.map((r) => r.value));
    // Each line came from one of the raid's accounts.
    expect(new Set(sent.mock.calls.map(([body]) => body.user_id)).size).toBeGreaterThan(1);
  });

  it("the emulator's refusal is said in words; stop ends a flood at once", async () => {
    const clock = createFakeClock(Date.now());
    const http = createEmulatorHttp(emulator.url);
    await expect(new DemoHateRaid({ http, broadcasterId, logger: silentLogger, clock, accounts: 0 }).start()).rejects.toThrow(/^Hate raid not simulated: Invalid field "count"/);
    const sent = vi.spyOn(http, 'sendChatMessage');
    const raid = new DemoHateRaid({ http, broadcasterId, logger: silentLogger, clock, accounts: 3, perSecond: 10, floodMs: 10_000 });
    await raid.start();
    clock.advance(300);
    raid.stop();
    clock.advance(5_000);
    expect(sent).toHaveBeenCalledTimes(3);
    raid.dispose();
    await expect(raid.start()).rejects.toThrow('Sidestage is closing.');
  });
});
