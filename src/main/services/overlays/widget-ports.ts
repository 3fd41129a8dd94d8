/**
 * No automation variables: what the counter widget follows until the automations feature links
 * its own `AutomationVariablesPort` (`composition/automations.ts`).
 */
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import { AppError } from '../app-error';

/** No variables. */
export const noAutomationVariables: AutomationVariablesPort = {
  list: () => [],
  change: (name) => Promise.reject(new AppError('invalid_argument', `There is no variable called “${name}”.`)),
  onChanged: () => () => undefined,
};
