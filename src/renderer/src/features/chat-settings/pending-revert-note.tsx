export interface PendingRevertNoteProps {
  /** The preset's label ("Raid shield"). */
  label: string;
  /** Time left as m:ss, or null when it is due. */
  left: string | null;
  onRevertNow(): void;
  onKeep(): void;
  /** Smaller text for the Live view's compact section. */
  compact?: boolean;
}

/** A preset's automatic revert, waiting: the Chat settings panel and the Live view show the same. */
export function PendingRevertNote({ label, left, onRevertNow, onKeep, compact = false }: PendingRevertNoteProps) {
  return (
    <div className="stack">
      <p className={compact ? 'small' : undefined}>
        {label} reverts {left ? `in ${left}` : 'now'}.
      </p>
      <div className="button-row">
        <button type="button" onClick={onRevertNow}>
          Revert now
        </button>
        <button type="button" className="quiet" onClick={onKeep}>
          Keep these settings
        </button>
      </div>
    </div>
  );
}
