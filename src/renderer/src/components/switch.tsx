import type { ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The switch's visible text and accessible name. */
  children: ReactNode;
  disabled?: boolean;
  /** Shown under the label; tied to the switch as its description. */
  description?: ReactNode;
  descriptionId?: string;
}

/** An on/off setting that applies at once (role=switch): a labelled button, not a checkbox to submit. */
export function Switch({ checked, onChange, children, disabled, description, descriptionId }: SwitchProps) {
  return (
    <div className="switch-field">
      <button
        type="button"
        role="switch"
        className="switch-control"
        aria-checked={checked}
        aria-describedby={description && descriptionId ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-label">{children}</span>
      </button>
      {description ? (
        <p className="muted small switch-description" id={descriptionId}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
