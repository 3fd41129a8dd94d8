import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import type { OverlaysFeature } from '../services/overlays/overlays-feature';
import type { IpcRouter } from './ipc-router';

/**
 * `overlays:*`: the overlays' settings, links and "Add to OBS", and the alert queue's controls;
 * their changes forwarded as `overlays:changed` and `overlays:queueChanged`.
 */
export function registerOverlaysIpc(router: IpcRouter, overlays: OverlaysFeature): Disposer {
  router.handle('overlays:getState', () => overlays.getState());
  router.handle('overlays:setAlertType', ({ kind, changes }) => overlays.setAlertType(kind, changes));
  router.handle('overlays:setAlertOptions', (changes) => overlays.setAlertOptions(changes));
  router.handle('overlays:saveGoal', (goal) => overlays.saveGoal(goal));
  router.handle('overlays:removeGoal', ({ id }) => overlays.removeGoal(id));
  router.handle('overlays:adjustGoal', ({ id, current }) => overlays.adjustGoal(id, current));
  router.handle('overlays:resetLink', ({ key }) => overlays.resetLink(key));
  router.handle('overlays:addToObs', ({ key }) => overlays.addToObs(key));
  router.handle('overlays:setPort', ({ port }) => overlays.setPort(port));
  router.handle('overlays:setReducedMotion', ({ reducedMotion }) => overlays.setReducedMotion(reducedMotion));
  router.handle('overlays:setChatOptions', (changes) => overlays.setChatOptions(changes));
  router.handle('overlays:setCustomCss', ({ key, css }) => overlays.setCustomCss(key, css));
  router.handle('overlays:pickRedemption', ({ redemptionId }) => overlays.pickRedemption(redemptionId));
  router.handle('overlays:getQueue', () => overlays.getQueue());
  router.handle('overlays:pauseAlerts', () => overlays.pauseAlerts());
  router.handle('overlays:resumeAlerts', () => overlays.resumeAlerts());
  router.handle('overlays:skipAlert', () => overlays.skipAlert());
  router.handle('overlays:replayAlert', () => overlays.replayAlert());
  router.handle('overlays:testAlert', ({ kind }) => overlays.testAlert(kind));
  router.handle('overlays:getSpeech', () => overlays.getSpeech());
  router.handle('overlays:setSpeech', (changes) => overlays.setSpeech(changes));
  router.handle('overlays:skipSpeech', () => {
    overlays.skipSpeech();
    return overlays.getSpeech();
  });
  router.handle('overlays:getWidgets', () => overlays.getWidgets());
  router.handle('overlays:setWidget', (arg) => overlays.setWidget(arg));
  router.handle('overlays:widgetTimer', ({ action }) => overlays.widgetTimer(action));
  const forwarding = new Disposers();
  forwarding.add(overlays.onChange((state) => router.emit('overlays:changed', state)));
  forwarding.add(overlays.onQueueChange((state) => router.emit('overlays:queueChanged', state)));
  forwarding.add(overlays.onSpeechChange((state) => router.emit('overlays:speechChanged', state)));
  forwarding.add(overlays.onWidgetsChange((state) => router.emit('overlays:widgetsChanged', state)));
  return forwarding.dispose;
}
