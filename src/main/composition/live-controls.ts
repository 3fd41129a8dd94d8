/**
 * What a broadcaster reaches for while live: stream status, the marker log, chat
 * settings with presets, ads and the ad schedule, channel info, the tray's model, and the quick
 * actions (clips, polls and predictions, raids and shoutouts) with a global hotkey each. One factory so that composition
 * wires it in one place; each service lives in its own folder and is tested on its own.
 */
import { AdsService } from '../ads/ads-service';
import type { ApiClient } from '../api/api-client';
import type { Clock } from '../../../shared/primitives/clock';
import { ChannelInfoService } from '../channel-info/channel-info-service';
import { ChatSettingsService } from '../chat-settings/chat-settings-service';
import type { Logger } from '../logger';
import { QuickActionHotkeys } from '../hotkeys/quick-action-hotkeys';
import { FileMarkerLogStore, type MarkerLogStore } from '../markers/marker-log-store';
import { MarkerService } from '../markers/marker-service';
import { UnavailableShortcutRegistry, type ShortcutRegistry } from '../hotkeys/shortcut-registry';
import type { Notifier } from '../notifications/notifier';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { SettingsStore } from '../settings/settings-store';
import { StreamStatusService, type StreamEventsSource } from '../stream-status/stream-status-service';
import { settingsPauseSwitch, TrayModel, type NotificationPauseSwitch } from '../tray/tray-model';
import { ClipService } from '../clips/clip-service';
import { EngagementService } from '../polls/engagement-service';
import { RaidService } from '../raids/raid-service';
import type { EventsService } from '../events/events-service';

export interface LiveControlsDeps {
  api: ApiClient;
  /** The one current broadcaster composition builds (the same one the redemptions feature follows). */
  broadcaster: CurrentBroadcaster;
  settings: SettingsStore;
  dataDir: string;
  /** Told about damaged files found at start (the marker log). */
  notices?: DataRecoveryNotices;
  logger: Logger;
  notifier: Notifier;
  /** The EventSub events service (stream.online / stream.offline, gaps); null: polling only. */
  events?: (StreamEventsSource & Pick<EventsService, 'want' | 'onNotification'>) | null;
  clock?: Clock;
  /** Opens a clip's edit link from its notification (the system browser). */
  openUrl?: (url: string) => Promise<unknown>;
  /** Electron's globalShortcut adapter in the app; the dock has none (the hotkeys say why). */
  shortcuts?: ShortcutRegistry;
  /** Default: the notifications' do-not-disturb setting. */
  notificationPause?: NotificationPauseSwitch;
  /** For the tray's "Open Sidestage" (and the note and raid hotkeys) and "Quit"; the dock has no tray. */
  openWindow?: () => void;
  /** The tray's "Go-live checklist": opens the window on that panel. */
  openGoLiveChecklist?: () => void;
  quit?: () => void;
  /** Test and benchmark knobs. */
  markerLogStore?: MarkerLogStore;
  pollIntervalMs?: number;
  markerRetryWindowMs?: number;
  markerRetryBaseMs?: number;
  clipPollInitialMs?: number;
  clipAvailableWithinMs?: number;
}

export interface LiveControls {
  stream: StreamStatusService;
  markers: MarkerService;
  /** Every quick action's global hotkey. */
  hotkeys: QuickActionHotkeys;
  chatSettings: ChatSettingsService;
  ads: AdsService;
  channel: ChannelInfoService;
  tray: TrayModel;
  clips: ClipService;
  engagement: EngagementService;
  raids: RaidService;
}

export interface LiveControlsFeature extends LiveControls {
  /** For the window's close handler in src/main/index.ts: hide to the tray instead of quitting. */
  closesToTray(): boolean;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export function createLiveControlsFeature(deps: LiveControlsDeps): LiveControlsFeature {
  const { api, broadcaster, settings, logger, notifier, clock } = deps;
  const stream = new StreamStatusService({ api, broadcaster, events: deps.events ?? null, logger, clock, pollIntervalMs: deps.pollIntervalMs });
  const markers = new MarkerService({
    api,
    broadcaster,
    stream,
    notifier,
    settings,
    store: deps.markerLogStore ?? new FileMarkerLogStore(deps.dataDir, logger, undefined, deps.notices),
    logger,
    clock,
    retryWindowMs: deps.markerRetryWindowMs,
    retryBaseMs: deps.markerRetryBaseMs,
    showWindow: deps.openWindow,
  });
  const clips = new ClipService({ api, broadcaster, notifier, logger, log: markers, openUrl: deps.openUrl, clock, pollInitialMs: deps.clipPollInitialMs, availableWithinMs: deps.clipAvailableWithinMs });
  const chatSettings = new ChatSettingsService({ api, broadcaster, settings, logger, notifier, clock });
  const ads = new AdsService({ api, broadcaster, notifier, clock, events: deps.events ?? null, stream, logger });
  const engagement = new EngagementService({ api, broadcaster, settings, logger, events: deps.events ?? null });
  const raids = new RaidService({ api, broadcaster, logger, events: deps.events ?? null, clock });
  const hotkeys = new QuickActionHotkeys({
    registry: deps.shortcuts ?? new UnavailableShortcutRegistry(),
    settings,
    notifier,
    logger,
    clock,
    services: { markers, clips, ads, chatSettings, engagement, raids },
    openWindow: deps.openWindow,
  });
  // A title or category change shows in the status at once.
  const channel = new ChannelInfoService({ api, broadcaster, events: deps.events ?? null, logger, onChanged: () => void stream.refresh().catch(() => {}) });
  const tray = new TrayModel({
    stream,
    ads,
    markers,
    notifications: deps.notificationPause ?? settingsPauseSwitch(settings),
    openWindow: deps.openWindow ?? (() => {}),
    openGoLiveChecklist: deps.openGoLiveChecklist,
    quit: deps.quit ?? (() => {}),
    logger,
    clock,
  });

  return {
    stream,
    markers,
    hotkeys,
    chatSettings,
    ads,
    channel,
    tray,
    clips,
    engagement,
    raids,
    closesToTray: () => settings.get('app.closeToTray'),
    async start() {
      stream.start();
      channel.start();
      chatSettings.start();
      hotkeys.start();
      ads.start();
      engagement.start();
      await markers.start();
    },
    async dispose() {
      tray.dispose();
      channel.dispose();
      ads.dispose();
      raids.dispose();
      engagement.dispose();
      clips.dispose();
      hotkeys.dispose();
      await markers.dispose();
      chatSettings.dispose();
      stream.dispose();
    },
  };
}
