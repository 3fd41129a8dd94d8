import type { StoreApi } from 'zustand/vanilla';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { call } from '../lib/ipc-call';
import type { SliceContext } from './action-runner';
import { mirrorDomain } from './mirror';
import type { SidestageState, StoreDeps } from './types';
import type { NotificationsSlice, Toast } from './slice-types/notifications';

/** How long an info toast stays on screen (paused while the pointer or focus is on the toasts). */
export const toastLifetimeMs = 6_000;
/** Toasts shown in full; the others fold into one "+N more" line, so the list below stays in view. */
export const maxVisibleToasts = 3;
/** In a narrow dock, where every line of the panel counts. */
export const maxVisibleToastsNarrow = 1;
/** Toasts kept at all; the oldest go first. */
export const maxKeptToasts = 50;

/** What the toast area shows: the newest few in full, and how many more are folded. */
export function selectToastView(
  state: Pick<SidestageState, 'toasts' | 'toastsExpanded'>,
  max: number = maxVisibleToasts,
): { shown: Toast[]; hidden: number } {
  if (state.toastsExpanded || state.toasts.length <= max) return { shown: state.toasts, hidden: 0 };
  return { shown: state.toasts.slice(-max), hidden: state.toasts.length - max };
}

export function createNotificationsSlice({ set, get, deps, run, epochs }: SliceContext): NotificationsSlice {
  const clock: Clock = deps.clock ?? systemClock;
  let timer: unknown = null;
  let pausedAt: number | null = null;

  /** One timer, for the next toast to go; none while paused. */
  const schedule = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (get().toastsPaused) return;
    const next = Math.min(...get().toasts.map((t) => t.expiresAt ?? Infinity));
    if (next === Infinity) return;
    timer = clock.setTimeout(expire, Math.max(0, next - clock.now()));
  };
  const expire = () => {
    timer = null;
    const now = clock.now();
    const toasts = get().toasts.filter((t) => t.expiresAt === null || t.expiresAt > now);
    set(toasts.length ? { toasts } : { toasts, toastsExpanded: false });
    schedule();
  };
  const remove = (keep: (toast: Toast) => boolean) => {
    const toasts = get().toasts.filter(keep);
    set(toasts.length ? { toasts } : { toasts, toastsExpanded: false, toastsPaused: false });
    if (!toasts.length) pausedAt = null;
    schedule();
  };

  return {
    toasts: [],
    toastsPaused: false,
    toastsExpanded: false,
    notificationSettings: null,

    showToast: (shown) => {
      const urgency = shown.urgency ?? 'info';
      const toast: Toast = { ...shown, urgency, expiresAt: urgency === 'error' ? null : clock.now() + toastLifetimeMs };
      set((state) => {
        // Same tag: the new one replaces the old (as desktop notifications do).
        const rest = toast.tag ? state.toasts.filter((t) => t.tag !== toast.tag) : state.toasts;
        return { toasts: [...rest, toast].slice(-maxKeptToasts) };
      });
      schedule();
    },

    dismissToast: (id) => remove((t) => t.id !== id),
    dismissAllToasts: () => remove(() => false),

    setToastsPaused: (paused) => {
      if (paused === get().toastsPaused) return;
      if (paused) {
        pausedAt = clock.now();
        set({ toastsPaused: true });
      } else {
        // The time spent paused is given back to every toast.
        const held = pausedAt === null ? 0 : clock.now() - pausedAt;
        pausedAt = null;
        set((state) => ({
          toastsPaused: false,
          toasts: state.toasts.map((t) => (t.expiresAt === null ? t : { ...t, expiresAt: t.expiresAt + held })),
        }));
      }
      schedule();
    },
    setToastsExpanded: (toastsExpanded) => set({ toastsExpanded }),

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
        // A save made after this read may have been answered first.
        await epochs.ask('notificationSettings', () => deps.bridge.notifications.getSettings(), (notificationSettings) => set({ notificationSettings }));
      }),

    setNotificationSettings: (changes) =>
      run('notifications.save', async () => {
        const before = get().notificationSettings;
        if (before) set({ notificationSettings: { ...before, ...changes } });
        // Rolled back only when no later change has been answered since.
        await epochs.ask('notificationSettings', () => deps.bridge.notifications.setSettings(changes), (notificationSettings) => set({ notificationSettings }), {
          rollback: () => set({ notificationSettings: before }),
        });
      }),
  };
}

/** Shows main's notifications as toasts and opens what they point at; the settings are read with the broadcaster's channel. */
export function mirrorNotifications(store: StoreApi<SidestageState>, deps: StoreDeps): () => void {
  return mirrorDomain(store, deps, {
    events: {
      'notifications:shown': (state, toast) => state.showToast(toast),
      'notifications:open': (state, item) => state.openItem(item),
    },
    load: (state) => state.loadNotificationSettings(),
    account: {},
  });
}
