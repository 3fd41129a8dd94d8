/**
 * Demo mode only: viewers driven through the in-process emulator's simulation API, so the app sees
 * them as it would see a real platform's, and "Simulate a hate raid" through the same API.
 * Elsewhere the feature is off and its channels answer "unavailable".
 */
import { Disposers } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
import { registerDemoIpc, unavailableSimulation } from '../ipc/demo-ipc';
import { serveOff } from '../ipc/off-ipc';
import { createEmulatorHttp } from '../services/demo/emulator-http';
import { DemoHateRaid } from '../services/demo/hate-raid';
import { ViewerSimulation } from '../services/demo/viewer-simulation';
import { feature } from './feature-module';

export const demoFeature = feature({
  name: 'demo',
  build({ emulator, logger }) {
    const seed = emulator?.demo;
    if (!emulator || !seed) return null;
    const http = createEmulatorHttp(emulator.url);
    return {
      simulation: new ViewerSimulation({ http, broadcasterId: seed.broadcaster.id, viewers: seed.viewers, logger }),
      hateRaid: new DemoHateRaid({ http, broadcasterId: seed.broadcaster.id, logger }),
    };
  },
  serve(router, demo, { platform }, { logger }) {
    if (!demo) {
      return serveOff(router, 'demo:', () => 'Viewer simulation exists only in demo mode.', {
        'demo:getSimulation': () => unavailableSimulation,
        'demo:simulateHateRaid': () => {
          throw new AppError('unavailable', 'A simulated hate raid exists only in demo mode.');
        },
      });
    }
    const { simulation, hateRaid } = demo;
    const wiring = new Disposers();
    wiring.add(registerDemoIpc(router, simulation, hateRaid));
    // Signing out ends the practice stream too: no pretend viewers keep talking to nobody.
    wiring.add(
      platform.auth.onChange((state) => {
        if (state.status !== 'signedOut') return;
        hateRaid.stop();
        if (!simulation.getState().running) return;
        void simulation.stop().catch((error: unknown) => logger.warn('viewer simulation: could not stop on sign-out', { error: error instanceof Error ? error.message : String(error) }));
      }),
    );
    return wiring.dispose;
  },
  async dispose(demo) {
    demo?.hateRaid.dispose();
    // Before the emulator closes (composition.ts, last): the simulation's last requests go to it.
    await demo?.simulation.dispose();
  },
});
