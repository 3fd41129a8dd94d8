import type { Disposer } from '../../shared/primitives/emitter';
import type { AutomationsFeature } from '../services/automations/automations-feature';
import type { IpcRouter } from './ipc-router';

/** `automations:*`: list, edit, run and test automations, the global pause, the run log. Forwards `automations:changed`. */
export function registerAutomationsIpc(router: IpcRouter, automations: AutomationsFeature): Disposer {
  router.handle('automations:getState', () => automations.getState());
  router.handle('automations:save', ({ automation }) => automations.need().save(automation));
  router.handle('automations:createFromTemplate', ({ templateId }) => automations.need().createFromTemplate(templateId));
  router.handle('automations:duplicate', ({ id }) => automations.need().duplicate(id));
  router.handle('automations:setEnabled', ({ id, enabled }) => automations.need().setEnabled(id, enabled));
  router.handle('automations:delete', ({ id }) => automations.need().remove(id));
  router.handle('automations:setPaused', ({ paused }) => automations.need().setPaused(paused));
  router.handle('automations:run', ({ id }) => automations.need().run(id));
  router.handle('automations:test', ({ id }) => automations.need().test(id));
  router.handle('automations:import', ({ json }) => automations.need().importJson(json));
  router.handle('automations:export', ({ ids }) => automations.need().exportJson(ids));
  router.handle('automations:clearLog', () => automations.need().clearLog());
  router.handle('automations:obsChoices', () => automations.need().obsChoices());
  return automations.onChange((state) => router.emit('automations:changed', state));
}
