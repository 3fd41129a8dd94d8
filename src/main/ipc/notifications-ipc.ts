import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
import type { RedemptionsFeature } from '../services/redemptions/redemptions-feature';
import type { IpcRouter } from './ipc-router';

/**
 * `notifications:*`: settings, the in-app toasts' buttons, and the events `notifications:shown`
 * (a toast, dock mode) and `notifications:open` (a notification was clicked).
 */
export function registerNotificationsIpc(router: IpcRouter, feature: Pick<RedemptionsFeature, 'need' | 'rendererNotifier' | 'onOpen'>): Disposer {
  const { rendererNotifier } = feature;
  router.handle('notifications:getSettings', () => feature.need().notifications.getSettings());
  router.handle('notifications:setSettings', (changes) => feature.need().notifications.setSettings(changes));
  router.handle('notifications:act', ({ id, actionId }) => {
    if (!rendererNotifier) throw new AppError('unavailable', 'Notifications are shown by the system here, not by this window.');
    rendererNotifier.act(id, actionId);
    return null;
  });
  const forwarding = new Disposers();
  if (rendererNotifier) forwarding.add(rendererNotifier.onShown((shown) => router.emit('notifications:shown', shown)));
  forwarding.add(feature.onOpen((item) => router.emit('notifications:open', item)));
  return forwarding.dispose;
}
