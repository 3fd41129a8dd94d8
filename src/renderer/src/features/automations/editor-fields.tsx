/** Small labelled fields of the automation editor: numbers with their unit, text, OBS pickers. */
import { useId, type ReactNode } from 'react';
import { Select } from '../../components/select';

export function NumberField({ label, value, onChange, unit, min, max, step = 1, hint }: { label: string; value: number; onChange(value: number): void; unit?: string; min?: number; max?: number; step?: number | 'any'; hint?: ReactNode }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <span className="input-with-unit">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          value={Number.isFinite(value) ? value : ''}
          min={min}
          max={max}
          step={step}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        />
        {unit ? <span className="unit">{unit}</span> : null}
      </span>
      {hint ? (
        <p id={hintId} className="muted small">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, value, onChange, hint, multiline, maxLength, placeholder }: { label: string; value: string; onChange(value: string): void; hint?: ReactNode; multiline?: boolean; maxLength?: number; placeholder?: string }) {
  const id = useId();
  const hintId = useId();
  const props = { id, value, maxLength, placeholder, 'aria-describedby': hint ? hintId : undefined };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? <textarea {...props} rows={2} onChange={(event) => onChange(event.target.value)} /> : <input type="text" {...props} onChange={(event) => onChange(event.target.value)} />}
      {hint ? (
        <p id={hintId} className="muted small">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="check-field">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

/**
 * A scene, source or input picked from what OBS has, never typed. A saved name OBS no longer has
 * stays shown (and is said to be missing); without OBS, the saved name is all there is.
 */
export function ObsPicker({ label, value, names, connected, reason, onChange }: { label: string; value: string; names: readonly string[]; connected: boolean; reason: string | null; onChange(value: string): void }) {
  const options = [{ value: '', label: connected ? 'Choose…' : 'Connect OBS to choose' }, ...names.map((name) => ({ value: name, label: name }))];
  if (value && !names.includes(value)) options.push({ value, label: connected ? `${value} (not in OBS now)` : value });
  const hint = connected ? (value && !names.includes(value) ? 'OBS does not have this one now: choose another, or add it in OBS.' : null) : `${reason ?? 'Not connected to OBS'}. Connect OBS in its panel to choose from its list.`;
  return <Select label={label} value={value} options={options} onChange={onChange} hint={hint} />;
}
