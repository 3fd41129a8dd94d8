import { useEffect, useState } from 'react';
import { defaultStep, defaultTrigger } from '../../../../shared/domain/automation-defaults';
import { actionKindLabels } from '../../../../shared/domain/automation-words';
import type { AutomationAction, AutomationInput, AutomationsState, AutomationStep, AutomationTrigger, ConditionRule } from '../../../../shared/ipc/contract';
import { maxStepDepth } from '../../../../shared/ipc/schemas/automations';
import { ActionError } from '../../components/action-error';
import { FormSection } from '../../components/form-section';
import { Select } from '../../components/select';
import { ShortcutCapture } from '../../components/shortcut-capture';
import { Switch } from '../../components/switch';
import { TextInput } from '../../components/text-input';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { mediaKindsOf, mediaOptions, type MediaSlot } from '../overlays/media-options';
import {
  actionKindOptions,
  actionOptions,
  canBeMissed,
  commandRoleOptions,
  draftProblems,
  fieldsHint,
  inputMatchOptions,
  moved,
  queueModeOptions,
  ruleFieldOptions,
  ruleOptions,
  templateWarnings,
  tierOptions,
  triggerKindOptions,
} from './automation-form-model';
import { CheckField, NumberField, ObsPicker } from './editor-fields';
import { MoreActionFields, MoreTriggerFields } from './more-fields';

interface EditorProps {
  title: string;
  initial: AutomationInput;
  testMode: AutomationsState['testMode'];
  onDone(): void;
}

type Update<T> = (next: T) => void;

