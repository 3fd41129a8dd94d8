/** Fields of the automation editor over the styled controls: numbers kept as numbers, checkboxes, OBS pickers. */
import { NumberInput, type NumberInputProps } from '../../components/number-input';
import { Select } from '../../components/select';

/** A number of the draft (NaN while the field is empty: the draft's problems say so). */
export function NumberField({ value, onChange, ...props }: Omit<NumberInputProps, 'value' | 'onChange'> & { value: number; onChange(value: number): void }) {
  return <NumberInput {...props} value={Number.isFinite(value) ? value : ''} onChange={(text) => onChange(text === '' ? Number.NaN : Number(text))} />;
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
