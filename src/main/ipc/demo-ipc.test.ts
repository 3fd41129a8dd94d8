import { describe, expect, it } from 'vitest';
import { silentLogger } from '../services/logger';
import { createSimulationClient } from '../../emulator/simulation-client';
import { ViewerSimulation } from '../services/demo/viewer-simulation';
import { noSimulationCounts } from '../../shared/ipc/contract';
import { demoFeature } from '../composition/demo';
import { registerDemoIpc } from './demo-ipc';
import { IpcRouter } from './ipc-router';

const trusted = { trusted: true, description: 'test' };

describe('demo IPC', () => {
  it('outside demo mode: the switch is unavailable and setSimulation is refused in words', async () => {
    const router = new IpcRouter(silentLogger);
    // Off as every feature is (composition/demo.ts serves it).
    demoFeature.serve(router, null, {} as never, {} as never);
    expect(await router.dispatch('demo:getSimulation', undefined, trusted)).toEqual({
      ok: true,
      value: { available: false, running: false, startedAt: null, counts: noSimulationCounts },
    });
    expect(await router.dispatch('demo:setSimulation', { running: true }, trusted)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'Viewer simulation exists only in demo mode.' },
    });
    expect((await router.dispatch('demo:setSimulation', { running: 'yes' }, trusted)).ok).toBe(false);
    expect(await router.dispatch('demo:simulateHateRaid', undefined, trusted)).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'A simulated hate raid exists only in demo mode.' },
    });
  });

  it("in demo mode: the hate raid's answer in words", async () => {
    const router = new IpcRouter(silentLogger);
    registerDemoIpc(router, { onChange: () => () => {} } as never, { start: async () => ({ message: 'raider raided with 40 new accounts' }) });
    expect(await router.dispatch('demo:simulateHateRaid', undefined, trusted)).toEqual({ ok: true, value: { message: 'raider raided with 40 new accounts' } });
  });

  it('in demo mode: switches the simulation and forwards its changes as demo:changed until unregistered', async () => {
    const paths: string[] = [];
    const http = createSimulationClient({
      baseUrl: 'http://emulator.test',
      fetch: async (url) => {
        paths.push(new URL(url).pathname);
        return new Response('{}', { status: 200 });
      },
    });
    const simulation = new ViewerSimulation({ http, broadcasterId: 'b1', viewers: [{ id: 'v1', login: 'v' }], extraViewers: [], logger: silentLogger });
    const router = new IpcRouter(silentLogger);
    const events: unknown[] = [];
    router.onEvent((event, payload) => events.push([event, payload]));
    const off = registerDemoIpc(router, simulation, { start: async () => ({ message: '' }) });

    const on = await router.dispatch('demo:setSimulation', { running: true }, trusted);
    expect(on).toMatchObject({ ok: true, value: { available: true, running: true, startedAt: expect.any(String) } });
    expect(paths[0]).toBe('/_emulator/streams/b1/online');
    expect(events).toEqual([['demo:changed', expect.objectContaining({ available: true, running: true })]]);
    expect(await router.dispatch('demo:getSimulation', undefined, trusted)).toMatchObject({ ok: true, value: { available: true, running: true } });

    const offResult = await router.dispatch('demo:setSimulation', { running: false }, trusted);
    expect(offResult).toMatchObject({ ok: true, value: { available: true, running: false, startedAt: null } });
    expect(paths.at(-1)).toBe('/_emulator/streams/b1/offline');
    expect(events.at(-1)).toEqual(['demo:changed', expect.objectContaining({ running: false })]);

    off();
    const count = events.length;
    await router.dispatch('demo:setSimulation', { running: true }, trusted);
    expect(events).toHaveLength(count);
    await simulation.dispose();
  });
});
