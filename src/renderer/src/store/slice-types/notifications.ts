/** The notifications slice's state, actions and action ids: a leaf type file (it imports neither a slice nor ../types.ts, so no import circle runs through the store). */
import type { NotificationSettings, OpenItem, ShownNotification } from '../../../../shared/ipc/contract';

export type NotificationsActionId = 'notifications.load' | 'notifications.save' | 'notifications.act';

export interface Toast extends ShownNotification {
  urgency: 'info' | 'error';
  /** Epoch ms when it goes by itself; null: an error, which stays until dismissed. */
  expiresAt: number | null;
}

export interface NotificationsSlice {
  /** Oldest first. */
  toasts: Toast[];
  /** The pointer or the focus is on the toasts: none expires meanwhile. */
  toastsPaused: boolean;
  /** The "+N more" line was opened: every toast is shown. */
  toastsExpanded: boolean;
  notificationSettings: NotificationSettings | null;
  showToast(toast: ShownNotification): void;
  dismissToast(id: string): void;
  dismissAllToasts(): void;
  setToastsPaused(paused: boolean): void;
  setToastsExpanded(expanded: boolean): void;
  /** A toast's button (actionId) or the toast itself was clicked. */
  actOnToast(id: string, actionId?: string): Promise<void>;
  /** A notification asked to show an item: its panel, with the item focused. */
  openItem(item: OpenItem): void;
  loadNotificationSettings(): Promise<void>;
  setNotificationSettings(changes: Partial<NotificationSettings>): Promise<void>;
}
