/**
 * The overlays feature as the composition builds it: what it needs of the other services (the
 * charity campaign, the redemption queue, chat, OBS, the demo's emulator for the Test buttons),
 * adapted here so that composition adds one call. Its files are opened first (`openOverlayFiles`).
 */
import { createSimulationClient } from '../../../emulator/simulation-client';
import type { ApiClient } from '../api/api-client';
import type { CharityService } from '../charity/charity-service';
import type { ChatService } from '../chat/chat-service';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';
import type { ObsRequests } from '../obs/obs-service';
import type { RedemptionsService } from '../redemptions/redemptions-service';
import type { SettingsStore } from '../settings/settings-store';
import { OverlaysFeature, type OverlayFiles } from './overlays-feature';

export interface BuildOverlaysOptions {
  dataDir: string;
  pagesDir: string | null;
  settings: SettingsStore;
  channelEvents: Pick<ChannelEvents, 'on'>;
  api: Pick<ApiClient, 'get'>;
  broadcaster: BroadcasterSource;
  charity: Pick<CharityService, 'getOverview' | 'onChange'>;
  redemptions: Pick<RedemptionsService, 'getSnapshot' | 'onDelta'>;
  chat: Pick<ChatService, 'getSnapshot' | 'onDelta'>;
  obs: ObsRequests;
  /** Demo mode: the in-process emulator and its broadcaster. */
  demo: { emulatorUrl: string; broadcasterId: string } | null;
  notices: DataRecoveryNotices;
  logger: Logger;
}

export function buildOverlays(options: BuildOverlaysOptions, files: OverlayFiles): OverlaysFeature {
  const { redemptions, charity, chat } = options;
  return new OverlaysFeature(
    {
      dataDir: options.dataDir,
      pagesDir: options.pagesDir,
      settings: options.settings,
      channelEvents: options.channelEvents,
      api: options.api,
      broadcaster: options.broadcaster,
      charity: { getOverview: () => charity.getOverview(), onChange: (listener) => charity.onChange(listener) },
      chat: { getSnapshot: () => chat.getSnapshot(), onDelta: (listener) => chat.onDelta(listener) },
      redemptions: { list: () => redemptions.getSnapshot().items, onChange: (listener) => redemptions.onDelta(() => listener()) },
      obs: options.obs,
      testEmulator: options.demo ? { emulator: createSimulationClient({ baseUrl: options.demo.emulatorUrl, timeoutMs: 10_000 }), broadcasterId: options.demo.broadcasterId } : null,
      notices: options.notices,
      logger: options.logger,
    },
    files,
  );
}
