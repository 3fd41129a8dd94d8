import type { ReactNode } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** The control's id, for the label. */
  controlId: string;
  /** Keeps the label for screen readers only. */
  labelHidden?: boolean;
  /** A line under the control (what to enter, a consequence); `hintId` ties it to the control. */
  hint?: ReactNode;
  hintId?: string;
  /** Why the value is refused, in words; `errorId` ties it to the control. */
  error?: ReactNode;
  errorId?: string;
  children: ReactNode;
}

/**
 * The frame of every labelled control: its label above, the control, and a hint or an error under
 * it. The control sets `aria-describedby` to the ids of what is shown.
 */
export function Field({ label, controlId, labelHidden, hint, hintId, error, errorId, children }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={controlId} className={labelHidden ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="muted small">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="error-text small" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids of what describes a control, or undefined when nothing does. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
