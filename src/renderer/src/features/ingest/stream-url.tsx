import { useShallow } from 'zustand/react/shallow';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { selectAction, selectSelectedServer, selectStreamUrl } from '../../store/selectors';

export function StreamUrl() {
  const { url, revealed, keyError, copied } = useSidestage(
    useShallow((state) => ({
      url: selectStreamUrl(state),
      revealed: state.revealedUrl !== null,
      keyError: state.ingest?.streamKeyError ?? null,
      copied: state.copied?.target ?? null,
    })),
  );
  const hasServer = useSidestage((state) => selectSelectedServer(state) !== null);
  const revealing = useSidestage((state) => selectAction('ingest.reveal')(state).pending);
  const copyingKey = useSidestage((state) => selectAction('ingest.copyStreamKey')(state).pending);
  const copyingUrl = useSidestage((state) => selectAction('ingest.copyStreamUrl')(state).pending);
  const { revealStreamUrl, hideStreamUrl, copyServerUrl, copyStreamKey, copyStreamUrl } = store.getState();

  return (
    <div className="stream-url stack">
      <label htmlFor="stream-url-field">Stream URL (server and stream key)</label>
      <input
        id="stream-url-field"
        className="mono"
        type="text"
        readOnly
        value={url}
        placeholder={hasServer ? '' : 'Select a server first'}
        spellCheck={false}
        autoComplete="off"
      />
      {keyError ? (
        <p className="warning-text" role="alert">
          {keyError}
        </p>
      ) : null}
      {revealed ? (
        <p className="warning-text small">Your stream key is visible. Hide it before you share your screen.</p>
      ) : null}
      <div className="button-row">
        {revealed ? (
          <button type="button" onClick={hideStreamUrl}>
            Hide
          </button>
        ) : (
          <button type="button" disabled={!hasServer || revealing} onClick={() => void revealStreamUrl()}>
            Reveal
          </button>
        )}
        <button type="button" disabled={!hasServer || copyingUrl} onClick={() => void copyStreamUrl()}>
          Copy stream URL
        </button>
        <button type="button" disabled={!hasServer} onClick={() => void copyServerUrl()}>
          Copy server
        </button>
        <button type="button" disabled={!hasServer || copyingKey} onClick={() => void copyStreamKey()}>
          Copy stream key
        </button>
      </div>
      <LiveStatus className="copied">
        {copied === 'server'
          ? 'Copied the server URL.'
          : copied === 'streamKey'
            ? 'Copied the stream key.'
            : copied === 'streamUrl'
              ? 'Copied the stream URL with your key: paste it into an encoder’s single URL field.'
              : ''}
      </LiveStatus>
      <ActionError action="ingest.reveal" what="Could not reveal the stream key" />
      <ActionError action="ingest.copyServer" what="Could not copy the server URL" />
      <ActionError action="ingest.copyStreamKey" what="Could not copy the stream key" />
      <ActionError action="ingest.copyStreamUrl" what="Could not copy the stream URL" />
    </div>
  );
}
