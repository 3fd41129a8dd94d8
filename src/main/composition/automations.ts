/**
 * When something happens on the channel, Sidestage acts: through the features before it (OBS,
 * chat, the live controls, the redemption queue, the overlays' alerts and sounds). Its files are
 * read first; files that cannot be opened leave automations off, with the reason.
 */
import { createSimulationClient } from '../../emulator/simulation-client';
import { registerAutomationsIpc } from '../ipc/automations-ipc';
import { serveOff } from '../ipc/off-ipc';
import { createAutomationsFeature, openAutomationFiles, type AutomationFiles } from '../services/automations/automations-feature';
import { createPlatformLookups } from '../services/automations/platform-lookups';
import { feature } from './feature-module';

export const automationsFeature = feature({
  name: 'automations',
  open: ({ dataDir, notices, logger }) => openAutomationFiles(dataDir, { notices, logger }),
  close: (files: AutomationFiles) => {
    files.ledger?.dispose();
    files.cooldowns?.dispose();
    files.firstChatters?.dispose();
    files.obsReverts?.dispose();
    files.variables?.dispose();
  },
  build: ({ options, emulator, logger }, files: AutomationFiles, { platform, bot, obs, chat, live, redemptions, overlays, moderation }) => {
    const demo = emulator?.demo;
    return createAutomationsFeature(
      {
        logger,
        channelEvents: platform.channelEvents,
        obs,
        // Automations speak as the bot when one is signed in (else as the broadcaster).
        chat: { send: (text, announcement, replyTo) => chat.send(text, announcement, 'bot', replyTo) },
        // Moderation actions and the follower check, as the broadcaster.
        platform: { api: platform.api, broadcaster: platform.broadcaster },
        // What these accounts say is never read back as a command.
        speakingAccounts: { userIds: () => [platform.broadcaster.id, bot.userId()].filter((id): id is string => id !== null) },
        // Viewer text that holds one of the channel's blocked terms is never re-posted.
        chatRules: moderation.chatRules,
        // Live fields ({followage}) and a command's target ({target.game}): the one API client.
        lookups: createPlatformLookups(platform.api, platform.broadcaster),
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
  serve: (router, automations, { redemptions, overlays }) => {
    // A redemption an automation resolves: its toast offers no Fulfil/Cancel.
    redemptions.notifications.useAutomaticResolutions({ resolves: (rewardId) => automations.resolvesRedemption(rewardId) });
    // The overlays' counter widget shows the automations' variables.
    const offCounter = overlays.useVariables(automations.variables);
    const offIpc = automations.service
      ? registerAutomationsIpc(router, automations.service)
      : serveOff(router, 'automations:', () => automations.getState().problem ?? 'Automations are off.', { 'automations:getState': () => automations.getState() });
    return () => {
      offIpc();
      offCounter();
    };
  },
  // After the redemption queue starts, before EventSub connects.
  start: (automations) => automations.start(),
  // Resolves once the run log is on disk.
  dispose: (automations) => automations.dispose(),
});
