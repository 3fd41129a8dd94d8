/**
 * The automations feature as the composition builds it: what it needs of the other services (the
 * one channel-event stream, OBS, chat, the live controls, the redemption queue, the overlays'
 * alerts, the demo's emulator for Test), adapted here so that composition adds one call. Its files
 * are opened first (`openAutomationFiles`).
 */
import type { RunningEmulator } from '../../../emulator/server';
import { createSimulationClient } from '../../../emulator/simulation-client';
import type { ChannelEvents } from '../events/channel-events';
import type { ShortcutRegistry } from '../hotkeys/shortcut-registry';
import type { Logger } from '../logger';
import type { ObsService } from '../obs/obs-service';
import type { AlertsPort } from './actions';
import type { SpeakingAccounts } from './own-chat-guard';
import { createAutomationsFeature, type AutomationFiles, type AutomationsFeature, type AutomationsFeatureDeps } from './automations-feature';

export interface BuildAutomationsOptions {
  logger: Logger;
  shortcuts?: ShortcutRegistry;
  /** The in-process emulator in demo mode: Test makes the event happen there. */
  emulator: RunningEmulator | null;
  /** Composition's one channel-event stream. */
  channelEvents: Pick<ChannelEvents, 'on'>;
  obs: ObsService;
  chat: { send(text: string, announcement?: string): Promise<{ messageId: string | null }> };
  /** Sidestage's own speaking accounts: what they say is never read back as a command. */
  speakingAccounts: SpeakingAccounts;
  /** The moderation view's chat rules: their blocked terms. */
  chatRules: AutomationsFeatureDeps['chatRules'];
  live: AutomationsFeatureDeps['live'];
  redemptions: AutomationsFeatureDeps['redemptions'];
  /** The overlays' alerts and sounds: "Show an alert" and "Play a sound". */
  alerts: AlertsPort;
}

export function buildAutomations(options: BuildAutomationsOptions, files: AutomationFiles): AutomationsFeature {
  const { emulator } = options;
  const demo = emulator?.demo;
  return createAutomationsFeature(
    {
      logger: options.logger,
      channelEvents: options.channelEvents,
      obs: options.obs,
      chat: options.chat,
      speakingAccounts: options.speakingAccounts,
      chatRules: options.chatRules,
      live: options.live,
      redemptions: options.redemptions,
      shortcuts: options.shortcuts,
      alerts: options.alerts,
      demo: emulator && demo ? { http: createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 }), broadcasterId: demo.broadcaster.id, viewers: demo.viewers } : null,
    },
    files,
  );
}
