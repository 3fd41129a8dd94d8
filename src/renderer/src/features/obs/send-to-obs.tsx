import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

/** Ingest panel: sends the selected server and the stream key to OBS, asking first when OBS holds something else. */
export function SendToObs() {
  const connected = useSidestage((state) => state.obs?.status === 'connected');
  const statusText = useSidestage((state) => state.obs?.statusText ?? null);
  const result = useSidestage((state) => state.obsSend);
  const sending = useSidestage((state) => selectAction('obs.send')(state).pending);
  const { sendToObs, dismissObsSend, setActivePanel } = store.getState();
  return (
    <fieldset className="options">
      <legend>OBS</legend>
      <div className="button-row">
        <button type="button" className="primary" disabled={!connected || sending} onClick={() => void sendToObs()}>
          Send to OBS
        </button>
        {!connected ? (
          <button type="button" className="quiet" onClick={() => setActivePanel('obs')}>
            Connect OBS
          </button>
        ) : null}
      </div>
      {!connected && statusText ? <p className="muted small">{statusText}</p> : null}
      {result?.outcome === 'needs-confirmation' ? (
        <div className="banner banner-warning" role="alert">
          <strong className="banner-title">OBS holds other stream settings</strong>
          <div className="banner-body">
            <p>
              OBS has {result.target.differences.join(' and ')}. Replace them with {result.target.serverName} ({result.target.server}) and your stream key?
            </p>
            <div className="button-row">
              <button type="button" className="primary" disabled={sending} onClick={() => void sendToObs(true)}>
                Replace in OBS
              </button>
              <button type="button" onClick={dismissObsSend}>
                Keep OBS as it is
              </button>
            </div>
          </div>
        </div>
      ) : null}
      <LiveStatus>
        {sending
          ? 'Sending to OBS…'
          : result?.outcome === 'sent'
            ? `OBS now streams to ${result.target.serverName} with your stream key.`
            : result?.outcome === 'already'
              ? `OBS already holds exactly this server (${result.target.serverName}) and your stream key.`
              : ''}
      </LiveStatus>
      <ActionError action="obs.send" what="Not sent to OBS" />
    </fieldset>
  );
}
