import { useId, type ReactNode } from 'react';

export interface DurationInputProps {
  label: ReactNode;
  /** The text as typed: the caller validates it (a half-typed number is not lost). */
  value: string;
  onChange(value: string): void;
  /** Shown after the number, and part of its description: "seconds", "minutes". */
  unit: string;
  min?: number;
  max?: number;
  /** 'any' for a unit that takes fractions (2.5 minutes). */
  step?: number | 'any';
  disabled?: boolean;
  /**
   * Keeps the label for screen readers only, where a switch right above already names the
   * setting on screen ("Slow mode" then "30 seconds").
   */
  labelHidden?: boolean;
  /** Called on Enter, for a field that applies on its own rather than with a form. */
  onEnter?(): void;
  /** Why the value is refused, in words; marks the field invalid. */
  error?: string | null;
  id?: string;
}

/** A number of seconds or minutes with its unit written beside it, so nobody has to guess it. */
export function DurationInput({ label, value, onChange, unit, min, max, step = 1, disabled, labelHidden, onEnter, error, id }: DurationInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const unitId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId} className={labelHidden ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <span className="input-with-unit">
        <input
          id={inputId}
          type="number"
          inputMode={step === 'any' ? 'decimal' : 'numeric'}
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${unitId} ${errorId}` : unitId}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={
            onEnter
              ? (event) => {
                  if (event.key === 'Enter') onEnter();
                }
              : undefined
          }
        />
        <span id={unitId} className="unit">
          {unit}
        </span>
      </span>
      {error ? (
        <p id={errorId} className="error-text small" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
