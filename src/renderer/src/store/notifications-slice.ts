import type { NotificationSettings, OpenItem, ShownNotification } from '../../../shared/ipc/contract';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';

export type NotificationsActionId = 'notifications.load' | 'notifications.save' | 'notifications.act';

/** Toasts shown at once; older ones make room. */
export const maxToasts = 4;

export interface NotificationsSlice {
  toasts: ShownNotification[];
  notificationSettings: NotificationSettings | null;
  showToast(toast: ShownNotification): void;
  dismissToast(id: string): void;
  /** A toast's button (actionId) or the toast itself was clicked. */
  actOnToast(id: string, actionId?: string): Promise<void>;
  /** A notification asked to show an item: its panel, with the item focused. */
  openItem(item: OpenItem): void;
  loadNotificationSettings(): Promise<void>;
  setNotificationSettings(changes: Partial<NotificationSettings>): Promise<void>;
}

export function createNotificationsSlice({ set, get, deps, run, epochs }: SliceContext): NotificationsSlice {
  return {
    toasts: [],
    notificationSettings: null,

    showToast: (toast) =>
      set((state) => {
        // Same tag: the new one replaces the old (as desktop notifications do).
        const rest = toast.tag ? state.toasts.filter((t) => t.tag !== toast.tag) : state.toasts;
        return { toasts: [...rest, toast].slice(-maxToasts) };
      }),

    dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),

    actOnToast: (id, actionId) =>
      run('notifications.act', async () => {
        get().dismissToast(id);
        await call(deps.bridge.notifications.act(actionId === undefined ? { id } : { id, actionId }));
      }),

    openItem: (item) => {
      const panel = item.kind === 'redemption' || item.kind === 'queue' ? 'queue' : 'charity';
      get().setActivePanel(panel);
      if (item.kind === 'redemption' && item.id) {
        // Shown even when a filter hid it.
        set({ focusedId: item.id, queueFilter: { rewardId: null, user: '' } });
      }
    },

    loadNotificationSettings: () =>
      run('notifications.load', async () => {
        const fresh = epochs.since('notificationSettings');
        const settings = await call(deps.bridge.notifications.getSettings());
        // A save made after this read may have been answered first.
        if (fresh()) set({ notificationSettings: settings });
      }),

    setNotificationSettings: (changes) =>
      run('notifications.save', async () => {
        const before = get().notificationSettings;
        if (before) set({ notificationSettings: { ...before, ...changes } });
        const fresh = epochs.since('notificationSettings');
        try {
          const settings = await call(deps.bridge.notifications.setSettings(changes));
          if (fresh()) set({ notificationSettings: settings });
        } catch (error) {
          // Rolled back only when no later change has been answered since.
          if (fresh()) set({ notificationSettings: before });
          throw error;
        }
      }),
  };
}
