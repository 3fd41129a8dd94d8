import { channelNames } from '../../shared/ipc/contract';
import type { Disposer } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
import type { AutomationsFeature } from '../services/automations/automations-feature';
import type { IpcRouter } from './ipc-router';

/** `automations:*`: list, edit, run and test automations, the global pause, the run log. Forwards `automations:changed`. */
export function registerAutomationsIpc(router: IpcRouter, automations: AutomationsFeature): Disposer {
  router.handle('automations:getState', () => automations.getState());
  const { service } = automations;
  if (!service) {
    // Off (their files could not be opened, decided before the build): the state says why, and
    // every other call is refused with that reason.
    const refuse = (): never => {
      throw new AppError('unavailable', automations.getState().problem ?? 'Automations are off.');
    };
    for (const channel of channelNames) if (channel.startsWith('automations:') && channel !== 'automations:getState') router.handle(channel, refuse);
    return () => {};
  }
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
  return automations.onChange((state) => router.emit('automations:changed', state));
}
