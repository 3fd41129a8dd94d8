import { useRef, useState } from 'react';
import { describeStep, describeTrigger, skipsInWords } from '../../../../shared/domain/automation-words';
import { newAutomation } from '../../../../shared/domain/automation-defaults';
import { automationsImportMaxChars, type Automation, type AutomationInput, type AutomationStatus } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Banner } from '../../components/banner';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { download } from '../../lib/download';
import { useNow } from '../../lib/use-now';
import { store, useSidestage } from '../../store';
import { formatAge } from '../../store/queue-model';
import { selectAction } from '../../store/selectors';
import { ChannelGate } from '../../components/channel-gate';
import { AutomationEditor } from './automation-editor';
import { draftOf } from './automation-form-model';
import { RunLog } from './run-log';
import { VariablesSection } from './variables-section';
import './automations.css';


export function AutomationsPanel() {
  return (
    <section className="panel automations" aria-labelledby="automations-heading">
      <h2 id="automations-heading">Automations</h2>
      <ChannelGate signedOut={<p>Sign in to use automations: they act on your channel when something happens on it.</p>}>
        <AutomationsBody />
      </ChannelGate>
    </section>
  );
}

function AutomationsBody() {
  const state = useSidestage((s) => s.automations);
  const note = useSidestage((s) => s.automationsNote);
  const [editing, setEditing] = useState<{ draft: AutomationInput; title: string } | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const actions = store.getState();
  if (state?.problem) {
    return (
      <Banner tone="warning" title="Automations are off">
        <p>{state.problem}</p>
      </Banner>
    );
  }
  if (!state?.loaded) {
    return (
      <div className="stack">
        <ActionError action="automations.load" what="Could not load the automations" />
        <p className="muted">Reading your automations…</p>
      </div>
    );
  }
  const chosenTemplate = templateId || state.templates[0]?.id || '';
  const edit = (automation: Automation) => setEditing({ draft: draftOf(automation), title: `Edit ${automation.name}` });
  const fromTemplate = async () => {
    const id = await actions.createAutomationFromTemplate(chosenTemplate);
    const made = id ? store.getState().automations?.automations.find((a) => a.id === id) : undefined;
    if (made) edit(made);
  };
  return (
    <div className="stack">
      <Switch checked={state.paused} onChange={(paused) => void actions.setAutomationsPaused(paused)} description="Nothing runs while paused; what happens meanwhile is skipped, not kept for later." descriptionId="automations-pause-description">
        Pause all automations
      </Switch>
      <ActionError action="automations.pause" what="Could not pause or resume the automations" />
      <div className="button-row">
        <button type="button" className="primary" onClick={() => setEditing({ draft: newAutomation(), title: 'New automation' })} disabled={editing !== null}>
          New automation
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import…
        </button>
        <button
          type="button"
          disabled={state.automations.length === 0}
          onClick={async () => {
            const file = await actions.exportAutomations();
            if (file) download(file.fileName, file.json, 'application/json');
          }}
        >
          Export all
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (file.size > automationsImportMaxChars) return setImportProblem(`${file.name} is too large for an automations file (${Math.round(file.size / 1000)} kB).`);
            setImportProblem(null);
            let json: string;
            try {
              json = await file.text();
            } catch {
              // Moved, deleted or unreadable since it was chosen.
              return setImportProblem(`Could not read ${file.name}. Choose it again.`);
            }
            await actions.importAutomations(json);
          }}
        />
      </div>
      <div className="automation-template-row">
        <Select label="Start from a template" value={chosenTemplate} options={state.templates.map((t) => ({ value: t.id, label: t.name }))} onChange={setTemplateId} hint={state.templates.find((t) => t.id === chosenTemplate)?.description} />
        <button type="button" onClick={() => void fromTemplate()} disabled={editing !== null}>
          Add from template
        </button>
      </div>
      {importProblem ? (
        <p className="error-text" role="alert">
          {importProblem}
        </p>
      ) : null}
      <ActionError action="automations.import" what="Could not import the automations" />
      <ActionError action="automations.export" what="Could not export the automations" />
      <ActionError action="automations.template" what="Could not add the automation" />
      <ActionError action="automations.toggle" what="Could not switch the automation" />
      <ActionError action="automations.delete" what="Could not delete the automation" />
      <ActionError action="automations.duplicate" what="Could not duplicate the automation" />
      <ActionError action="automations.run" what="Could not run the automation" />
      <ActionError action="automations.test" what="Could not test the automation" />
      {note ? (
        <Banner tone="info" title="Automations" onDismiss={actions.dismissAutomationsNote}>
          <p data-testid="automations-note" role="status">
            {note}
          </p>
        </Banner>
      ) : null}
      {state.hotkeysUnavailable && state.automations.some((a) => a.trigger.kind === 'hotkey') ? <p className="small muted">{state.hotkeysUnavailable}</p> : null}
      {editing ? <AutomationEditor key={editing.title} title={editing.title} initial={editing.draft} onDone={() => setEditing(null)} testMode={state.testMode} /> : null}
      {state.automations.length === 0 ? (
        <p className="muted">No automations yet. Start from a template, or make a new one: a trigger, the conditions, and what Sidestage does.</p>
      ) : (
        <ul className="automation-list" aria-label="Automations">
          {state.automations.map((automation) => (
            <AutomationItem key={automation.id} automation={automation} status={state.statuses.find((s) => s.id === automation.id)} onEdit={() => edit(automation)} editing={editing !== null} />
          ))}
        </ul>
      )}
      <VariablesSection />
      <RunLog />
    </div>
  );
}

