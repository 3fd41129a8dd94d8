import { noSimulationCounts, type SimulationState } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import type { DemoHateRaid } from '../services/demo/hate-raid';
import type { ViewerSimulation, ViewerSimulationState } from '../services/demo/viewer-simulation';
import type { IpcRouter } from './ipc-router';

/** What the renderer is told outside demo mode: no switch to show. */
export const unavailableSimulation: SimulationState = {
  available: false,
  running: false,
  startedAt: null,
  counts: noSimulationCounts,
};

/** `demo:*`: the viewer simulation and the hate raid in demo mode. Forwards `demo:changed`. Outside demo mode: composition/demo.ts. */
export function registerDemoIpc(router: IpcRouter, simulation: ViewerSimulation, hateRaid: Pick<DemoHateRaid, 'start'>): Disposer {
  const view = (state: ViewerSimulationState): SimulationState => ({ available: true, ...state });
  router.handle('demo:getSimulation', () => view(simulation.getState()));
  router.handle('demo:setSimulation', async ({ running }) => view(running ? await simulation.start() : await simulation.stop()));
  router.handle('demo:simulateHateRaid', () => hateRaid.start());
  return simulation.onChange((state) => router.emit('demo:changed', view(state)));
}
