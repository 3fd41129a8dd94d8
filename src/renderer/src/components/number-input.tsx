import { useId, type ReactNode } from 'react';
import { describedBy, Field } from './field';
import { SelectControl, type SelectOption } from './select';

export interface NumberInputProps<U extends string = string> {
  label: ReactNode;
  /**
   * The text as typed, which the caller validates (a half-typed number is not lost); or the number
   * itself, '' for none.
   */
  value: string | number;
  onChange(value: string): void;
  /** Written after the number, and part of its description: "seconds", "minutes", "%". */
  unit?: U;
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
  /** 'any' (or a fraction) for a value that takes fractions (2.5 minutes). */
  step?: number | 'any';
  disabled?: boolean;
  /**
   * Keeps the label for screen readers only, where a switch right above already names the
   * setting on screen ("Slow mode" then "30 seconds").
   */
  labelHidden?: boolean;
  /** Called on Enter, for a field that applies on its own rather than with a form. */
  onEnter?(): void;
  /** A line under the field: what the number counts, an example. */
  hint?: ReactNode;
  /** Why the value is refused, in words; marks the field invalid. */
  error?: string | null;
  id?: string;
}

/**
 * A number with its unit written beside it, so nobody has to guess it; or, given `unitChoices`,
 * with the unit to choose.
 */
export function NumberInput<U extends string = string>({ label, value, onChange, unit, unitChoices, onUnitChange, unitLabel = 'Unit', min, max, step = 1, disabled, labelHidden, onEnter, hint, error, id }: NumberInputProps<U>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const unitId = useId();
  const hintId = useId();
  const errorId = useId();
  // A fixed unit is text that describes the number; a chosen one is a control with its own name.
  const described = describedBy(!unitChoices && unit ? unitId : null, hint ? hintId : null, error ? errorId : null);
  return (
    <Field label={label} controlId={inputId} labelHidden={labelHidden} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <span className="input-with-unit">
        <input
          id={inputId}
          type="number"
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
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
        {unitChoices && unit ? (
          <SelectControl id={unitId} className="unit-select" ariaLabel={unitLabel} value={unit} options={unitChoices} onChange={(chosen) => onUnitChange?.(chosen)} disabled={disabled} />
        ) : unit ? (
          <span id={unitId} className="unit">
            {unit}
          </span>
        ) : null}
      </span>
    </Field>
  );
}