function statusWords(status: AutomationStatus | undefined, now: number): string {
  if (!status) return '';
  const parts: string[] = [];
  if (status.running) parts.push(status.running === 1 ? 'running' : `${status.running} running`);
  if (status.queued) parts.push(`${status.queued} waiting`);
  if (status.lastRunAt) parts.push(`last run ${formatAge(status.lastRunAt, now)}`);
  const skipped = skipsInWords(status.skipped);
  if (skipped) parts.push(skipped);
  return parts.join(', ');
}

function AutomationItem({ automation, status, onEdit, editing }: { automation: Automation; status: AutomationStatus | undefined; onEdit(): void; editing: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const now = useNow(10_000, status?.lastRunAt != null);
  const testing = useSidestage((s) => selectAction('automations.test')(s).pending);
  const actions = store.getState();
  const { name, id } = automation;
  return (
    <li data-automation-id={id} aria-label={name}>
      <Switch checked={automation.enabled} onChange={(enabled) => void actions.setAutomationEnabled(id, enabled)}>
        {name}
      </Switch>
      <p className="small automation-summary">
        <span className="automation-trigger">{describeTrigger(automation.trigger)}</span> → {automation.actions.map(describeStep).join('; ')}
      </p>
      {status?.hotkeyError ? <p className="small warning-text">{status.hotkeyError}</p> : null}
      <p className="small muted" data-testid="automation-status" title={status?.skipped[0]?.reason}>
        {automation.enabled ? statusWords(status, now) || 'On' : 'Off'}
      </p>
      <div className="button-row">
        <button type="button" onClick={onEdit} disabled={editing} aria-label={`Edit ${name}`}>
          Edit
        </button>
        {automation.trigger.kind === 'manual' ? (
          <button type="button" className="primary" onClick={() => void actions.runAutomation(id)} aria-label={`Run ${name}`}>
            Run
          </button>
        ) : null}
        <button type="button" onClick={() => void actions.testAutomation(id)} disabled={testing} aria-label={`Test ${name}`}>
          Test
        </button>
        <button type="button" className="quiet" onClick={() => void actions.duplicateAutomation(id)} aria-label={`Duplicate ${name}`}>
          Duplicate
        </button>
        <button
          type="button"
          className="quiet"
          aria-label={`Export ${name}`}
          onClick={async () => {
            const file = await actions.exportAutomations([id]);
            if (file) download(file.fileName, file.json, 'application/json');
          }}
        >
          Export
        </button>
        <button type="button" className="danger quiet" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
          Delete
        </button>
      </div>
      {confirming ? (
        <ConfirmDelete
          name={name}
          onDelete={() => {
            setConfirming(false);
            void actions.deleteAutomation(id);
          }}
          onKeep={() => setConfirming(false)}
        >
          Delete “{name}”? Its runs stay in the log.
        </ConfirmDelete>
      ) : null}
    </li>
  );
}
