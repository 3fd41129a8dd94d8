/**
 * The mod log as a feature: its files are opened before anything is built (files that cannot be
 * opened leave it off, with the reason); it follows the channel-event stream's moderator actions
 * and tags each with the broadcast the story is recording, so it is listed after the story.
 */
import { Disposers } from '../../shared/primitives/emitter';
import { registerModLogIpc } from '../ipc/mod-log-ipc';
import { ModLog, openModLogFiles } from '../services/moderation/mod-log';
import { feature } from './feature-module';

export const modLogFeature = feature({
  name: 'modLog',
  open: ({ dataDir, notices, logger }) => openModLogFiles(dataDir, { notices, logger }),
  close: (files) => files.ok && files.journal.close(),
  build: ({ logger }, files, { platform, broadcastStory }) =>
    new ModLog({ files, channelEvents: platform.channelEvents, broadcaster: platform.broadcaster, liveBroadcastId: () => broadcastStory.list().liveId, logger }),
  serve: (router, log, { broadcastStory }) => {
    const wiring = new Disposers();
    wiring.add(registerModLogIpc(router, log));
    let live = broadcastStory.list().liveId;
    wiring.add(
      broadcastStory.onChange((list) => {
        if (list.liveId === live) return;
        live = list.liveId;
        log.liveChanged();
      }),
    );
    return wiring.dispose;
  },
  start: (log) => log.start(),
  dispose: async (log) => {
    await log.close();
    log.dispose();
  },
});
