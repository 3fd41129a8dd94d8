import { useId, type ReactNode } from 'react';
import type { RewardProblems } from '../../../../shared/domain/reward-rules';
import { ColorInput } from '../../components/color-input';
import { NumberInput } from '../../components/number-input';
import { FormSection } from '../../components/form-section';
import { Switch } from '../../components/switch';
import { cooldownUnits, type CooldownUnit, type RewardDraft } from './reward-form-model';

export interface RewardFormViewProps {
  /** The form's name: "New reward", "Edit Hydrate!". */
  name: string;
  draft: RewardDraft;
  onField<K extends keyof RewardDraft>(key: K, value: RewardDraft[K]): void;
  problems: RewardProblems;
  /** Save was pressed once: every problem shows from then on (the title's and prompt's as typed). */
  tried: boolean;
  saving: boolean;
  submitLabel: string;
  onSubmit(): void;
  onCancel(): void;
  /** Below the buttons: what the last save said. */
  footer?: ReactNode;
}

const unitChoices = cooldownUnits.map(({ value, label }) => ({ value, label }));

/**
 * The reward form's fields, without the store: what shows and how each field is tied to its
 * problem. A field is described by its error only while that error is on screen.
 */
export function RewardFormView({ name, draft, onField, problems, tried, saving, submitLabel, onSubmit, onCancel, footer }: RewardFormViewProps) {
  const prefix = useId();
  type Key = keyof RewardProblems;
  const shown = (key: Key): string | null => ((tried || key === 'title' || key === 'prompt') && problems[key] ? problems[key] : null);
  const errorId = (key: Key) => `${prefix}-${key}-error`;
  const error = (key: Key) => {
    const text = shown(key);
    return text ? (
      <span className="error-text field-error small" id={errorId(key)}>
        {text}
      </span>
    ) : null;
  };
  const described = (key: Key) => (shown(key) ? { 'aria-invalid': true, 'aria-describedby': errorId(key) } : {});
  const ids = { title: `${prefix}-title`, cost: `${prefix}-cost`, prompt: `${prefix}-prompt` };
  return (
    <form
      className="stack options"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label={name}
      noValidate
    >
      <div className="reward-form">
        <div className="field">
          <label htmlFor={ids.title} className="field-label">
            Title
          </label>
          <input id={ids.title} type="text" value={draft.title} maxLength={60} onChange={(e) => onField('title', e.target.value)} {...described('title')} />
          {error('title')}
        </div>
        <div className="field">
          <label htmlFor={ids.cost} className="field-label">
            Cost (points)
          </label>
          <input id={ids.cost} type="number" min={1} step={1} value={draft.cost} onChange={(e) => onField('cost', e.target.value)} {...described('cost')} />
          {error('cost')}
        </div>
        <div className="field">
          <label htmlFor={ids.prompt} className="field-label">
            Prompt
          </label>
          <textarea id={ids.prompt} value={draft.prompt} rows={2} onChange={(e) => onField('prompt', e.target.value)} {...described('prompt')} />
          {error('prompt')}
        </div>
        {/* Upper case, as the form has always sent it (the picker answers in lower case). */}
        <ColorInput label="Background colour" value={draft.backgroundColor} onChange={(value) => onField('backgroundColor', value.toUpperCase())} />
        {error('backgroundColor')}
        <FormSection title="Options">
          <Switch checked={draft.isEnabled} onChange={(on) => onField('isEnabled', on)}>
            Enabled (visible to viewers)
          </Switch>
          <Switch checked={draft.isUserInputRequired} onChange={(on) => onField('isUserInputRequired', on)}>
            Viewer must type a message
          </Switch>
          <Switch checked={draft.skipQueue} onChange={(on) => onField('skipQueue', on)}>
            Skip the queue (redemptions are fulfilled at once)
          </Switch>
        </FormSection>
        <FormSection title="Limits">
          <div className="reward-limit">
            <Switch checked={draft.maxPerStreamEnabled} onChange={(on) => onField('maxPerStreamEnabled', on)}>
              Limit per stream
            </Switch>
            <input type="number" min={1} aria-label="Redemptions per stream" disabled={!draft.maxPerStreamEnabled} value={draft.maxPerStream} onChange={(e) => onField('maxPerStream', e.target.value)} {...described('maxPerStream')} />
            {error('maxPerStream')}
          </div>
          <div className="reward-limit">
            <Switch checked={draft.maxPerUserEnabled} onChange={(on) => onField('maxPerUserEnabled', on)}>
              Limit per viewer per stream
            </Switch>
            <input type="number" min={1} aria-label="Redemptions per viewer per stream" disabled={!draft.maxPerUserEnabled} value={draft.maxPerUser} onChange={(e) => onField('maxPerUser', e.target.value)} {...described('maxPerUserPerStream')} />
            {error('maxPerUserPerStream')}
          </div>
          <div className="reward-limit">
            <Switch checked={draft.cooldownEnabled} onChange={(on) => onField('cooldownEnabled', on)}>
              Cooldown
            </Switch>
            {/* In the unit the number is whole in (1 second, 5 minutes); the model sends seconds. */}
            <NumberInput<CooldownUnit>
              label="Cooldown length"
              labelHidden
              unit={draft.cooldownUnit}
              unitChoices={unitChoices}
              onUnitChange={(unit) => onField('cooldownUnit', unit)}
              unitLabel="Cooldown unit"
              min={0}
              step="any"
              disabled={!draft.cooldownEnabled}
              value={draft.cooldown}
              onChange={(text) => onField('cooldown', text)}
              error={shown('globalCooldown')}
            />
          </div>
        </FormSection>
      </div>
      {problems.count ? <p className="error-text">{problems.count}</p> : null}
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {footer}
    </form>
  );
}
