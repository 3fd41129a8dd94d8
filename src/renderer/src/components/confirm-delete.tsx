import type { ReactNode } from 'react';

export interface ConfirmDeleteProps {
  /** What would be deleted, as the list names it. */
  name: string;
  /** What goes with it, and what stays. */
  children: ReactNode;
  onDelete(): void;
  onKeep(): void;
}

/** A delete asked about in place, under the item: Delete, or Keep it. */
export function ConfirmDelete({ name, children, onDelete, onKeep }: ConfirmDeleteProps) {
  return (
    <div className="action-error" role="alertdialog" aria-label={`Delete ${name}?`}>
      <p>{children}</p>
      <div className="button-row">
        <button type="button" className="danger" onClick={onDelete}>
          Delete
        </button>
        <button type="button" onClick={onKeep}>
          Keep it
        </button>
      </div>
    </div>
  );
}
