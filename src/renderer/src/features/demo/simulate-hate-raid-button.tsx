import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

/**
 * The demo's "Simulate a hate raid" (demo mode only): new accounts raid the demo channel and flood
 * its chat, so Shield Mode, AutoMod's held messages and a chatter's card can be tried on them.
 * Its refusal is shown by the switch's block, under both.
 */
export function SimulateHateRaidButton() {
  const visible = useSidestage((s) => s.simulation?.available === true);
  const pending = useSidestage((s) => selectAction('demo.hateRaid')(s).pending);
  const notice = useSidestage((s) => s.hateRaidNotice);
  if (!visible) return null;
  return (
    <>
      <button type="button" className="quiet demo-hate-raid" disabled={pending} onClick={() => void store.getState().simulateHateRaid()}>
        Simulate a hate raid
      </button>
      <LiveStatus className="visually-hidden">{notice ?? ''}</LiveStatus>
    </>
  );
}
