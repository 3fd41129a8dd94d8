/**
 * The editor's fields for issue 25's triggers (a viewer's first message, the broadcaster's words,
 * the channel updated, OBS events, a moderator acting) and actions (reply, delete, time out / ban /
 * warn, title or category, run another automation): labelled, with what each does said under it.
 */
import { useState } from 'react';
import { moderatorActions, type AutomationAction, type AutomationTrigger } from '../../../../shared/ipc/contract';
import { Select } from '../../components/select';
import { TextInput } from '../../components/text-input';
import { useSidestage } from '../../store';
import { moreActionOptions, moreTriggerOptions, phrasesFromText } from './automation-form-model';
import { CheckField, NumberField } from './editor-fields';

type Update<T> = (next: T) => void;

export function MoreTriggerFields({ trigger, onChange }: { trigger: AutomationTrigger; onChange: Update<AutomationTrigger> }) {
  // The list as typed (commas and spaces kept while typing); the trigger holds the phrases read from it.
  const [phrasesText, setPhrasesText] = useState(trigger.kind === 'chatKeywords' ? trigger.phrases.join(', ') : '');
  switch (trigger.kind) {
    case 'firstMessage':
      return <Select label="First message" value={trigger.scope} options={moreTriggerOptions.firstMessageScope} onChange={(scope) => onChange({ ...trigger, scope })} hint="Your own lines and Sidestage's never count." />;
    case 'chatKeywords':
      return (
        <TextInput
          label="Words or phrases"
          value={phrasesText}
          maxLength={5000}
          onChange={(text) => {
            setPhrasesText(text);
            onChange({ ...trigger, phrases: phrasesFromText(text) });
          }}
          hint="Separated by commas, like: gg, good game. Whole words, in any case; the list is yours, never a viewer's."
        />
      );
    case 'channelUpdate':
      return <Select label="When" value={trigger.what} options={moreTriggerOptions.channelUpdate} onChange={(what) => onChange({ ...trigger, what })} hint="From here, the platform's dashboard or another tool." />;
    case 'obsEvent':
      return <Select label="OBS event" value={trigger.event} options={moreTriggerOptions.obsEvent} onChange={(event) => onChange({ ...trigger, event })} hint="OBS must be connected (its panel)." />;
    case 'moderatorActed':
      return (
        <fieldset className="stack">
          <legend className="field-label">Which actions (none ticked: any of them)</legend>
          {moderatorActions.map((action) => (
            <CheckField
              key={action}
              label={moreTriggerOptions.moderatorActionWords[action]}
              checked={trigger.actions.includes(action)}
              onChange={(on) => onChange({ ...trigger, actions: on ? [...trigger.actions, action] : trigger.actions.filter((a) => a !== action) })}
            />
          ))}
        </fieldset>
      );
    case 'raidSent':
      return <p className="small muted">When you start a raid of another channel; {'{user}'} is the channel you raid.</p>;
    default:
      return null;
  }
}

export function MoreActionFields({ action, hint, onChange }: { action: AutomationAction; hint: string; onChange: Update<AutomationAction> }) {
  const automations = useSidestage((s) => s.automations?.automations) ?? [];
  switch (action.kind) {
    case 'chatReply':
      return <TextInput label="Reply" value={action.text} maxLength={500} multiline onChange={(text) => onChange({ ...action, text })} hint={`${hint}. Sent as a reply to the message that started the run (a chat trigger).`} />;
    case 'deleteMessage':
      return <p className="small muted">The chat message that started the run. Never yours, a moderator's or Sidestage's own.</p>;
    case 'moderateUser':
      return (
        <>
          <Select label="Do" value={action.action} options={moreActionOptions.moderate} onChange={(what) => onChange({ ...action, action: what })} />
          <Select
            label="To"
            value={action.to ?? 'eventUser'}
            options={moreActionOptions.moderateTo}
            onChange={(to) => onChange({ ...action, to })}
            hint="The target is the command's first argument, looked up on the platform. Never you, a moderator or Sidestage's bot."
          />
          {action.action === 'timeout' ? <NumberField label="For" unit="seconds" min={1} max={1_209_600} value={action.seconds} onChange={(seconds) => onChange({ ...action, seconds })} /> : null}
          <TextInput label={action.action === 'warn' ? 'Reason (the viewer reads it)' : 'Reason'} value={action.reason} maxLength={500} onChange={(reason) => onChange({ ...action, reason })} hint={hint} />
        </>
      );
    case 'setStreamInfo':
      return (
        <>
          <Select label="Set" value={action.field} options={moreActionOptions.streamInfo} onChange={(field) => onChange({ ...action, field })} />
          <TextInput
            label={action.field === 'title' ? 'Title' : 'Category name'}
            value={action.text}
            maxLength={140}
            onChange={(text) => onChange({ ...action, text })}
            hint={action.field === 'category' ? `${hint}. Looked up by name on the platform, like Just Chatting.` : hint}
          />
        </>
      );
    case 'runAutomation':
      return (
        <Select
          label="Automation"
          value={action.automationId}
          options={[{ value: '', label: 'Choose…' }, ...automations.map((a) => ({ value: a.id, label: a.name }))]}
          onChange={(automationId) => onChange({ ...action, automationId })}
          hint="Started with this event, in its own queue; at most 3 deep, and never one already in the chain."
        />
      );
    default:
      return null;
  }
}
