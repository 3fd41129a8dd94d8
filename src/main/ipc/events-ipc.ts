import type { Disposer } from '../../shared/primitives/emitter';
import type { EventsService } from '../services/events/events-service';
import type { IpcRouter } from './ipc-router';

/** `events:*`: the EventSub connection's status and a manual reconnect; forwards `events:changed`. */
export function registerEventsIpc(router: IpcRouter, events: EventsService): Disposer {
  router.handle('events:getStatus', () => events.getStatus());
  router.handle('events:reconnect', () => {
    events.reconnect();
    return events.getStatus();
  });
  return events.onStatusChange((status) => router.emit('events:changed', status));
}
