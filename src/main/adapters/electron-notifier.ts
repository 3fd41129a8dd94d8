/**
 * Desktop notifications through Electron's Notification: buttons where the system shows them
 * (macOS), a click that runs the handler, and a tag that replaces the earlier notification.
 */
import { Notification } from 'electron';
import type { DesktopNotification, NotificationHandlers, Notifier } from '../services/notifications/notifier';

/** How many notifications stay clickable at most (the oldest is let go first). */
const maxClickable = 50;

export class ElectronNotifier implements Notifier {
  /** Electron shows notification actions on macOS only. */
  readonly supportsActions = process.platform === 'darwin';
  private readonly byTag = new Map<string, Notification>();
  /**
   * Every notification that can still be clicked, oldest first. A Notification that nothing
   * references is garbage-collected, and its click then never arrives: on Windows a toast that
   * moved to the Action Center has already had its `close`, and is clicked there later.
   */
  private readonly clickable = new Set<Notification>();

  show(notification: DesktopNotification, handlers: NotificationHandlers = {}): void {
    if (!Notification.isSupported()) return;
    const actions = this.supportsActions ? (notification.actions ?? []) : [];
    const shown = new Notification({
      title: notification.title,
      body: notification.body,
      actions: actions.map((a) => ({ type: 'button' as const, text: a.label })),
      silent: false,
    });
    const release = () => {
      this.clickable.delete(shown);
      if (notification.tag && this.byTag.get(notification.tag) === shown) this.byTag.delete(notification.tag);
    };
    shown.on('click', () => {
      release();
      handlers.onClick?.();
    });
    shown.on('action', (_event, index) => {
      release();
      const action = actions[index];
      if (action) handlers.onAction?.(action.id);
    });
    shown.on('close', () => {
      // Electron: on Windows `close` also comes when the toast times out into the Action Center,
      // where it can still be clicked; elsewhere a closed notification is gone.
      if (process.platform !== 'win32') release();
    });
    if (notification.tag) {
      const previous = this.byTag.get(notification.tag);
      if (previous) {
        // Also takes it out of the Action Center.
        previous.close();
        this.clickable.delete(previous);
      }
      this.byTag.set(notification.tag, shown);
    }
    this.clickable.add(shown);
    for (const oldest of this.clickable) {
      if (this.clickable.size <= maxClickable) break;
      this.clickable.delete(oldest);
      for (const [tag, tagged] of this.byTag) if (tagged === oldest) this.byTag.delete(tag);
    }
    shown.show();
  }
}
