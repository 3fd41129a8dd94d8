/** The automations slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { VariableChange } from '../../../../shared/domain/automation-variables';
import type { AutomationInput, AutomationsState, ObsChoices } from '../../../../shared/ipc/contract';

export type AutomationsActionId =
  | 'automations.load'
  | 'automations.save'
  | 'automations.template'
  | 'automations.toggle'
  | 'automations.duplicate'
  | 'automations.delete'
  | 'automations.pause'
  | 'automations.run'
  | 'automations.test'
  | 'automations.import'
  | 'automations.export'
  | 'automations.clearLog'
  | 'automations.variable'
  | 'automations.obsChoices';

export interface AutomationsSlice {
  automations: AutomationsState | null;
  automationsObs: ObsChoices | null;
  /** What Test or Import said, until dismissed. */
  automationsNote: string | null;
  loadAutomations(): Promise<void>;
  /** Answers the saved automation's id; null when main refused (the reason is the action's error). */
  saveAutomation(automation: AutomationInput): Promise<string | null>;
  createAutomationFromTemplate(templateId: string): Promise<string | null>;
  duplicateAutomation(id: string): Promise<void>;
  setAutomationEnabled(id: string, enabled: boolean): Promise<void>;
  deleteAutomation(id: string): Promise<void>;
  setAutomationsPaused(paused: boolean): Promise<void>;
  runAutomation(id: string): Promise<void>;
  testAutomation(id: string): Promise<void>;
  importAutomations(json: string): Promise<void>;
  /** The export's text and file name; null when main refused. */
  exportAutomations(ids?: string[]): Promise<{ json: string; fileName: string } | null>;
  clearAutomationLog(): Promise<void>;
  /** Creates or edits a variable (its starting value; a number makes a counter). */
  defineAutomationVariable(name: string, initial: number | string, value?: number | string): Promise<void>;
  changeAutomationVariable(name: string, change: VariableChange): Promise<void>;
  deleteAutomationVariable(name: string): Promise<void>;
  loadAutomationsObs(): Promise<void>;
  applyAutomations(state: AutomationsState): void;
  dismissAutomationsNote(): void;
}
