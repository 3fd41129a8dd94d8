/**
 * The automations' variables as the counter widget sees them (`AutomationVariablesPort`, the shared
 * contract of `shared/domain/automation-variables.ts`), and none: what the widgets follow until the
 * automations feature links its own (`composition/automations.ts`), and while automations are off.
 */
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import { AppError } from '../app-error';

export type { AutomationVariable, AutomationVariablesPort, VariableChange } from '../../../shared/domain/automation-variables';

/** No variables. */
export const noAutomationVariables: AutomationVariablesPort = {
  list: () => [],
  change: (name) => Promise.reject(new AppError('invalid_argument', `There is no variable called “${name}”.`)),
  onChanged: () => () => undefined,
};
