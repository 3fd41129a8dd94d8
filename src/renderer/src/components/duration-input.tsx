import { useId, type ReactNode } from 'react';
import type { SelectOption } from './select';

export interface DurationInputProps<U extends string = string> {
  label: ReactNode;
  /** The text as typed: the caller validates it (a half-typed number is not lost). */
  value: string;
  onChange(value: string): void;
  /** Shown after the number, and part of its description: "seconds", "minutes". */
  unit: U;
  /**
   * Units to choose from: the unit is then a styled select beside the number (named by
   * `unitLabel`), and the number is read in the unit chosen.
   */
  unitChoices?: readonly SelectOption<U>[];
  onUnitChange?(unit: U): void;
  /** The unit select's accessible name, e.g. "Cooldown unit". */
  unitLabel?: string;
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

/**
 * A number of seconds or minutes with its unit written beside it, so nobody has to guess it; or,
 * given `unitChoices`, with the unit to choose.
 */
export function DurationInput<U extends string = string>({ label, value, onChange, unit, unitChoices, onUnitChange, unitLabel = 'Unit', min, max, step = 1, disabled, labelHidden, onEnter, error, id }: DurationInputProps<U>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const unitId = useId();
  const errorId = useId();
  // A fixed unit is text that describes the number; a chosen one is a control with its own name.
  const described = [unitChoices ? null : unitId, error ? errorId : null].filter(Boolean).join(' ') || undefined;
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
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={
            onEnter
              ? (event) => {
                  if (event.key === 'Enter') onEnter();
                }
              : undefined
          }
        />
        {unitChoices ? (
          <span className="select-wrap">
            <select
              id={unitId}
              className="select unit-select"
              aria-label={unitLabel}
              value={unit}
              disabled={disabled}
              onChange={(event) => {
                const chosen = unitChoices.find((choice) => choice.value === event.target.value);
                if (chosen) onUnitChange?.(chosen.value);
              }}
            >
              {unitChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </span>
        ) : (
          <span id={unitId} className="unit">
            {unit}
          </span>
        )}
      </span>
      {error ? (
        <p id={errorId} className="error-text small" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
