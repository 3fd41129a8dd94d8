/**
 * The overlays feature as the composition builds it: what it needs of the other features (the
 * charity campaign and the redemption queue once the redemptions feature has started, chat, OBS,
 * the demo's emulator for the Test buttons), adapted here so that composition adds one call.
 */
import { createSimulationClient } from '../../../emulator/simulation-client';
import type { CharityOverview } from '../../../shared/ipc/schemas/charity';
import type { ApiClient } from '../api/api-client';
import type { ChatService } from '../chat/chat-service';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';
import type { ObsRequests } from '../obs/obs-service';
import type { RedemptionsFeature } from '../redemptions/redemptions-feature';
import type { SettingsStore } from '../settings/settings-store';
import { OverlaysFeature } from './overlays-feature';

export interface BuildOverlaysOptions {
  dataDir: string;
  pagesDir: string | null;
  settings: SettingsStore;
  channelEvents: Pick<ChannelEvents, 'on'>;
  api: Pick<ApiClient, 'get'>;
  broadcaster: BroadcasterSource;
  redemptions: Pick<RedemptionsFeature, 'services' | 'onDelta' | 'onCharityChange'>;
  chat: Pick<ChatService, 'getSnapshot' | 'onDelta'>;
  obs: ObsRequests;
  /** Demo mode: the in-process emulator and its broadcaster. */
  demo: { emulatorUrl: string; broadcasterId: string } | null;
  notices: DataRecoveryNotices;
  logger: Logger;
}

const noCampaign: CharityOverview = { state: 'loading', campaign: null, donations: [], hasMore: false, error: null, updatedAt: null };

export function buildOverlays(options: BuildOverlaysOptions): Promise<OverlaysFeature> {
  const { redemptions } = options;
  return OverlaysFeature.create({
    dataDir: options.dataDir,
    pagesDir: options.pagesDir,
    settings: options.settings,
    channelEvents: options.channelEvents,
    api: options.api,
    broadcaster: options.broadcaster,
    charity: { getOverview: () => redemptions.services?.charity.getOverview() ?? noCampaign, onChange: (listener) => redemptions.onCharityChange(listener) },
    chat: { getSnapshot: () => options.chat.getSnapshot(), onDelta: (listener) => options.chat.onDelta(() => listener()) },
    redemptions: { list: () => redemptions.services?.redemptions.getSnapshot().items ?? null, onChange: (listener) => redemptions.onDelta(() => listener()) },
    obs: options.obs,
    testEmulator: options.demo ? { emulator: createSimulationClient({ baseUrl: options.demo.emulatorUrl, timeoutMs: 10_000 }), broadcasterId: options.demo.broadcasterId } : null,
    notices: options.notices,
    logger: options.logger,
  });
}
