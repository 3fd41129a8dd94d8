import type { Disposer } from '../../shared/primitives/emitter';
import type { ActivityService } from '../services/activity/activity-service';
import type { IpcRouter } from './ipc-router';

/** `activity:*`: the feed's snapshot and the raid shoutout; its deltas forwarded as `activity:changed`. */
export function registerActivityIpc(router: IpcRouter, activity: Pick<ActivityService, 'getSnapshot' | 'shoutout' | 'onDelta'>): Disposer {
  router.handle('activity:getSnapshot', () => activity.getSnapshot());
  router.handle('activity:shoutout', ({ toBroadcasterId }) => activity.shoutout(toBroadcasterId));
  return activity.onDelta((delta) => router.emit('activity:changed', delta));
}
