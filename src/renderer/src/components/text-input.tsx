import { useId, type ReactNode } from 'react';
import { describedBy, Field } from './field';

export interface TextInputProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** A line under the field: what it takes (a template's fields, an example). */
  hint?: ReactNode;
  /** Two lines that grow, for a message or a template. */
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/** A labelled line (or box) of text. */
export function TextInput({ label, value, onChange, hint, multiline, maxLength, placeholder }: TextInputProps) {
  const id = useId();
  const hintId = useId();
  const props = { id, value, maxLength, placeholder, 'aria-describedby': describedBy(hint ? hintId : null) };
  return (
    <Field label={label} controlId={id} hint={hint} hintId={hintId}>
      {multiline ? <textarea {...props} rows={2} onChange={(event) => onChange(event.target.value)} /> : <input type="text" {...props} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}
