import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store';
import { formatSimulationCounts, selectSimulationSwitch } from '../../store/demo-slice';
import { SimulateHateRaidButton } from './simulate-hate-raid-button';
import './simulate-viewers-switch.css';

/**
 * The demo's "Simulate viewers" switch (demo mode only): the demo channel goes live and viewers
 * chat, follow, subscribe, cheer, redeem, donate, raid and vote by themselves; off ends the stream.
 */
export function SimulateViewersSwitch() {
  const { visible, checked, pending } = useSidestage(useShallow(selectSimulationSwitch));
  const counts = useSidestage((state) => (state.simulation?.running ? state.simulation.counts : null));
  const summaryId = useId();
  if (!visible) return null;
  return (
    <div className="demo-simulation">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-busy={pending}
          aria-describedby={counts ? summaryId : undefined}
          onChange={(e) => {
            if (!pending) void store.getState().setSimulation(e.target.checked);
          }}
        />{' '}
        Simulate viewers
      </label>
      <div className="demo-simulation-row">
        {counts ? (
          <span id={summaryId} className="muted small simulation-counts" title={formatSimulationCounts(counts)} data-testid="demo-simulation-counts">
            {formatSimulationCounts(counts)}
          </span>
        ) : null}
        <SimulateHateRaidButton />
      </div>
      <ActionError action="demo.setSimulation" what="Could not change the viewer simulation" />
      <ActionError action="demo.hateRaid" what="Hate raid not simulated" />
    </div>
  );
}
