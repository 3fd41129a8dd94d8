/** The Live view's activity feed, from the one channel-event stream. */
import { registerActivityIpc } from '../ipc/activity-ipc';
import { ActivityService } from '../services/activity/activity-service';
import { feature } from './feature-module';

export const activityFeature = feature({
  name: 'activity',
  build: (_s, _files, { platform, live }) =>
    new ActivityService({
      broadcaster: platform.broadcaster,
      channelEvents: platform.channelEvents,
      // One shoutout state and one set of cooldowns, whether the feed's button or the Live view's sent it.
      sendShoutout: async (id) => {
        const sent = (await live.raids.shoutoutById(id)).shoutout;
        return { displayName: sent?.to.displayName ?? 'the channel' };
      },
    }),
  serve: (router, activity) => registerActivityIpc(router, activity),
  start: (activity) => activity.start(),
  dispose: (activity) => activity.dispose(),
});
