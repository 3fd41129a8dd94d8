import { noSimulationCounts, type SimulationState } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
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

/**
 * `demo:*`: the viewer simulation and the hate raid in demo mode; outside it (null) the channels
 * still answer, as unavailable. Forwards `demo:changed`.
 */
export function registerDemoIpc(router: IpcRouter, simulation: ViewerSimulation | null, hateRaid: Pick<DemoHateRaid, 'start'> | null = null): Disposer {
  const view = (state: ViewerSimulationState): SimulationState => ({ available: true, ...state });
  router.handle('demo:getSimulation', () => (simulation ? view(simulation.getState()) : unavailableSimulation));
  router.handle('demo:setSimulation', async ({ running }) => {
    if (!simulation) throw new AppError('unavailable', 'Viewer simulation exists only in demo mode.');
    return view(running ? await simulation.start() : await simulation.stop());
  });
  router.handle('demo:simulateHateRaid', () => {
    if (!hateRaid) throw new AppError('unavailable', 'A simulated hate raid exists only in demo mode.');
    return hateRaid.start();
  });
  if (!simulation) return () => {};
  return simulation.onChange((state) => router.emit('demo:changed', view(state)));
}
