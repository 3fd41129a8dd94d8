import { useId, type ReactNode } from 'react';

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
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <span className="select-wrap">
        <select
          id={id}
          className="select"
          value={value}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
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
      {hint ? (
        <p id={hintId} className="muted small">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