export function AutomationEditor({ title, initial, testMode, onDone }: EditorProps) {
  const [draft, setDraft] = useState<AutomationInput>(initial);
  const [tried, setTried] = useState(false);
  const saving = useSidestage((s) => selectAction('automations.save')(s).pending);
  const problems = draftProblems(draft);
  const variableNames = (useSidestage((s) => s.automations?.variables) ?? []).map((v) => v.name);
  const warnings = templateWarnings(draft, variableNames);
  useEffect(() => {
    void store.getState().loadAutomationsObs();
  }, []);
  const set = (changes: Partial<AutomationInput>) => setDraft((d) => ({ ...d, ...changes }));
  const submit = async (andTest: boolean) => {
    setTried(true);
    if (problems.length) return;
    const id = await store.getState().saveAutomation(draft);
    if (!id) return;
    if (andTest) await store.getState().testAutomation(id);
    onDone();
  };
  return (
    <form
      className="stack options automation-editor"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <h3>{title}</h3>
      <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} maxLength={80} placeholder="Hydrate! → water scene" />
      <FormSection title="When" description="What starts it.">
        <TriggerFields trigger={draft.trigger} onChange={(trigger) => set({ trigger, alsoMissed: canBeMissed(trigger) ? draft.alsoMissed : false })} />
      </FormSection>
      <FormSection title="Only if" description="Every condition must hold; a run that does not is skipped, and the log says why.">
        <Switch checked={draft.conditions.onlyWhileLive} onChange={(onlyWhileLive) => set({ conditions: { ...draft.conditions, onlyWhileLive } })}>
          Only while live
        </Switch>
        <NumberField label="Cooldown for everyone" unit="seconds" min={0} max={86_400} value={draft.conditions.cooldownSeconds} onChange={(cooldownSeconds) => set({ conditions: { ...draft.conditions, cooldownSeconds } })} />
        <NumberField label="Cooldown per viewer" unit="seconds" min={0} max={86_400} value={draft.conditions.perViewerCooldownSeconds} onChange={(perViewerCooldownSeconds) => set({ conditions: { ...draft.conditions, perViewerCooldownSeconds } })} />
        <RulesFields rules={draft.conditions.rules} onChange={(rules) => set({ conditions: { ...draft.conditions, rules } })} />
      </FormSection>
      <FormSection title="Then" description="Sidestage does these in order; each result is in the run log.">
        <StepList steps={draft.actions} trigger={draft.trigger} depth={1} label="Action" onChange={(actions) => set({ actions })} />
      </FormSection>
      <FormSection title="Options">
        <Select label="When it is already running" value={draft.queue} options={queueModeOptions} onChange={(queue) => set({ queue })} />
        <TextInput
          label="Shared queue"
          value={draft.queueName ?? ''}
          maxLength={40}
          placeholder="None: its own"
          onChange={(name) => set({ queueName: name.trim() === '' ? undefined : name })}
          hint="Automations with the same queue name run one at a time, so their steps never interleave (like two that switch scenes)."
        />
        {canBeMissed(draft.trigger) ? (
          <Switch checked={draft.alsoMissed} onChange={(alsoMissed) => set({ alsoMissed })} description="Redemptions Sidestage only learns of after a disconnection can be minutes old." descriptionId="automation-also-missed">
            Also for events missed while disconnected
          </Switch>
        ) : null}
        <Switch checked={draft.stopOnError} onChange={(stopOnError) => set({ stopOnError })}>
          Stop at the first action that fails
        </Switch>
        <Switch checked={draft.stripLinks} onChange={(stripLinks) => set({ stripLinks })} description="Links in what viewers typed become [link] in chat, OBS text, markers and alerts." descriptionId="automation-strip-links">
          Remove links from viewers' words
        </Switch>
        <Switch checked={draft.enabled} onChange={(enabled) => set({ enabled })}>
          Switched on
        </Switch>
      </FormSection>
      {warnings.map((w) => (
        <p key={w} className="small warning-text">
          {w}
        </p>
      ))}
      {tried && problems.length ? (
        <div className="action-error" role="alert">
          <p>
            <strong>Not saved yet:</strong>
          </p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ActionError action="automations.save" what="Could not save the automation" />
      <div className="button-row">
        <button type="submit" className="primary" disabled={saving}>
          Save
        </button>
        <button type="button" disabled={saving} onClick={() => void submit(true)}>
          Save and test
        </button>
        <button type="button" className="quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
      <p className="small muted">{testMode === 'simulation' ? 'Test makes a sample of the event happen on the practice channel, so the whole path runs (when the automation is on).' : 'Test runs the automation once with a sample event; nothing is done to the sample viewer.'}</p>
    </form>
  );
}

function TriggerFields({ trigger, onChange }: { trigger: AutomationTrigger; onChange: Update<AutomationTrigger> }) {
  const rewards = useSidestage((s) => s.rewards?.rewards) ?? [];
  return (
    <>
      <Select label="Trigger" value={trigger.kind} options={triggerKindOptions} onChange={(kind) => onChange(defaultTrigger(kind))} />
      {trigger.kind === 'redemption' ? (
        <>
          <Select
            label="Reward"
            value={trigger.rewardId ?? ''}
            options={[{ value: '', label: 'Any reward' }, ...rewards.map((r) => ({ value: r.id, label: r.title })), ...(trigger.rewardId && !rewards.some((r) => r.id === trigger.rewardId) ? [{ value: trigger.rewardId, label: trigger.rewardTitle || 'A reward no longer listed' }] : [])]}
            onChange={(id) => onChange({ ...trigger, rewardId: id || null, rewardTitle: rewards.find((r) => r.id === id)?.title ?? '' })}
            hint="Fulfil and cancel work for rewards Sidestage created."
          />
          <Select label="Only when the viewer's text" value={trigger.inputMatch?.mode ?? ''} options={inputMatchOptions} onChange={(mode) => onChange({ ...trigger, inputMatch: mode ? { mode, text: trigger.inputMatch?.text ?? '' } : null })} />
          {trigger.inputMatch ? <TextInput label="Text" value={trigger.inputMatch.text} maxLength={200} onChange={(text) => onChange({ ...trigger, inputMatch: { ...trigger.inputMatch!, text } })} /> : null}
        </>
      ) : null}
      {trigger.kind === 'subscription' || trigger.kind === 'resubscription' || trigger.kind === 'giftSubscriptions' ? (
        <Select label="Tier" value={trigger.tiers[0] ?? ''} options={tierOptions} onChange={(tier) => onChange({ ...trigger, tiers: tier ? [tier] : [] })} />
      ) : null}
      {trigger.kind === 'subscription' ? <CheckField label="Also gifted subscriptions" checked={trigger.includeGifted} onChange={(includeGifted) => onChange({ ...trigger, includeGifted })} /> : null}
      {trigger.kind === 'resubscription' ? <NumberField label="Months at least" min={0} value={trigger.minMonths} onChange={(minMonths) => onChange({ ...trigger, minMonths })} /> : null}
      {trigger.kind === 'giftSubscriptions' ? <NumberField label="Gifts at least" min={1} value={trigger.minCount} onChange={(minCount) => onChange({ ...trigger, minCount })} /> : null}
      {trigger.kind === 'cheer' ? <NumberField label="Bits at least" min={1} value={trigger.minBits} onChange={(minBits) => onChange({ ...trigger, minBits })} /> : null}
      {trigger.kind === 'raid' ? <NumberField label="Viewers at least" min={0} value={trigger.minViewers} onChange={(minViewers) => onChange({ ...trigger, minViewers })} /> : null}
      {trigger.kind === 'donation' ? <NumberField label="Amount at least" step="any" min={0} value={trigger.minAmount} onChange={(minAmount) => onChange({ ...trigger, minAmount })} hint="In the campaign's currency, like 5 or 2.50." /> : null}
      {trigger.kind === 'adBreakSoon' ? <NumberField label="Before the next scheduled break" unit="seconds" min={5} max={900} value={trigger.secondsBefore} onChange={(secondsBefore) => onChange({ ...trigger, secondsBefore })} hint="From the platform's ad schedule." /> : null}
      {trigger.kind === 'chatCommand' ? (
        <>
          <TextInput label="Command" value={trigger.command} maxLength={26} onChange={(command) => onChange({ ...trigger, command: command.startsWith('!') ? command : `!${command}` })} hint="Like !discord; the words after it are {args}, {arg1}, {arg2}…" />
          <Select label="Who may use it" value={trigger.minRole} options={commandRoleOptions} onChange={(minRole) => onChange({ ...trigger, minRole })} />
        </>
      ) : null}
      {trigger.kind === 'timer' ? (
        <>
          <NumberField label="Every" unit="minutes while live" min={1} max={720} value={trigger.everyMinutes} onChange={(everyMinutes) => onChange({ ...trigger, everyMinutes })} />
          <NumberField label="Only after at least" unit="chat messages since the last time" min={0} value={trigger.minChatMessages} onChange={(minChatMessages) => onChange({ ...trigger, minChatMessages })} />
        </>
      ) : null}
      {trigger.kind === 'hotkey' ? (
        <div className="field">
          <span className="field-label">Shortcut</span>
          <span className="button-row">
            <kbd>{trigger.accelerator || 'None yet'}</kbd>
            <ShortcutCapture label="this automation" onCapture={(accelerator) => onChange({ ...trigger, accelerator })} />
          </span>
        </div>
      ) : null}
      {trigger.kind === 'manual' ? <p className="small muted">Runs only when you press its Run button.</p> : null}
      <MoreTriggerFields key={trigger.kind} trigger={trigger} onChange={onChange} />
      {trigger.kind === 'variableReaches' ? (
        <>
          <VariablePicker value={trigger.name} onChange={(name) => onChange({ ...trigger, name })} />
          <NumberField label="Reaches" min={-1_000_000_000_000} max={1_000_000_000_000} value={trigger.value} onChange={(value) => onChange({ ...trigger, value })} hint="Runs as the counter goes from below this value to at least it; never from a change this automation makes itself." />
        </>
      ) : null}
    </>
  );
}

/**
 * A list of steps: each with Up, Down and Remove, and an Add row; a branch's own lists inside it
 * (at most `maxStepDepth` deep: deeper, only actions can be added). Labels name the path ("Action
 * 2.then.1") so a screen reader says where a step is.
 */
function StepList({ steps, trigger, depth, label, onChange }: { steps: AutomationStep[]; trigger: AutomationTrigger; depth: number; label: string; onChange: Update<AutomationStep[]> }) {
  const [adding, setAdding] = useState<AutomationStep['kind']>('chatMessage');
  const options = depth >= maxStepDepth ? actionKindOptions.filter((o) => o.value !== 'if' && o.value !== 'random') : actionKindOptions;
  return (
    <>
      {steps.length === 0 ? <p className="muted small">{depth === 1 ? 'No actions yet: add the first below.' : 'Nothing here yet.'}</p> : null}
      <ol className="action-list">
        {steps.map((step, i) => (
          <li key={i} aria-label={`${label} ${i + 1}: ${actionKindLabels[step.kind]}`}>
            <div className="action-head">
              <strong>
                {i + 1}. {actionKindLabels[step.kind]}
              </strong>
              <div className="button-row">
                <button type="button" className="quiet" disabled={i === 0} onClick={() => onChange(moved(steps, i, -1))} aria-label={`Move ${label.toLowerCase()} ${i + 1} up`}>
                  Up
                </button>
                <button type="button" className="quiet" disabled={i === steps.length - 1} onClick={() => onChange(moved(steps, i, 1))} aria-label={`Move ${label.toLowerCase()} ${i + 1} down`}>
                  Down
                </button>
                <button type="button" className="danger quiet" onClick={() => onChange(steps.filter((_, j) => j !== i))} aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}>
                  Remove
                </button>
              </div>
            </div>
            <StepFields step={step} trigger={trigger} depth={depth} label={`${label} ${i + 1}`} onChange={(next) => onChange(steps.map((a, j) => (j === i ? next : a)))} />
          </li>
        ))}
      </ol>
      <div className="automation-template-row">
        <Select label={depth === 1 ? 'Add an action' : `Add to ${label.toLowerCase()}`} value={adding} options={options} onChange={(kind) => setAdding(kind)} />
        <button type="button" onClick={() => onChange([...steps, defaultStep(adding)])} disabled={steps.length >= 20}>
          Add
        </button>
      </div>
    </>
  );
}

