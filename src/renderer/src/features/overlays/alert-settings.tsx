import { useId } from 'react';
import { alertKindNames, alertMinimumUnits, alertTemplateFields, alertTemplateProblem } from '../../../../shared/domain/alert-template';
import { alertKinds, type AlertKind, type AlertSettings, type AlertTypeSettings, type MediaItem } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { AlertLookEditor } from './alert-look-editor';
import { AlertVariationsEditor } from './alert-variations-editor';
import { DraftInput, wholeNumberProblem } from './draft-input';
import { mediaOptions } from './media-options';

/** One alert type: on or off, minimum, text, duration, image, sound, volume, speech, and its variations. */
function AlertTypeEditor({ kind, settings, media, alerts }: { kind: AlertKind; settings: AlertTypeSettings; media: readonly MediaItem[]; alerts: AlertSettings }) {
  const saving = useSidestage((s) => selectAction(`overlays.alert.${kind}`)(s).pending);
  const templateId = useId();
  const problemId = useId();
  const save = (changes: Partial<AlertTypeSettings>) => void store.getState().setAlertType(kind, changes);
  const unit = alertMinimumUnits[kind];
  return (
    <details className="alert-type" data-kind={kind}>
      <summary>
        {alertKindNames[kind]} <span className="muted small">{settings.enabled ? 'on' : 'off'}</span>
      </summary>
      <div className="stack">
        <Switch checked={settings.enabled} disabled={saving} onChange={(enabled) => save({ enabled })}>
          Show an alert
        </Switch>
        {unit ? (
          <label className="field">
            <span className="field-label">At least ({unit})</span>
            <DraftInput type="number" min={0} saved={String(settings.minimum)} problem={(d) => (Number(d) >= 0 && d.trim() !== '' ? null : 'Enter 0 or more.')} onCommit={(d) => save({ minimum: Number(d) })} />
          </label>
        ) : null}
        <div className="field">
          <label className="field-label" htmlFor={templateId}>
            Text
          </label>
          <DraftInput
            id={templateId}
            type="text"
            maxLength={200}
            aria-describedby={problemId}
            saved={settings.template}
            problem={(draft) => alertTemplateProblem(kind, draft)}
            onCommit={(template) => save({ template })}
            hint={(_draft, problem) => (
              <p id={problemId} className={problem ? 'error-text small' : 'muted small'}>
                {problem ?? `Fields: ${alertTemplateFields[kind].map((f) => `{${f}}`).join(' ')}`}
              </p>
            )}
          />
        </div>
        <label className="field">
          <span className="field-label">Shown for (seconds)</span>
          <DraftInput type="number" min={1} max={60} saved={String(settings.durationMs / 1000)} problem={wholeNumberProblem(1, 60)} onCommit={(d) => save({ durationMs: Number(d) * 1000 })} />
        </label>
        <Select label="Image, GIF or video" value={settings.imageId ?? ''} options={mediaOptions(media, 'visual', settings.imageId)} onChange={(id) => save({ imageId: id || null })} />
        <Select label="Sound" value={settings.soundId ?? ''} options={mediaOptions(media, 'sound', settings.soundId)} onChange={(id) => save({ soundId: id || null })} />
        <label className="field">
          <span className="field-label">Volume (%)</span>
          <DraftInput type="number" min={0} max={100} step={5} saved={String(Math.round(settings.volume * 100))} problem={wholeNumberProblem(0, 100)} onCommit={(d) => save({ volume: Number(d) / 100 })} />
        </label>
        <Switch checked={settings.speak} disabled={saving} onChange={(speak) => save({ speak })}>
          Speak the viewer’s message
        </Switch>
        <AlertLookEditor style={settings.style} disabled={saving} save={(changes) => save({ style: { ...settings.style, ...changes } })} />
        {kind === 'follow' ? (
          <Switch checked={alerts.options.quietRefollows} onChange={(quietRefollows) => void store.getState().setAlertOptions({ quietRefollows })}>
            No second alert for a refollow within 24 hours
          </Switch>
        ) : null}
        <AlertVariationsEditor kind={kind} type={settings} media={media} disabled={saving} save={(variations) => save({ variations })} />
        {kind === 'redemption' ? <MutedRewards /> : null}
        <ActionError action={`overlays.alert.${kind}`} what={`${alertKindNames[kind]} not saved`} />
      </div>
    </details>
  );
}

/** Per reward: its redemptions alert or not. */
function MutedRewards() {
  const rewards = useSidestage((s) => s.rewards?.rewards ?? s.queueRewards);
  const muted = useSidestage((s) => s.overlays?.alerts.options.mutedRewardIds);
  if (!muted || rewards.length === 0) return null;
  return (
    <fieldset className="options">
      <legend>Rewards that alert</legend>
      {rewards.map((reward) => (
        <Switch
          key={reward.id}
          checked={!muted.includes(reward.id)}
          onChange={(on) => void store.getState().setAlertOptions({ mutedRewardIds: on ? muted.filter((id) => id !== reward.id) : [...muted, reward.id] })}
        >
          {reward.title}
        </Switch>
      ))}
    </fieldset>
  );
}

export function AlertSettingsSection({ alerts }: { alerts: AlertSettings }) {
  const media = useSidestage((s) => s.media?.items) ?? [];
  const { setAlertOptions } = store.getState();
  return (
    <FormSection title="Alert settings" description="Each type on or off, its least amount, its text, how long it shows, its image and sound, and variations: a 1,000-bit cheer can look and sound unlike a 100-bit one.">
      {alertKinds.map((kind) => (
        <AlertTypeEditor key={kind} kind={kind} settings={alerts.types[kind]} media={media} alerts={alerts} />
      ))}
      <label className="field">
        <span className="field-label">Gap between two alerts (seconds)</span>
        <DraftInput type="number" min={0} max={30} saved={String(alerts.options.gapMs / 1000)} problem={wholeNumberProblem(0, 30)} onCommit={(d) => void setAlertOptions({ gapMs: Number(d) * 1000 })} />
      </label>
      <Select
        label="A backlog is told in one alert after"
        value={String(alerts.options.summaryAfter)}
        options={[3, 5, 10, 20].map((n) => ({ value: String(n), label: `${n} of one type waiting` }))}
        onChange={(value) => void setAlertOptions({ summaryAfter: Number(value) })}
        hint="“and 40 more follows” rather than an hour of follows."
      />
      <ActionError action="overlays.options" what="Not saved" />
    </FormSection>
  );
}
