/**
 * The automations' variables as the counter widget sees them: the `AutomationVariablesPort` of the
 * shared contract (helper "vars" owns `shared/domain/automation-variables.ts`; this is the same
 * interface, declared here until the lead wires the real one), and an empty stand-in for until then.
 */
import { AppError } from '../app-error';

export interface AutomationVariable {
  name: string;
  value: number | string;
  updatedAt: string;
}
export type VariableChange = { kind: 'set'; value: number | string } | { kind: 'add'; by: number } | { kind: 'reset' };
export interface AutomationVariablesPort {
  list(): readonly AutomationVariable[];
  /** Rejects with an AppError in words when the name is unknown or the change does not fit its type. */
  change(name: string, change: VariableChange): Promise<AutomationVariable>;
  onChanged(listener: (variable: AutomationVariable) => void): () => void;
}

/** No variables (what composition gives the widgets until the automations' own are wired). */
export const noAutomationVariables: AutomationVariablesPort = {
  list: () => [],
  change: (name) => Promise.reject(new AppError('invalid_argument', `There is no variable called “${name}”.`)),
  onChanged: () => () => undefined,
};
