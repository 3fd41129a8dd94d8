/** The Live view as the broadcaster arranged it, kept in the settings, the same in the window and every dock. */
import { registerLiveViewIpc } from '../ipc/live-view-ipc';
import { LiveViewService } from '../services/live-view/live-view-service';
import { feature } from './feature-module';

export const liveViewFeature = feature({
  name: 'liveView',
  build: ({ settings }) => new LiveViewService(settings),
  serve: (router, liveView) => registerLiveViewIpc(router, liveView),
});
