/**
 * Desktop notifications through Electron's Notification: buttons where the system shows them
 * (macOS), a click that runs the handler, and a tag that replaces the earlier notification.
 */
import { Notification } from 'electron';
import type { DesktopNotification, NotificationHandlers, Notifier } from '../services/notifications/notifier';

export class ElectronNotifier implements Notifier {
  /** Electron shows notification actions on macOS only. */
  readonly supportsActions = process.platform === 'darwin';
  private readonly byTag = new Map<string, Notification>();

  show(notification: DesktopNotification, handlers: NotificationHandlers = {}): void {
    if (!Notification.isSupported()) return;
    const actions = this.supportsActions ? (notification.actions ?? []) : [];
    const shown = new Notification({
      title: notification.title,
      body: notification.body,
      actions: actions.map((a) => ({ type: 'button' as const, text: a.label })),
      silent: false,
    });
    shown.on('click', () => handlers.onClick?.());
    shown.on('action', (_event, index) => {
      const action = actions[index];
      if (action) handlers.onAction?.(action.id);
    });
    if (notification.tag) {
      this.byTag.get(notification.tag)?.close();
      this.byTag.set(notification.tag, shown);
      shown.on('close', () => {
        if (this.byTag.get(notification.tag!) === shown) this.byTag.delete(notification.tag!);
      });
    }
    shown.show();
  }
}