/** A branch's rules and lists, or an action's fields. */
function StepFields({ step, trigger, depth, label, onChange }: { step: AutomationStep; trigger: AutomationTrigger; depth: number; label: string; onChange: Update<AutomationStep> }) {
  if (step.kind === 'if') {
    return (
      <>
        <RulesFields rules={step.rules} onChange={(rules) => onChange({ ...step, rules })} />
        <fieldset>
          <legend>Then</legend>
          <StepList steps={step.then} trigger={trigger} depth={depth + 1} label={`${label} then`} onChange={(then) => onChange({ ...step, then })} />
        </fieldset>
        <fieldset>
          <legend>Else</legend>
          <StepList steps={step.else} trigger={trigger} depth={depth + 1} label={`${label} else`} onChange={(otherwise) => onChange({ ...step, else: otherwise })} />
        </fieldset>
      </>
    );
  }
  if (step.kind === 'random') {
    const replace = (i: number, choice: (typeof step.choices)[number]) => onChange({ ...step, choices: step.choices.map((c, j) => (j === i ? choice : c)) });
    return (
      <>
        {step.choices.map((choice, i) => (
          <fieldset key={i}>
            <legend>Choice {i + 1}</legend>
            <NumberField label="Weight" min={1} max={100} value={choice.weight} onChange={(weight) => replace(i, { ...choice, weight })} />
            <StepList steps={choice.steps} trigger={trigger} depth={depth + 1} label={`${label} choice ${i + 1}`} onChange={(steps) => replace(i, { ...choice, steps })} />
            <button type="button" className="danger quiet" disabled={step.choices.length <= 2} onClick={() => onChange({ ...step, choices: step.choices.filter((_, j) => j !== i) })}>
              Remove choice {i + 1}
            </button>
          </fieldset>
        ))}
        <button type="button" disabled={step.choices.length >= 10} onClick={() => onChange({ ...step, choices: [...step.choices, { weight: 1, steps: [] }] })}>
          Add a choice
        </button>
      </>
    );
  }
  return <ActionFields action={step} trigger={trigger} onChange={onChange} />;
}

