import type { Disposer } from '../../shared/primitives/emitter';
import type { AutomationsService } from '../services/automations/automations-service';
import type { IpcRouter } from './ipc-router';

/** `automations:*`: list, edit, run and test automations, the global pause, the run log. Forwards `automations:changed`. When off: composition/automations.ts. */
export function registerAutomationsIpc(router: IpcRouter, service: AutomationsService): Disposer {
  router.handle('automations:getState', () => service.getState());
  router.handle('automations:save', ({ automation }) => service.save(automation));
  router.handle('automations:createFromTemplate', ({ templateId }) => service.createFromTemplate(templateId));
  router.handle('automations:duplicate', ({ id }) => service.duplicate(id));
  router.handle('automations:setEnabled', ({ id, enabled }) => service.setEnabled(id, enabled));
  router.handle('automations:delete', ({ id }) => service.remove(id));
  router.handle('automations:setPaused', ({ paused }) => service.setPaused(paused));
  router.handle('automations:run', ({ id }) => service.run(id));
  router.handle('automations:test', ({ id }) => service.test(id));
  router.handle('automations:import', ({ json }) => service.importJson(json));
  router.handle('automations:export', ({ ids }) => service.exportJson(ids));
  router.handle('automations:clearLog', () => service.clearLog());
  router.handle('automations:obsChoices', () => service.obsChoices());
  router.handle('automations:defineVariable', ({ name, initial, value }) => service.defineVariable(name, initial, value));
  router.handle('automations:changeVariable', ({ name, change }) => service.changeVariable(name, change));
  router.handle('automations:deleteVariable', ({ name }) => service.deleteVariable(name));
  return service.onChange((state) => router.emit('automations:changed', state));
}
