import { ActionError } from '../../components/action-error';
import { useSidestage, store } from '../../store';
import { formatObsHealth, formatObsStreamState, selectObsStreamAction } from '../../store/obs-slice';
import { selectAction } from '../../store/selectors';

/** Live panel: Start / Stop streaming through OBS, OBS's stream state and the health figures. */
export function ObsStreaming() {
  const obs = useSidestage((state) => state.obs);
  const action = useSidestage(selectObsStreamAction);
  const pending = useSidestage((state) => selectAction('obs.start')(state).pending || selectAction('obs.stop')(state).pending);
  if (!obs || !obs.enabled) return null;
  const health = obs.health;
  return (
    <fieldset className="options">
      <legend>OBS</legend>
      {obs.status === 'connected' ? (
        <p data-testid="obs-stream-state" aria-live="polite">
          {formatObsStreamState(obs.streamState)}
        </p>
      ) : (
        <p className="warning-text">{obs.statusText}</p>
      )}
      {obs.streamProblem && obs.streamState === 'stopped' ? (
        <p className="warning-text" role="alert">
          {obs.streamProblem}
        </p>
      ) : null}
      <div className="button-row">
        {action === 'stop' ? (
          <button type="button" disabled={pending} onClick={() => void store.getState().stopObsStream()}>
            Stop streaming
          </button>
        ) : (
          <button type="button" className="primary" disabled={pending || action !== 'start'} onClick={() => void store.getState().startObsStream()}>
            Start streaming
          </button>
        )}
      </div>
      {health ? (
        <>
          {health.problem ? (
            <p className="warning-text" role="alert">
              {health.problem}
            </p>
          ) : null}
          <dl className="live-summary" data-testid="obs-health">
            {formatObsHealth(health).map((figure) => (
              <FigureRow key={figure.label} label={figure.label} value={figure.value} />
            ))}
          </dl>
        </>
      ) : null}
      <ActionError action="obs.start" what="Streaming not started" />
      <ActionError action="obs.stop" what="Streaming not stopped" />
    </fieldset>
  );
}

function FigureRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