function newRule(field: ConditionRule['field']): ConditionRule {
  switch (field) {
    case 'variable':
      return { field, name: 'deaths', op: 'atLeast', value: 10 };
    case 'target':
      return { field, op: 'found' };
    case 'amount':
      return { field, op: 'atLeast', value: 1 };
    case 'text':
      return { field, op: 'contains', value: '' };
    case 'role':
      return { field, op: 'is', role: 'subscriber' };
    case 'tier':
      return { field, op: 'is', tier: '1000' };
    case 'user':
      return { field, op: 'is', login: '' };
  }
}

/** What a condition compares, by its field. */
function RuleFields({ rule, onChange }: { rule: ConditionRule; onChange: Update<ConditionRule> }) {
  switch (rule.field) {
    case 'amount':
      return (
        <>
          <Select label="Is" value={rule.op} options={ruleOptions.amount} onChange={(op) => onChange({ ...rule, op })} />
          <NumberField label="Value" step="any" min={0} value={rule.value} onChange={(value) => onChange({ ...rule, value })} hint="Bits, viewers, the donation, gifts, months or the hype train's level." />
        </>
      );
    case 'text':
      return (
        <>
          <Select label="Text" value={rule.op} options={ruleOptions.text} onChange={(op) => onChange({ ...rule, op })} />
          <TextInput label="Words" value={rule.value} maxLength={200} onChange={(value) => onChange({ ...rule, value })} />
        </>
      );
    case 'role':
      return (
        <>
          <Select label="The viewer" value={rule.op} options={ruleOptions.role} onChange={(op) => onChange({ ...rule, op })} />
          <Select label="Role" value={rule.role} options={ruleOptions.roles} onChange={(role) => onChange({ ...rule, role })} />
        </>
      );
    case 'tier':
      return <Select label="Tier is" value={rule.tier} options={ruleOptions.tier} onChange={(tier) => onChange({ ...rule, tier })} />;
    case 'user':
      return (
        <>
          <Select label="The viewer" value={rule.op} options={ruleOptions.user} onChange={(op) => onChange({ ...rule, op })} />
          <TextInput label="Login" value={rule.login} maxLength={25} onChange={(login) => onChange({ ...rule, login })} />
        </>
      );
    case 'variable':
      return (
        <>
          <TextInput label="Variable" value={rule.name} maxLength={32} onChange={(name) => onChange({ ...rule, name })} />
          <Select label="Is" value={rule.op} options={ruleOptions.variable} onChange={(op) => onChange({ ...rule, op })} />
          <TextInput label="Value" value={String(rule.value)} maxLength={500} onChange={(text) => onChange({ ...rule, value: /^-?\d{1,13}$/.test(text.trim()) ? Number(text.trim()) : text })} hint="A whole number compares as a number; other words as text (any case)." />
        </>
      );
    case 'target':
      return <Select label="The first argument" value={rule.op} options={ruleOptions.target} onChange={(op) => onChange({ ...rule, op })} />;
  }
}

