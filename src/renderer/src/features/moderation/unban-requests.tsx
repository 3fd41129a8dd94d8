import { useId, useState } from 'react';
import type { UnbanRequest } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { LiveStatus } from '../../components/live-status';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { formatAge } from '../../store/queue-model';
import { selectAction } from '../../store/selectors';
import { describeResolution } from './moderation-format';
import './moderation.css';

/**
 * The unban requests tile's sheet: the pending requests, oldest first, to approve or deny with a
 * note to the viewer; then what was decided while Sidestage was open.
 */
export function UnbanRequests() {
  const state = useSidestage((s) => s.unbanRequests);
  const notice = useSidestage((s) => s.unbanNotice);
  const refreshing = useSidestage((s) => selectAction('unbanRequests.refresh')(s).pending);
  const requests = state?.requests ?? [];
  const pending = requests.filter((r) => r.status === 'pending');
  const resolved = requests.filter((r) => r.status !== 'pending');
  const now = useNow(30_000, requests.length > 0);
  return (
    <div className="unban-requests stack">
      {!state?.loaded ? (
        <p className="muted small">{state?.error ?? 'Reading unban requests…'}</p>
      ) : pending.length === 0 ? (
        <p className="muted small" data-testid="unban-empty">
          No unban requests waiting.
        </p>
      ) : (
        <ul className="moderation-list" aria-label="Unban requests waiting, oldest first">
          {pending.map((r) => (
            <PendingRequest key={r.id} request={r} now={now} />
          ))}
        </ul>
      )}
      {state?.loaded && state.error ? <p className="warning-text small">{state.error}</p> : null}
      {resolved.length ? (
        <details>
          <summary className="small">Decided while Sidestage was open ({resolved.length})</summary>
          <ul className="moderation-list">
            {resolved.map((r) => (
              <li key={r.id} className="moderation-item small">
                <strong>{r.user.name}</strong> {describeResolution(r)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="button-row">
        <button type="button" className="quiet" disabled={refreshing} onClick={() => void store.getState().refreshUnbanRequests()}>
          Check for requests
        </button>
      </div>
      <LiveStatus>{notice ?? ''}</LiveStatus>
      <ActionError action="unbanRequests.resolve" what="Unban request" />
      <ActionError action="unbanRequests.refresh" what="Could not read unban requests" />
    </div>
  );
}

function PendingRequest({ request, now }: { request: UnbanRequest; now: number }) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const resolve = (status: 'approved' | 'denied') =>
    void store
      .getState()
      .resolveUnbanRequest(request.id, status, note)
      .then((done) => done && setNote(''));
  return (
    <li className="moderation-item" data-request-id={request.id} data-pending={request.pending}>
      <p>
        <strong>{request.user.name}</strong> <span className="muted small">· {formatAge(request.createdAt, now)}</span>
      </p>
      <p>{request.text || <span className="muted">(no message)</span>}</p>
      <label htmlFor={noteId} className="small">
        Note to {request.user.name} (optional)
      </label>
      <input id={noteId} type="text" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="button-row">
        <button type="button" className="primary" disabled={request.pending} onClick={() => resolve('approved')}>
          Approve
        </button>
        <button type="button" className="danger" disabled={request.pending} onClick={() => resolve('denied')}>
          Deny
        </button>
      </div>
    </li>
  );
}
