import { useId, type ReactNode } from 'react';
import { describedBy, Field } from './field';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> {
  label: ReactNode;
  value: T;
  options: readonly SelectOption<T>[];
  onChange(value: T): void;
  disabled?: boolean;
  hint?: ReactNode;
}

/**
 * A native select, styled to match both themes: the OS's own list keeps keyboard, screen reader
 * and touch behaviour that a hand-made listbox would have to copy.
 */
export function Select<T extends string>({ label, value, options, onChange, disabled, hint }: SelectProps<T>) {
  const id = useId();
  const hintId = useId();
  return (
    <Field label={label} controlId={id} hint={hint} hintId={hintId}>
      <SelectControl id={id} value={value} options={options} onChange={onChange} disabled={disabled} describedBy={describedBy(hint ? hintId : null)} />
    </Field>
  );
}

export interface SelectControlProps<T extends string> extends Pick<SelectProps<T>, 'value' | 'options' | 'onChange' | 'disabled'> {
  id: string;
  /** Another class beside `select` (`unit-select`). */
  className?: string;
  /** Its name where no label names it (a unit beside a number). */
  ariaLabel?: string;
  describedBy?: string;
}

/** The styled select alone, where something else labels it: `Select`'s, and a number's unit. */
export function SelectControl<T extends string>({ id, className, ariaLabel, describedBy, value, options, onChange, disabled }: SelectControlProps<T>) {
  return (
    <span className="select-wrap">
      <select
        id={id}
        className={className ? `select ${className}` : 'select'}
        aria-label={ariaLabel}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
