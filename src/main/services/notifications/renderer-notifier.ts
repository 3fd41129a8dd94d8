import type { ShownNotification } from '../../../shared/ipc/contract';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { DesktopNotification, NotificationHandlers, Notifier } from './notifier';

/**
 * Notifications shown by the renderer as in-app toasts (dock mode): each one goes out as the
 * `notifications:shown` event; the toast's buttons come back through `notifications:act`.
 */
export class RendererNotifier implements Notifier {
  readonly supportsActions = true;
  private readonly handlers = new Map<string, NotificationHandlers>();
  private seq = 0;
  private readonly shown = new Emitter<ShownNotification>();

  constructor(private readonly maxKept = 200) {}

  /** Where the notifications go (the router's `notifications:shown`); with nobody listening they are dropped. */
  onShown(listener: (notification: ShownNotification) => void): Disposer {
    return this.shown.on(listener);
  }

  show(notification: DesktopNotification, handlers: NotificationHandlers = {}): void {
    const id = `n${++this.seq}`;
    this.handlers.set(id, handlers);
    // Old toasts are long gone from the screen; their buttons need not work for ever.
    while (this.handlers.size > this.maxKept) this.handlers.delete(this.handlers.keys().next().value!);
    this.shown.fire({ id, title: notification.title, body: notification.body, actions: notification.actions ?? [], tag: notification.tag ?? null, urgency: notification.urgency ?? 'info' });
  }

  /** A toast (no actionId) or one of its buttons was clicked. */
  act(id: string, actionId?: string): void {
    const handlers = this.handlers.get(id);
    if (!handlers) throw new AppError('invalid_argument', 'This notification is too old to act on; use the queue instead.');
    if (actionId === undefined) handlers.onClick?.();
    else handlers.onAction?.(actionId);
  }
}
