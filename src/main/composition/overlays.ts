/**
 * What the viewers see: the alert queue, the overlay server and the media library, for OBS browser
 * sources; the alerts and sounds the automations call. Its files are read first.
 */
import { createSimulationClient } from '../../emulator/simulation-client';
import { Disposers } from '../../shared/primitives/emitter';
import { registerMediaIpc } from '../ipc/media-ipc';
import { registerOverlaysIpc } from '../ipc/overlays-ipc';
import { OverlaysFeature, openOverlayFiles, type OverlayFiles } from '../services/overlays/overlays-feature';
import { SpokenAlerts } from '../services/overlays/spoken-alerts';
import { settingsWriteError } from '../services/settings/settings-store';
import { findSystemVoice } from '../services/speech/system-voice';
import { feature } from './feature-module';

export const overlaysFeature = feature({
  name: 'overlays',
  open: ({ dataDir, notices, logger }) => openOverlayFiles({ dataDir, notices, logger }),
  close: (files: OverlayFiles) => files.queue.dispose(),
  build: ({ options, dataDir, settings, emulator, notices, logger }, files: OverlayFiles, { platform, redemptions, chat, obs, moderation, bot }) => {
    const { charity } = redemptions;
    const queue = redemptions.redemptions;
    const demoBroadcaster = emulator?.demo?.broadcaster;
    return new OverlaysFeature(
      {
        dataDir,
        pagesDir: options.overlayPagesDir ?? null,
        settings,
        channelEvents: platform.channelEvents,
        api: platform.api,
        broadcaster: platform.broadcaster,
        charity: { getOverview: () => charity.getOverview(), onChange: (listener) => charity.onChange(listener) },
        chat: { getSnapshot: () => chat.getSnapshot(), onDelta: (listener) => chat.onDelta(listener) },
        botUserId: () => bot.userId(),
        redemptions: { list: () => queue.getSnapshot().items, onChange: (listener) => queue.onDelta(() => listener()) },
        obs,
        // Demo mode: the Test buttons make the event happen on the emulator.
        testEmulator: emulator && demoBroadcaster ? { emulator: createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 }), broadcasterId: demoBroadcaster.id } : null,
        notices,
        // The viewers' words on alerts, by the system's own voice; the channel's blocked terms are never said.
        speech: new SpokenAlerts({
          load: () => settings.get('speech.settings'),
          save: (value) => {
            try {
              settings.set('speech.settings', value);
            } catch (error) {
              throw settingsWriteError(error);
            }
          },
          findVoice: () => findSystemVoice(),
          blockedTerms: async () => {
            const terms = await moderation.chatRules.blockedTermsNow();
            const now = Date.now();
            return terms.filter((t) => t.expiresAt === null || Date.parse(t.expiresAt) > now).map((t) => t.text);
          },
          logger,
        }),
        logger,
      },
      files,
    );
  },
  serve(router, overlays) {
    const wiring = new Disposers();
    wiring.add(registerOverlaysIpc(router, overlays));
    wiring.add(registerMediaIpc(router, overlays.media));
    return wiring.dispose;
  },
  start: (overlays) => overlays.start(),
  dispose: (overlays) => overlays.dispose(),
});
