/**
 * Desktop notifications behind an interface: Electron's Notification in the app, the renderer
 * (an in-app toast) in dock mode, a recording fake in tests.
 */
export interface DesktopNotification {
  title: string;
  body: string;
  /** Buttons, where the platform supports notification actions (macOS, Windows). */
  actions?: { id: string; label: string }[];
  /** Notifications with the same tag replace each other. */
  tag?: string;
}

export interface NotificationHandlers {
  onClick?(): void;
  onAction?(actionId: string): void;
}

export interface Notifier {
  readonly supportsActions: boolean;
  show(notification: DesktopNotification, handlers?: NotificationHandlers): void;
}

/** Keeps what was shown; tests (and headless runs) read `shown` and trigger clicks and actions. */
export class RecordingNotifier implements Notifier {
  readonly shown: { notification: DesktopNotification; handlers: NotificationHandlers }[] = [];
  constructor(readonly supportsActions = true) {}
  show(notification: DesktopNotification, handlers: NotificationHandlers = {}): void {
    this.shown.push({ notification, handlers });
  }
}
