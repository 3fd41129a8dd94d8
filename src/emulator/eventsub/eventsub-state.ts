/**
 * EventSub's own state for one emulator: its subscriptions (a reset clears them, as it clears the
 * domain's stores) and its notification feed (which, like the domain's bus, outlives resets). The
 * session hub and the EventSub routes reach both through `eventSubOf(state)`.
 */
import type { EmulatorState } from '../domain/emulator-state';
import { NotificationFeed } from './notifications';
import { EventSubStore } from './subscription-store';

export class EventSubState {
  subscriptions = new EventSubStore();
  readonly notifications: NotificationFeed;

  constructor(state: EmulatorState) {
    this.notifications = new NotificationFeed(state);
    state.onReset(() => {
      this.subscriptions = new EventSubStore();
    });
  }
}

const all = new WeakMap<EmulatorState, EventSubState>();

/** The state's EventSub, made (and subscribed to the domain's bus) on first use. */
export function eventSubOf(state: EmulatorState): EventSubState {
  let eventSub = all.get(state);
  if (!eventSub) {
    eventSub = new EventSubState(state);
    all.set(state, eventSub);
  }
  return eventSub;
}
