/** The go-live checklist: sign-in, ingest, OBS or the test stream, EventSub, the marker hotkey, chat settings. */
import { registerGoLiveIpc } from '../ipc/go-live-ipc';
import { GoLiveChecklist } from '../services/go-live/go-live-checklist';
import { feature } from './feature-module';

export const goLiveFeature = feature({
  name: 'goLive',
  build: ({ options, settings, config, logger }, _files, { platform, obs, testStream, live }) =>
    new GoLiveChecklist({
      auth: platform.auth,
      ingest: platform.ingest,
      obs,
      testStream,
      events: platform.events,
      markers: live.markers,
      hotkey: { getState: () => live.hotkeys.get('marker'), onChange: (listener) => live.hotkeys.onChange(listener) },
      chatSettings: live.chatSettings,
      startPreset: { get: () => settings.get('goLive.startPresetId'), set: (id) => settings.set('goLive.startPresetId', id) },
      requiredScopes: config.scopes,
      // Going live is announced by these; the features' own subscriptions are in the events status.
      requiredEventTypes: ['stream.online', 'stream.offline'],
      dockMode: options.transport === 'dock',
      logger,
    }),
  serve: (router, goLive) => registerGoLiveIpc(router, goLive),
  dispose: (goLive) => goLive.dispose(),
});
