import { Disposers, type Disposer } from '../../shared/primitives/emitter';
import { AppError } from '../services/app-error';
import type { NotificationsService } from '../services/notifications/notifications-service';
import type { RendererNotifier } from '../services/notifications/renderer-notifier';
import type { IpcRouter } from './ipc-router';

/**
 * `notifications:*`: settings, the in-app toasts' buttons, and the events `notifications:shown`
 * (a toast, dock mode: `rendererNotifier`) and `notifications:open` (a notification was clicked).
 */
export function registerNotificationsIpc(router: IpcRouter, notifications: Pick<NotificationsService, 'getSettings' | 'setSettings' | 'onOpen'>, rendererNotifier: RendererNotifier | null): Disposer {
  router.handle('notifications:getSettings', () => notifications.getSettings());
  router.handle('notifications:setSettings', (changes) => notifications.setSettings(changes));
  router.handle('notifications:act', ({ id, actionId }) => {
    if (!rendererNotifier) throw new AppError('unavailable', 'Notifications are shown by the system here, not by this window.');
    rendererNotifier.act(id, actionId);
    return null;
  });
  const forwarding = new Disposers();
  if (rendererNotifier) forwarding.add(rendererNotifier.onShown((shown) => router.emit('notifications:shown', shown)));
  forwarding.add(notifications.onOpen((item) => router.emit('notifications:open', item)));
  return forwarding.dispose;
}
