import type { DesktopNotification, NotificationHandlers, Notifier } from '../services/notifications/notifier';

/** Keeps what was shown; tests read `shown` and trigger clicks and actions. */
export class RecordingNotifier implements Notifier {
  readonly shown: { notification: DesktopNotification; handlers: NotificationHandlers }[] = [];
  constructor(readonly supportsActions = true) {}
  show(notification: DesktopNotification, handlers: NotificationHandlers = {}): void {
    this.shown.push({ notification, handlers });
  }
}
