import { useId, type ReactNode } from 'react';
import { Field } from './field';

export interface ColorInputProps {
  label: ReactNode;
  /** `#rrggbb`. */
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}

/** A colour shown as a swatch with its code; the OS's picker opens from the swatch. */
export function ColorInput({ label, value, onChange, disabled }: ColorInputProps) {
  const id = useId();
  const codeId = useId();
  return (
    <Field label={label} controlId={id}>
      <span className="color-input">
        <span className="color-swatch" style={{ background: value }}>
          <input id={id} type="color" value={value} disabled={disabled} aria-describedby={codeId} onChange={(event) => onChange(event.target.value)} />
        </span>
        <code id={codeId}>{value.toUpperCase()}</code>
      </span>
    </Field>
  );
}
