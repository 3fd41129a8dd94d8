/**
 * The Overlays panel's "Viewers' words, spoken" section: text-to-speech on or off, the system's
 * voice (or why this computer has none), speed, volume, the longest message read, what is read (a
 * cheer from so many bits, a resubscription's message, the chosen rewards' input).
 */
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { DraftInput, wholeNumberProblem } from './draft-input';

function NumberField({ label, saved, min, max, onCommit }: { label: string; saved: number; min: number; max: number; onCommit(value: number): void }) {
  const problem = wholeNumberProblem(min, max);
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <DraftInput
        type="number"
        min={min}
        max={max}
        saved={String(saved)}
        problem={problem}
        onCommit={(d) => onCommit(Number(d))}
        hint={(_draft, why) => (why ? <p className="error-text small">{why}</p> : null)}
      />
    </label>
  );
}

export function SpeechSettingsSection() {
  const speech = useSidestage((s) => s.speech);
  const rewards = useSidestage((s) => s.rewards?.rewards ?? s.queueRewards);
  const saving = useSidestage((s) => selectAction('overlays.speech')(s).pending);
  const { setSpeech } = store.getState();
  if (!speech) return null;
  const { settings } = speech;
  const save = (changes: Parameters<typeof setSpeech>[0]) => void setSpeech(changes);
  return (
    <FormSection
      title="Viewers’ words, spoken"
      description="Read aloud on the alerts overlay with the alert, by this computer’s own voice (no network, no account). Links, blocked terms and emote spam are left out; nothing a viewer types changes the voice."
    >
      {speech.unavailable ? (
        <p className="alert-wait" role="status" data-testid="speech-unavailable">
          {speech.unavailable}
        </p>
      ) : null}
      <Switch checked={settings.enabled} disabled={saving || speech.unavailable !== null} onChange={(enabled) => save({ enabled })}>
        Speak the viewers’ words
      </Switch>
      {speech.voices.length > 0 ? (
        <Select
          label={`Voice (${speech.engine ?? 'system'})`}
          value={settings.voice ?? ''}
          options={[{ value: '', label: 'The system’s default' }, ...speech.voices.map((v) => ({ value: v.id, label: v.name }))]}
          onChange={(voice) => save({ voice: voice || null })}
        />
      ) : null}
      <NumberField label="Speed (words a minute)" saved={settings.rate} min={80} max={400} onCommit={(rate) => save({ rate })} />
      <NumberField label="Volume (%)" saved={Math.round(settings.volume * 100)} min={0} max={100} onCommit={(v) => save({ volume: v / 100 })} />
      <NumberField label="Read at most (characters)" saved={settings.maxLength} min={10} max={500} onCommit={(maxLength) => save({ maxLength })} />
      <Switch checked={settings.cheers} disabled={saving} onChange={(cheers) => save({ cheers })}>
        Read cheers’ messages
      </Switch>
      <NumberField label="From (bits)" saved={settings.cheerMinimumBits} min={0} max={1_000_000} onCommit={(cheerMinimumBits) => save({ cheerMinimumBits })} />
      <Switch checked={settings.subscriptions} disabled={saving} onChange={(subscriptions) => save({ subscriptions })}>
        Read resubscriptions’ messages
      </Switch>
      {rewards.length > 0 ? (
        <fieldset className="options">
          <legend>Rewards whose input is read</legend>
          {rewards.map((reward) => (
            <Switch
              key={reward.id}
              checked={settings.rewardIds.includes(reward.id)}
              disabled={saving}
              onChange={(on) => save({ rewardIds: on ? [...settings.rewardIds, reward.id] : settings.rewardIds.filter((id) => id !== reward.id) })}
            >
              {reward.title}
            </Switch>
          ))}
        </fieldset>
      ) : null}
      <ActionError action="overlays.speech" what="Text-to-speech not saved" />
    </FormSection>
  );
}
