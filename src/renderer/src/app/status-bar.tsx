import { useShallow } from 'zustand/react/shallow';
import { StreamStatusItem } from '../features/live/stream-status-item';
import { useSidestage } from '../store';
import { selectAccountLabel, selectConnectionLabel, selectModeLabel } from '../store/selectors';

export function StatusBar() {
  const { account, mode, connection, connectionState } = useSidestage(
    useShallow((state) => ({
      account: selectAccountLabel(state),
      mode: selectModeLabel(state),
      connection: selectConnectionLabel(state),
      connectionState: state.connection,
    })),
  );
  return (
    <footer className="status-bar">
      <span className="status-item">
        <span className="status-label">Account:</span> <span data-testid="status-account">{account}</span>
      </span>
      <span className="status-item">
        <span className="status-label">Mode:</span> <span data-testid="status-mode">{mode}</span>
      </span>
      <StreamStatusItem />
      <span className={`status-item connection-${connectionState}`} role="status" aria-live="polite">
        <span className="status-label">Connection:</span> <span data-testid="status-connection">{connection}</span>
      </span>
    </footer>
  );
}
