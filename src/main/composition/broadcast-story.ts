/** The Broadcasts panel: each broadcast's story, recorded while live (files that cannot be opened leave it off, with the reason). */
import { registerBroadcastStoryIpc } from '../ipc/broadcast-story-ipc';
import { buildBroadcastStory, openBroadcastStoryFiles } from '../services/broadcast-story/broadcast-story-feature';
import { feature } from './feature-module';

export const broadcastStoryFeature = feature({
  name: 'broadcastStory',
  open: ({ dataDir, notices, logger }) => openBroadcastStoryFiles(dataDir, { notices, logger }),
  close: (files) => files.ok && files.files.journal.close(),
  build: ({ options, logger }, files, { live, platform, automations }) =>
    buildBroadcastStory({ stream: live.stream, broadcaster: platform.broadcaster, channelEvents: platform.channelEvents, markers: live.markers, runs: automations, notifier: platform.notifier, openWindow: options.showWindow, logger, env: options.env }, files),
  serve: (router, story) => registerBroadcastStoryIpc(router, story),
  start: (story) => story.start(),
  dispose: (story) => story.dispose(),
});
