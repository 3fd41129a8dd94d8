import { describe, expect, it, vi } from 'vitest';
import { noSimulationCounts, type IpcResult, type SimulationState } from '../../../shared/ipc/contract';
import { createSidestageStore, startMirroring } from './create-store';
import { formatSimulationCounts, selectSimulationSwitch } from './demo-slice';
import { selectAction } from './selectors';
import { deferred, fail, fakeDeps, flush, ok } from '../test-support/store-fakes';

const off: SimulationState = { available: true, running: false, startedAt: null, counts: noSimulationCounts };
const on: SimulationState = { ...off, running: true, startedAt: '2026-01-01T20:00:00.000Z' };
const unavailable: SimulationState = { ...off, available: false };

function setup(initial: SimulationState = off) {
  const fakes = fakeDeps();
  const demo = {
    getSimulation: vi.fn(async (): Promise<IpcResult<SimulationState>> => ok(initial)),
    setSimulation: vi.fn(async (arg: { running: boolean }): Promise<IpcResult<SimulationState>> => ok(arg.running ? on : off)),
    simulateHateRaid: vi.fn(async (): Promise<IpcResult<{ message: string }>> => ok({ message: 'raider_1 raided with 40 new accounts.' })),
  };
  Object.assign(fakes.bridge, { demo });
  const store = createSidestageStore(fakes.deps);
  return { ...fakes, store, demo };
}

describe('demo slice', () => {
  it('hides the switch outside demo mode', async () => {
    const { store, deps } = setup(unavailable);
    const stop = startMirroring(store, deps);
    await flush();
    expect(selectSimulationSwitch(store.getState())).toEqual({ visible: false, checked: false, pending: false });
    stop();
  });

  it('shows it in demo mode, follows demo:changed and reads again on resync', async () => {
    const { store, deps, emit, connection, demo } = setup();
    const stop = startMirroring(store, deps);
    await flush();
    expect(selectSimulationSwitch(store.getState())).toEqual({ visible: true, checked: false, pending: false });
    emit('demo:changed', { ...on, counts: { ...noSimulationCounts, redemptions: 3, donations: 1, chatEvents: 2 } });
    expect(selectSimulationSwitch(store.getState()).checked).toBe(true);
    expect(store.getState().simulation?.counts.redemptions).toBe(3);
    connection.resync();
    await flush();
    expect(demo.getSimulation).toHaveBeenCalledTimes(2);
    expect(store.getState().simulation).toEqual(off);
    stop();
  });

  it("moves the switch at once while main answers, then shows main's answer", async () => {
    const { store, demo } = setup();
    await store.getState().loadSimulation();
    const answer = deferred<IpcResult<SimulationState>>();
    demo.setSimulation.mockReturnValueOnce(answer.promise);
    const turning = store.getState().setSimulation(true);
    await flush();
    expect(demo.setSimulation).toHaveBeenCalledWith({ running: true });
    expect(selectSimulationSwitch(store.getState())).toEqual({ visible: true, checked: true, pending: true });
    answer.resolve(ok(on));
    await turning;
    expect(selectSimulationSwitch(store.getState())).toEqual({ visible: true, checked: true, pending: false });
  });

  it('rolls the switch back on a refusal, says why, and Retry sends the same request', async () => {
    const { store, demo } = setup();
    await store.getState().loadSimulation();
    demo.setSimulation.mockResolvedValueOnce(fail({ code: 'unavailable', message: 'Could not make the demo channel live: connection refused' }));
    await store.getState().setSimulation(true);
    expect(selectSimulationSwitch(store.getState())).toEqual({ visible: true, checked: false, pending: false });
    expect(selectAction('demo.setSimulation')(store.getState()).error).toMatch(/Could not make the demo channel live/);
    await store.getState().retry('demo.setSimulation');
    expect(demo.setSimulation).toHaveBeenLastCalledWith({ running: true });
    expect(selectSimulationSwitch(store.getState()).checked).toBe(true);
    expect(selectAction('demo.setSimulation')(store.getState()).error).toBeNull();
  });

  it('counts in words', () => {
    expect(formatSimulationCounts({ ...noSimulationCounts, redemptions: 1, chatEvents: 2 })).toBe('1 redemption · 2 chat joins and leaves');
    expect(formatSimulationCounts({ ...noSimulationCounts, redemptions: 2, donations: 1, chatEvents: 1 })).toBe('2 redemptions · 1 donation · 1 chat join or leave');
    expect(
      formatSimulationCounts({ redemptions: 3, donations: 1, chatEvents: 4, chatMessages: 14, follows: 2, subscriptions: 6, cheers: 1, raids: 1, votes: 5 }),
    ).toBe('14 chat messages · 3 redemptions · 5 votes · 2 follows · 6 subscriptions · 1 cheer · 1 donation · 1 raid · 4 chat joins and leaves');
    // Nothing to count yet: no row of zeros.
    expect(formatSimulationCounts(noSimulationCounts)).toBe('Viewers are arriving…');
  });

  it("a simulated hate raid says what happened; a refusal is shown with Retry", async () => {
    const { store, demo } = setup();
    await store.getState().simulateHateRaid();
    expect(store.getState().hateRaidNotice).toBe('raider_1 raided with 40 new accounts.');
    demo.simulateHateRaid.mockResolvedValueOnce(fail({ code: 'invalid_argument', message: 'A hate raid is already under way: wait for it to end.' }));
    await store.getState().simulateHateRaid();
    expect(selectAction('demo.hateRaid')(store.getState()).error).toBe('A hate raid is already under way: wait for it to end.');
    expect(store.getState().hateRaidNotice).toBeNull();
  });
});