function RulesFields({ rules, onChange }: { rules: ConditionRule[]; onChange: Update<ConditionRule[]> }) {
  const replace = (i: number, rule: ConditionRule) => onChange(rules.map((r, j) => (j === i ? rule : r)));
  return (
    <>
      {rules.map((rule, i) => (
        <div key={i} className="rule-row" role="group" aria-label={`Condition ${i + 1}`}>
          <Select label="Field" value={rule.field} options={ruleFieldOptions} onChange={(field) => replace(i, newRule(field))} />
          <RuleFields rule={rule} onChange={(next) => replace(i, next)} />
          <button type="button" className="danger quiet" onClick={() => onChange(rules.filter((_, j) => j !== i))} aria-label={`Remove condition ${i + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" disabled={rules.length >= 10} onClick={() => onChange([...rules, newRule('amount')])}>
          Add a condition
        </button>
      </div>
    </>
  );
}

/** The variables made in the Variables section, by name. */
function VariablePicker({ value, onChange }: { value: string; onChange: Update<string> }) {
  const names = (useSidestage((s) => s.automations?.variables) ?? []).map((v) => v.name);
  const known = names.includes(value) ? names : [value, ...names];
  return <Select label="Variable" value={value} options={known.map((name) => ({ value: name, label: names.includes(name) ? name : `${name} (not made yet: add it in Variables)` }))} onChange={onChange} />;
}

type CustomAlert = Extract<Extract<AutomationAction, { kind: 'showAlert' }>['alert'], { source: 'custom' }>;

/** "Show an alert" in the broadcaster's own words: the text, an image, a sound, how long. */
function CustomAlertFields({ alert, hint, onChange }: { alert: CustomAlert; hint: string; onChange: Update<CustomAlert> }) {
  const media = useSidestage((s) => s.media?.items) ?? [];
  return (
    <>
      <NoMedia slot="visual" />
      <TextInput label="Text" value={alert.text} maxLength={500} onChange={(text) => onChange({ ...alert, text })} hint={hint} />
      <Select label="Image or video" value={alert.imageId ?? ''} options={mediaOptions(media, 'visual', alert.imageId)} onChange={(imageId) => onChange({ ...alert, imageId: imageId || null })} />
      <Select label="Sound" value={alert.soundId ?? ''} options={mediaOptions(media, 'sound', alert.soundId)} onChange={(soundId) => onChange({ ...alert, soundId: soundId || null })} />
      <NumberField label="Shown for" unit="seconds" min={0.5} max={60} step={0.5} value={alert.durationMs / 1000} onChange={(s) => onChange({ ...alert, durationMs: Math.round(s * 1000) })} />
    </>
  );
}

/** Where the media library has none of a kind: said, with the way to add some. */
function NoMedia({ slot }: { slot: MediaSlot }) {
  const count = useSidestage((s) => s.media?.items.filter((m) => mediaKindsOf(slot).includes(m.kind)).length ?? 0);
  if (count > 0) return null;
  return (
    <p className="small muted">
      No {slot === 'visual' ? 'images or videos' : 'sounds'} in the media library yet: add them in the Overlays panel.{' '}
      <button type="button" className="quiet" onClick={() => store.getState().setActivePanel('overlays')}>
        Go to Overlays
      </button>
    </p>
  );
}

function ActionFields({ action, trigger, onChange }: { action: AutomationAction; trigger: AutomationTrigger; onChange: Update<AutomationAction> }) {
  const obs = useSidestage((s) => s.automationsObs);
  const media = useSidestage((s) => s.media?.items) ?? [];
  const templates = useSidestage((s) => s.engagement?.templates) ?? [];
  const connected = obs?.connected ?? false;
  const reason = obs?.reason ?? null;
  const scenes = obs?.scenes.map((s) => s.name) ?? [];
  const inputs = obs?.inputs ?? [];
  const hint = fieldsHint(trigger);
  switch (action.kind) {
    case 'obsSwitchScene':
      return (
        <>
          <ObsPicker label="Scene" value={action.sceneName} names={scenes} connected={connected} reason={reason} onChange={(sceneName) => onChange({ ...action, sceneName })} />
          <NumberField label="Back to the scene before after" unit="seconds (0: stay)" min={0} max={3600} value={action.backAfterSeconds} onChange={(backAfterSeconds) => onChange({ ...action, backAfterSeconds })} />
        </>
      );
    case 'obsSourceVisibility':
      return (
        <>
          <ObsPicker label="Scene" value={action.sceneName} names={scenes} connected={connected} reason={reason} onChange={(sceneName) => onChange({ ...action, sceneName, sourceName: '' })} />
          <ObsPicker label="Source" value={action.sourceName} names={obs?.scenes.find((s) => s.name === action.sceneName)?.sources ?? []} connected={connected} reason={reason} onChange={(sourceName) => onChange({ ...action, sourceName })} />
          <Select label="Do" value={action.visible ? 'show' : 'hide'} options={actionOptions.visibility} onChange={(v) => onChange({ ...action, visible: v === 'show' })} />
          <NumberField label="The other way again after" unit="seconds (0: leave it)" min={0} max={3600} value={action.forSeconds} onChange={(forSeconds) => onChange({ ...action, forSeconds })} />
        </>
      );
    case 'obsInputMute':
      return (
        <>
          <ObsPicker label="Input" value={action.inputName} names={(inputs.some((i) => i.audio) ? inputs.filter((i) => i.audio) : inputs).map((i) => i.name)} connected={connected} reason={reason} onChange={(inputName) => onChange({ ...action, inputName })} />
          <Select label="Do" value={action.muted ? 'mute' : 'unmute'} options={actionOptions.mute} onChange={(v) => onChange({ ...action, muted: v === 'mute' })} />
        </>
      );
    case 'obsSetText':
      return (
        <>
          <ObsPicker label="Text source" value={action.inputName} names={inputs.filter((i) => i.text).map((i) => i.name)} connected={connected} reason={reason} onChange={(inputName) => onChange({ ...action, inputName })} />
          <TextInput label="Text" value={action.text} maxLength={2000} multiline onChange={(text) => onChange({ ...action, text })} hint={hint} />
        </>
      );
    case 'obsRecording':
      return <Select label="Recording" value={action.start ? 'start' : 'stop'} options={actionOptions.recording} onChange={(v) => onChange({ ...action, start: v === 'start' })} />;
    case 'obsSaveReplay':
      return <p className="small muted">OBS's replay buffer must be running.</p>;
    case 'chatMessage':
      return <TextInput label="Message" value={action.text} maxLength={500} multiline onChange={(text) => onChange({ ...action, text })} hint={`${hint}. A viewer's words are sent as words, never as a chat command.`} />;
    case 'chatAnnouncement':
      return (
        <>
          <TextInput label="Announcement" value={action.text} maxLength={500} multiline onChange={(text) => onChange({ ...action, text })} hint={hint} />
          <Select label="Colour" value={action.color} options={actionOptions.announcementColor} onChange={(color) => onChange({ ...action, color })} />
        </>
      );
    case 'shoutout':
      return (
        <Select
          label="Shout out"
          value={action.to ?? 'eventUser'}
          options={actionOptions.shoutoutTo}
          onChange={(to) => onChange({ kind: 'shoutout', ...(to === 'target' ? { to } : {}) })}
          hint="The target is the command's first argument, looked up on the platform; never Sidestage's own accounts."
        />
      );
    case 'variable':
      return (
        <>
          <VariablePicker value={action.name} onChange={(name) => onChange({ ...action, name })} />
          <Select label="Do" value={action.op} options={actionOptions.variableOp} onChange={(op) => onChange({ ...action, op })} />
          {action.op === 'add' || action.op === 'subtract' ? <NumberField label="By" min={1} max={1_000_000} value={action.by} onChange={(by) => onChange({ ...action, by })} /> : null}
          {action.op === 'set' ? <TextInput label="Value" value={action.value} maxLength={500} onChange={(value) => onChange({ ...action, value })} hint={`${hint}. A counter takes a whole number.`} /> : null}
        </>
      );
    case 'marker':
      return <TextInput label="Description" value={action.description} maxLength={140} onChange={(description) => onChange({ ...action, description })} hint={hint} />;
    case 'clip':
      return <p className="small muted">The stream must be live.</p>;
    case 'chatMode':
      return (
        <>
          <Select label="Mode" value={action.mode} options={actionOptions.chatMode} onChange={(mode) => onChange({ ...action, mode })} />
          {action.mode === 'slow' ? <NumberField label="Wait between messages" unit="seconds" min={3} max={120} value={action.slowSeconds} onChange={(slowSeconds) => onChange({ ...action, slowSeconds })} /> : null}
          {action.mode === 'followersOnly' ? <NumberField label="Following for at least" unit="minutes" min={0} max={129_600} value={action.followerMinutes} onChange={(followerMinutes) => onChange({ ...action, followerMinutes })} /> : null}
          <NumberField label="Back as it was after" unit="seconds (0: leave it on)" min={0} max={3600} value={action.forSeconds} onChange={(forSeconds) => onChange({ ...action, forSeconds })} />
        </>
      );
    case 'runAd':
      return <Select label="Length" value={`${action.lengthSeconds}`} options={actionOptions.adLength} onChange={(v) => onChange({ ...action, lengthSeconds: Number(v) as typeof action.lengthSeconds })} />;
    case 'startEngagement':
      return (
        <Select
          label="Saved poll or prediction"
          value={action.templateId}
          options={[{ value: '', label: templates.length ? 'Choose…' : 'None saved yet (Live view, quick actions)' }, ...templates.map((t) => ({ value: t.id, label: `${t.kind === 'poll' ? 'Poll' : 'Prediction'}: ${t.title}` }))]}
          onChange={(templateId) => onChange({ ...action, templateId })}
        />
      );
    case 'resolveRedemption':
      return (
        <Select
          label="The redemption that started the run"
          value={action.status}
          options={actionOptions.resolveStatus}
          onChange={(status) => onChange({ ...action, status })}
          hint={trigger.kind === 'redemption' ? 'Through the queue: it is sent even after a disconnection.' : 'Only a redemption can be fulfilled or cancelled: choose the redemption trigger.'}
        />
      );
    case 'playSound':
      return (
        <>
          <NoMedia slot="sound" />
          <Select label="Sound" value={action.soundId} options={mediaOptions(media, 'sound', action.soundId, 'Choose…')} onChange={(soundId) => onChange({ ...action, soundId })} />
          <NumberField label="Volume" unit="%" min={0} max={100} value={Math.round(action.volume * 100)} onChange={(v) => onChange({ ...action, volume: v / 100 })} />
        </>
      );
    case 'showAlert':
      return (
        <>
          <Select label="Alert" value={action.alert.source} options={actionOptions.alertSource} onChange={(source) => onChange({ ...action, alert: source === 'event' ? { source } : { source, text: '{user}', imageId: null, soundId: null, volume: 0.8, durationMs: 5000 } })} />
          {action.alert.source === 'custom' ? <CustomAlertFields alert={action.alert} hint={hint} onChange={(alert) => onChange({ ...action, alert })} /> : null}
        </>
      );
    case 'wait':
      return <NumberField label="Wait" unit="seconds" min={1} max={3600} value={action.seconds} onChange={(seconds) => onChange({ ...action, seconds })} />;
    default:
      return <MoreActionFields action={action} hint={hint} onChange={onChange} />;
  }
}
