import { useEffect, useId } from 'react';
import type { GoLiveItem } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { LiveStatus } from '../../components/live-status';
import { formatClockTime } from '../../lib/format';
import { store, useSidestage } from '../../store';
import { formatGoLiveItemState } from '../../store/go-live-slice';
import { selectAction } from '../../store/selectors';
import { TestStreamControls } from './test-stream-controls';
import './go-live.css';

/**
 * The go-live checklist: every item with its state, reason and one-click fix, and "Ready to go
 * live" only when every required item is ok. Open while shown: main re-checks it only then.
 */
export function GoLivePanel() {
  const goLive = useSidestage((state) => state.goLive);
  useEffect(() => {
    void store.getState().openGoLive();
    return () => void store.getState().closeGoLive();
  }, []);
  return (
    <section className="panel" aria-labelledby="go-live-heading">
      <h2 id="go-live-heading">Go live</h2>
      {goLive && goLive.checkedAt ? (
        <div className="stack">
          {goLive.ready ? (
            <Banner tone="info" title="Ready to go live">
              Everything required holds.
            </Banner>
          ) : (
            <Banner tone="warning" title="Not ready yet">
              {goLive.summary}
            </Banner>
          )}
          <ul className="go-live-items" data-testid="go-live-items">
            {goLive.items.map((item) => (
              <ChecklistItem key={item.id} item={item} />
            ))}
          </ul>
          <TestStreamControls />
          <StartPreset presetId={goLive.startPresetId} />
          <div className="button-row">
            <button type="button" onClick={() => void store.getState().recheckGoLive()} disabled={goLive.checking}>
              Check again
            </button>
          </div>
          <p className="muted small">
            <LiveStatus>{goLive.checking ? 'Checking…' : `Checked at ${formatClockTime(goLive.checkedAt)}`}</LiveStatus>
          </p>
        </div>
      ) : (
        <p className="muted">Checking…</p>
      )}
      <ActionError action="goLive.open" what="Could not check" />
      <ActionError action="goLive.recheck" what="Could not check" />
      <ActionError action="goLive.fix" what="The fix did not work" />
      <ActionError action="goLive.setStartPreset" what="The preset was not chosen" />
    </section>
  );
}

function ChecklistItem({ item }: { item: GoLiveItem }) {
  const fixing = useSidestage((state) => selectAction('goLive.fix')(state).pending);
  const tone = item.state === 'problem' ? 'warning-text' : item.state === 'ok' ? '' : 'muted';
  return (
    <li data-testid={`go-live-${item.id}`} data-state={item.state}>
      <strong>{item.label}</strong> <span className={tone}>{formatGoLiveItemState(item.state)}</span>
      {item.required ? null : <span className="muted small"> (optional)</span>}
      <p className="small">{item.reason}</p>
      {item.fix ? (
        <button type="button" disabled={fixing} onClick={() => void store.getState().fixGoLive(item.fix!.action)}>
          {item.fix.label}
        </button>
      ) : null}
    </li>
  );
}

/** One empty list, so the selector's answer stays the same between renders. */
const noPresets: readonly { id: string; label: string }[] = [];

function StartPreset({ presetId }: { presetId: string | null }) {
  const presets = useSidestage((state) => state.chatSettings?.presets ?? noPresets);
  const id = useId();
  if (presets.length === 0) return null;
  return (
    <fieldset className="options">
      <legend>Chat preset for the start of a stream</legend>
      <label htmlFor={id}>Preset</label>
      <select id={id} value={presetId ?? ''} onChange={(e) => void store.getState().setGoLiveStartPreset(e.target.value || null)}>
        <option value="">None</option>
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {preset.label}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
