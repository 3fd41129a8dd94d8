/**
 * Desktop notifications behind an interface: Electron's Notification in the app, the renderer
 * (an in-app toast) in dock mode, a recording fake in tests (`src/main/test-support/recording-notifier.ts`).
 */
export interface DesktopNotification {
  title: string;
  body: string;
  /** Buttons, where the platform supports notification actions (macOS, Windows). */
  actions?: { id: string; label: string }[];
  /** Notifications with the same tag replace each other. */
  tag?: string;
  /** `error`: something the broadcaster must see; an in-app toast then stays until dismissed. */
  urgency?: 'info' | 'error';
}

export interface NotificationHandlers {
  onClick?(): void;
  onAction?(actionId: string): void;
}

export interface Notifier {
  readonly supportsActions: boolean;
  show(notification: DesktopNotification, handlers?: NotificationHandlers): void;
}
