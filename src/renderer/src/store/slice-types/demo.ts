/** The demo slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { SimulationState } from '../../../../shared/ipc/contract';

export type DemoActionId = 'demo.load' | 'demo.setSimulation' | 'demo.hateRaid';

export interface DemoSlice {
  simulation: SimulationState | null;
  /** The position the switch was moved to, until main answers; null when nothing is pending. */
  pendingSimulation: boolean | null;
  loadSimulation(): Promise<void>;
  /** A refusal rolls the switch back and is shown with Retry (demo.setSimulation). */
  setSimulation(running: boolean): Promise<void>;
  applySimulation(state: SimulationState): void;
  /** What the last simulated hate raid did, in words. */
  hateRaidNotice: string | null;
  /** New accounts raid the demo channel and flood its chat; a refusal is shown with Retry (demo.hateRaid). */
  simulateHateRaid(): Promise<void>;
}
