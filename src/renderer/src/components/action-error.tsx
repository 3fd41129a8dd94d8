import { useId } from 'react';
import { store, useSidestage, type ActionId } from '../store';
import { selectAction } from '../store/selectors';

interface ActionErrorProps {
  action: ActionId;
  /** What failed, e.g. "Could not test latency". */
  what: string;
}

/**
 * The last failure of one action, with Retry (same arguments) and Dismiss. The buttons are named
 * just "Retry" and "Dismiss" and described by the message, so that their names never collide with
 * the control that failed ("Reveal" vs "Retry reveal") while a screen reader still hears which.
 */
export function ActionError({ action, what }: ActionErrorProps) {
  const error = useSidestage((state) => selectAction(action)(state).error);
  const messageId = useId();
  if (!error) return null;
  const { retry, dismissError } = store.getState();
  return (
    <div className="action-error" role="alert" data-action={action}>
      <p id={messageId}>
        <strong>{what}.</strong> {error}
      </p>
      <div className="button-row">
        <button type="button" aria-describedby={messageId} onClick={() => void retry(action)}>
          Retry
        </button>
        <button type="button" className="quiet" aria-describedby={messageId} onClick={() => dismissError(action)}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
