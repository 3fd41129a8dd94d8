import type { EventsService } from '../services/events/events-service';
import type { IpcRouter } from './ipc-router';

export function registerEventsHandlers(router: IpcRouter, events: EventsService): void {
  router.handle('events:getStatus', () => events.getStatus());
  router.handle('events:reconnect', () => {
    events.reconnect();
    return events.getStatus();
  });
}
