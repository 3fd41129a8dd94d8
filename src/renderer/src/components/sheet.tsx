import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './sheet.css';

export interface SheetProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** Changed to bring the focus back to the sheet's first field (the same tile asked for again). */
  focusRequest?: number;
  children: ReactNode;
}

/**
 * A form or the details of something, opened over the view: a sheet from the bottom in a dock, a
 * panel in the middle of a wide window. A modal <dialog>: the focus goes in (to the field marked
 * `data-autofocus`, else the first control), Escape or a click beside it closes it, and the focus
 * goes back to what opened it.
 */
export function Sheet({ open, title, onClose, focusRequest = 0, children }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // At every render, not only when `open` changes: Escape closes the dialog before the view hears of
  // it, and a key pressed in between opens the next sheet in the same dialog.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  });
  useEffect(() => {
    if (!open) return;
    const wanted = dialog.current?.querySelector<HTMLElement>('.sheet-body [data-autofocus]:not(:disabled)');
    wanted?.focus();
  }, [open, focusRequest, title]);
  return (
    <dialog
      ref={dialog}
      className="sheet"
      aria-labelledby={titleId}
      onClose={() => {
        // The close event comes a task after the dialog closed (Escape, or the view closing it): by
        // then a key may have opened the next sheet in it, which this late event must not close.
        if (!dialog.current?.open) onClose();
      }}
      onKeyDown={(event) => {
        // Escape closes the sheet in the same moment, not a task later as the browser's own close
        // would: a key pressed straight after (Escape, then O) finds the view's keys free again.
        // A control inside that uses Escape itself (a list's popup) has prevented it.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself; everything inside is the body's.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="sheet-body">
          <header className="sheet-header">
            <h3 id={titleId}>{title}</h3>
            <button type="button" className="quiet sheet-close" onClick={onClose}>
              Close
            </button>
          </header>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
