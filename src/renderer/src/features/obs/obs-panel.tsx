import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import type { ObsState } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { formatClockTime } from '../../lib/format';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { saveObsConnection } from './obs-connection-model';

/** OBS Studio's WebSocket connection: host, port and password, the status in words, Connect/Disconnect. */
export function ObsPanel() {
  const obs = useSidestage((state) => state.obs);
  // Held here, not in the form: a new host or port from main starts the form over, and what the
  // broadcaster typed as the password must survive that (it is never kept in the store).
  const [password, setPassword] = useState('');
  return (
    <section className="panel" aria-labelledby="obs-heading">
      <h2 id="obs-heading">OBS</h2>
      {obs ? (
        <div className="stack">
          <ObsStatus obs={obs} />
          {/* A new answer from main starts the form over from it. */}
          <ConnectionForm key={`${obs.host}:${obs.port}`} obs={obs} password={password} setPassword={setPassword} />
          <AutoMarker obs={obs} />
        </div>
      ) : (
        <>
          <p className="muted">Reading the OBS connection…</p>
          <ActionError action="obs.load" what="Could not read the OBS connection" />
        </>
      )}
    </section>
  );
}

export function ObsStatus({ obs }: { obs: ObsState }) {
  const tone = obs.status === 'connected' ? '' : obs.status === 'off' || obs.status === 'connecting' ? 'muted' : 'warning-text';
  return (
    <div>
      <p className={tone} data-testid="obs-status" aria-live="polite">
        {obs.statusText}
      </p>
      {obs.nextRetryAt ? (
        <p className="muted small">
          Trying again at {formatClockTime(obs.nextRetryAt)} (attempt {obs.retries + 1}).
        </p>
      ) : null}
    </div>
  );
}

function ConnectionForm({ obs, password, setPassword }: { obs: ObsState; password: string; setPassword: Dispatch<SetStateAction<string>> }) {
  const [host, setHost] = useState(obs.host);
  const [port, setPort] = useState(String(obs.port));
  const ids = { host: useId(), port: useId(), password: useId() };
  const saving = useSidestage((state) => selectAction('obs.setConnection')(state).pending || selectAction('obs.setPassword')(state).pending);
  const connecting = useSidestage((state) => selectAction('obs.connect')(state).pending);
  const portNumber = Number(port);
  const portValid = Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65_535;
  const on = obs.enabled;

  const save = async () => {
    // Cleared only once saved: after a failure the field still holds what was typed. Whatever is
    // typed while the save runs is newer than its answer, and stays.
    const sent = password;
    const next = await saveObsConnection(store.getState(), obs, { host, port: portNumber, password: sent });
    setPassword((current) => (current === sent ? next : current));
  };

  return (
    <form
      className="options"
      onSubmit={(event) => {
        event.preventDefault();
        void save().then(() => (on ? undefined : store.getState().connectObs()));
      }}
    >
      <fieldset className="options">
        <legend>WebSocket server (OBS › Tools › WebSocket Server Settings)</legend>
        <label htmlFor={ids.host}>Host</label>
        <input id={ids.host} type="text" required maxLength={253} value={host} onChange={(e) => setHost(e.target.value)} autoComplete="off" spellCheck={false} />
        <label htmlFor={ids.port}>Port</label>
        <input id={ids.port} type="number" min={1} max={65535} required value={port} onChange={(e) => setPort(e.target.value)} />
        <label htmlFor={ids.password}>Password</label>
        <input
          id={ids.password}
          type="password"
          maxLength={256}
          value={password}
          placeholder={obs.passwordSaved ? 'Saved (type to replace)' : 'None saved'}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
        />
        <p className="muted small">The password is kept encrypted on this computer and only ever sent to OBS.</p>
        <div className="button-row">
          <button type="submit" className="primary" disabled={!portValid || saving || connecting}>
            {on ? 'Save' : 'Connect'}
          </button>
          {on ? (
            <button type="button" onClick={() => void store.getState().disconnectObs()}>
              Disconnect
            </button>
          ) : null}
          {obs.passwordSaved ? (
            <button type="button" className="quiet" onClick={() => void store.getState().setObsPassword('')}>
              Forget password
            </button>
          ) : null}
        </div>
        <LiveStatus>{saving ? 'Saving…' : ''}</LiveStatus>
        <ActionError action="obs.setConnection" what="Connection settings not saved" />
        <ActionError action="obs.setPassword" what="Password not saved" />
        <ActionError action="obs.connect" what="Could not connect to OBS" />
        <ActionError action="obs.disconnect" what="Could not disconnect" />
      </fieldset>
    </form>
  );
}

function AutoMarker({ obs }: { obs: ObsState }) {
  return (
    <fieldset className="options">
      <legend>Markers</legend>
      <label className="switch">
        <input type="checkbox" checked={obs.autoMarkerOnReconnect} onChange={(e) => void store.getState().setObsAutoMarker(e.target.checked)} />
        Drop a stream marker when OBS reconnects after a drop
      </label>
      <ActionError action="obs.setOptions" what="Setting not saved" />
    </fieldset>
  );
}
