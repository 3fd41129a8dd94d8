import { ActionError } from '../../components/action-error';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { selectPendingCancel } from '../../store/redemptions-slice';

/**
 * A cancel (with a refund) waiting out its undo window in main, with Undo (U): the Queue panel's C
 * and the Live view's X wait in the same place (main's queue status), so both views show the same notice.
 */
export function PendingCancelNotice({ testId }: { testId: string }) {
  const pending = useSidestage(selectPendingCancel);
  const now = useNow(1000, pending !== null);
  return (
    <>
      {pending ? (
        <div className="queue-undo button-row" role="status" data-testid={testId}>
          <span>{pending.ids.length === 1 ? 'Redemption' : `${pending.ids.length} redemptions`} canceled with a refund.</span>
          {/* The countdown is seen, not announced every second. */}
          <span className="muted small" aria-hidden="true">
            Sent in {Math.max(1, Math.ceil((Date.parse(pending.sendAt) - now) / 1000))} s
          </span>
          <button type="button" aria-keyshortcuts="U" onClick={() => void store.getState().undoCancel()}>
            Undo <kbd>U</kbd>
          </button>
        </div>
      ) : null}
      <ActionError action="redemptions.undo" what="Could not undo the cancel" />
    </>
  );
}
