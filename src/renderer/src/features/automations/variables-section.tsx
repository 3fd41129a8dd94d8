/**
 * The Automations panel's Variables section: the counters and texts automations keep (a death
 * counter, the last raider), each with its live value, +1 / −1 for a counter, Set, Reset and
 * Delete, and a row to make a new one (a number makes a counter, other words a text). Main checks
 * every name and value; a refusal shows under the section in words.
 */
import { useState } from 'react';
import type { VariableDefinition } from '../../../../shared/domain/automation-variables';
import { ActionError } from '../../components/action-error';
import { ConfirmDelete } from '../../components/confirm-delete';
import { TextInput } from '../../components/text-input';
import { store, useSidestage } from '../../store';

/** What the broadcaster typed as a value: a whole number for a counter, else the words. */
const valueOf = (text: string): number | string => (/^-?\d{1,13}$/.test(text.trim()) ? Number(text.trim()) : text);

export function VariablesSection() {
  const variables = useSidestage((s) => s.automations?.variables) ?? [];
  const [name, setName] = useState('');
  const [initial, setInitial] = useState('0');
  const create = async () => {
    await store.getState().defineAutomationVariable(name.trim(), valueOf(initial));
    setName('');
  };
  return (
    <section className="automation-variables" aria-labelledby="automation-variables-heading">
      <h3 id="automation-variables-heading">Variables</h3>
      <p className="small muted">Templates read them as {'{var.name}'}; the "Change a variable" action sets, adds to or resets them.</p>
      {variables.length === 0 ? <p className="small muted">No variables yet.</p> : null}
      <ul className="automation-variable-list" aria-label="Variables">
        {variables.map((variable) => (
          <VariableRow key={variable.name} variable={variable} />
        ))}
      </ul>
      <form
        className="automation-template-row"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <TextInput label="New variable" value={name} maxLength={32} placeholder="deaths" onChange={setName} hint="Lower-case letters, digits and _." />
        <TextInput label="Starting value" value={initial} maxLength={500} onChange={setInitial} hint="A whole number makes a counter; other words a text." />
        <button type="submit" disabled={name.trim() === ''}>
          Add variable
        </button>
      </form>
      <ActionError action="automations.variable" what="The variable was not changed" />
    </section>
  );
}

function VariableRow({ variable }: { variable: VariableDefinition }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const actions = store.getState();
  const counter = typeof variable.initial === 'number';
  return (
    <li aria-label={`Variable ${variable.name}`}>
      <strong>{variable.name}</strong> = <output data-testid={`variable-${variable.name}`}>{String(variable.value)}</output>
      <div className="button-row">
        {counter ? (
          <>
            <button type="button" className="quiet" onClick={() => void actions.changeAutomationVariable(variable.name, { kind: 'add', by: 1 })} aria-label={`Add 1 to ${variable.name}`}>
              +1
            </button>
            <button type="button" className="quiet" onClick={() => void actions.changeAutomationVariable(variable.name, { kind: 'add', by: -1 })} aria-label={`Subtract 1 from ${variable.name}`}>
              −1
            </button>
          </>
        ) : null}
        <button type="button" className="quiet" onClick={() => void actions.changeAutomationVariable(variable.name, { kind: 'reset' })} aria-label={`Reset ${variable.name} to ${String(variable.initial)}`}>
          Reset
        </button>
        <button type="button" className="quiet" onClick={() => setDraft(String(variable.value))} aria-label={`Set ${variable.name}`}>
          Set…
        </button>
        <button type="button" className="danger quiet" onClick={() => setDeleting(true)} aria-label={`Delete ${variable.name}`}>
          Delete
        </button>
      </div>
      {deleting ? (
        <ConfirmDelete name={variable.name} onDelete={() => void actions.deleteAutomationVariable(variable.name).then(() => setDeleting(false))} onKeep={() => setDeleting(false)}>
          Automations that use {`{var.${variable.name}}`} then show it as written.
        </ConfirmDelete>
      ) : null}
      {draft !== null ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void actions.changeAutomationVariable(variable.name, { kind: 'set', value: counter ? valueOf(draft) : draft }).then(() => setDraft(null));
          }}
        >
          <TextInput label={`New value of ${variable.name}`} value={draft} maxLength={500} onChange={setDraft} />
          <button type="submit">Set</button>
          <button type="button" className="quiet" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </form>
      ) : null}
    </li>
  );
}
