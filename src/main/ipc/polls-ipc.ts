import type { Disposer } from '../../shared/primitives/emitter';
import type { EngagementService } from '../services/polls/engagement-service';
import type { IpcRouter } from './ipc-router';

/** `polls:*`: templates, and the running poll and prediction; forwards `polls:changed`. */
export function registerPollsIpc(router: IpcRouter, engagement: EngagementService): Disposer {
  router.handle('polls:getState', () => engagement.getState());
  router.handle('polls:refresh', () => engagement.refresh());
  router.handle('polls:saveTemplate', (template) => engagement.saveTemplate(template));
  router.handle('polls:deleteTemplate', ({ id }) => engagement.deleteTemplate(id));
  router.handle('polls:start', ({ templateId }) => engagement.startFromTemplate(templateId));
  router.handle('polls:endPoll', () => engagement.endPoll());
  router.handle('polls:lockPrediction', () => engagement.lockPrediction());
  router.handle('polls:resolvePrediction', ({ outcomeId }) => engagement.resolvePrediction(outcomeId));
  router.handle('polls:cancelPrediction', () => engagement.cancelPrediction());
  return engagement.onChange((state) => router.emit('polls:changed', state));
}
