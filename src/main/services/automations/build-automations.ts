/**
 * Composition's one block for automations: the channel-event stream they read, and the feature
 * over the services the other features built (demo mode: Test goes through the practice platform).
 */
import type { RunningEmulator } from '../../../emulator/server';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { createSimulationClient } from '../../../emulator/simulation-client';
import { ChannelEvents } from '../events/channel-events';
import type { EventsService } from '../events/events-service';
import type { ShortcutRegistry } from '../hotkeys/shortcut-registry';
import type { Logger } from '../logger';
import type { ObsService } from '../obs/obs-service';
import type { AlertsPort } from './actions';
import { createAutomationsFeature, type AutomationsFeature, type AutomationsFeatureDeps } from './automations-feature';

export interface AutomationsWiring {
  dataDir: string;
  notices: DataRecoveryNotices;
  logger: Logger;
  shortcuts?: ShortcutRegistry;
  /** The in-process emulator in demo mode. */
  emulator: RunningEmulator | null;
  events: EventsService;
  broadcaster: CurrentBroadcaster;
  /** The one channel-event stream, where composition has one; otherwise one is made here. */
  channelEvents?: ChannelEvents;
  obs: ObsService;
  chat: { send(text: string, announcement?: string): Promise<{ messageId: string | null }> };
  live: AutomationsFeatureDeps['live'];
  redemptions: AutomationsFeatureDeps['redemptions'];
  /** The overlays' alerts (wired when the overlays feature is there). */
  alerts?: AlertsPort;
}

export interface BuiltAutomations {
  feature: AutomationsFeature;
  channelEvents: ChannelEvents;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export function buildAutomations(wiring: AutomationsWiring): BuiltAutomations {
  const { logger, emulator } = wiring;
  const ownStream = wiring.channelEvents ? null : new ChannelEvents({ events: wiring.events, broadcaster: wiring.broadcaster, logger });
  const channelEvents = wiring.channelEvents ?? ownStream!;
  const demo = emulator?.demo;
  const feature = createAutomationsFeature({
    dataDir: wiring.dataDir,
    notices: wiring.notices,
    logger,
    channelEvents,
    obs: wiring.obs,
    chat: wiring.chat,
    live: wiring.live,
    redemptions: wiring.redemptions,
    shortcuts: wiring.shortcuts,
    alerts: wiring.alerts,
    demo: emulator && demo ? { http: createSimulationClient({ baseUrl: emulator.url, timeoutMs: 10_000 }), broadcasterId: demo.broadcaster.id, viewers: demo.viewers } : null,
  });
  return {
    feature,
    channelEvents,
    start: () => feature.start(),
    async dispose() {
      await feature.dispose();
      ownStream?.dispose();
    },
  };
}
