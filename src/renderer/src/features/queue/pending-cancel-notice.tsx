import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';

/**
 * A cancel (with a refund) waiting out its undo window, with Undo (U): the Queue panel's C and the
 * Live view's X wait in the same place, so both views show the same notice.
 */
export function PendingCancelNotice({ testId }: { testId: string }) {
  const pending = useSidestage((s) => s.pendingCancel);
  const now = useNow(1000, pending !== null);
  if (!pending) return null;
  const left = Math.max(1, Math.ceil((pending.sendAt - now) / 1000));
  const count = pending.ids.length;
  return (
    <div className="queue-undo button-row" role="status" data-testid={testId}>
      <span>{count === 1 ? 'Redemption' : `${count} redemptions`} canceled with a refund.</span>
      {/* The countdown is seen, not announced every second. */}
      <span className="muted small" aria-hidden="true">
        Sent in {left} s
      </span>
      <button type="button" aria-keyshortcuts="U" onClick={() => store.getState().undoCancel()}>
        Undo <kbd>U</kbd>
      </button>
    </div>
  );
}
