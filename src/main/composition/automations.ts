/**
 * When something happens on the channel, Sidestage acts: through the features before it (OBS,
 * chat, the live controls, the redemption queue, the overlays' alerts and sounds). Its files are
 * read first; files that cannot be opened leave automations off, with the reason.
 */
import { createSimulationClient } from '../../emulator/simulation-client';
import { registerAutomationsIpc } from '../ipc/automations-ipc';
import { serveOff } from '../ipc/off-ipc';
import { createAutomationsFeature, openAutomationFiles, type AutomationFiles } from '../services/automations/automations-feature';
import { feature } from './feature-module';

export const automationsFeature = feature({
  name: 'automations',
  open: ({ dataDir, notices, logger }) => openAutomationFiles(dataDir, { notices, logger }),
  close: (files: AutomationFiles) => files.ledger?.dispose(),
  build: ({ options, emulator, logger }, files: AutomationFiles, { platform, obs, chat, live, redemptions, overlays }) => {
    const demo = emulator?.demo;
    return createAutomationsFeature(
      {
        logger,
        channelEvents: platform.channelEvents,
        obs,
        chat,
        live,
        redemptions,
        shortcuts: options.shortcuts,
        // The overlays' alerts and sounds: "Show an alert" and "Play a sound".
        alerts: overlays,
        // Demo mode: Test makes the event happen on the emulator.
        demo: emulator && demo ? { http: createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 }), broadcasterId: demo.broadcaster.id, viewers: demo.viewers } : null,
      },
      files,
    );
  },
  serve: (router, automations) =>
    automations.service
      ? registerAutomationsIpc(router, automations.service)
      : serveOff(router, 'automations:', () => automations.getState().problem ?? 'Automations are off.', { 'automations:getState': () => automations.getState() }),
  // After the redemption queue starts, before EventSub connects.
  start: (automations) => automations.start(),
  // Resolves once the run log is on disk.
  dispose: (automations) => automations.dispose(),
});
