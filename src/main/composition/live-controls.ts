/**
 * Composition's builder of what a broadcaster reaches for while live: stream status, the marker
 * log, chat settings with presets, ads and the ad schedule, channel info, the tray's model, and the
 * quick actions (clips, polls and predictions, raids and shoutouts) with a global hotkey each.
 * Synchronous: every service exists once `buildLiveControls` returns; `startLiveControls` and
 * `disposeLiveControls` run them in order. Each service lives in its own folder under services/
 * and is tested on its own; composition.ts and the integration tests build them with this.
 */
import { AdsService } from '../services/ads/ads-service';
import type { ApiClient } from '../services/api/api-client';
import type { Clock } from '../../shared/primitives/clock';
import { ChannelInfoService } from '../services/channel-info/channel-info-service';
import { ChatSettingsService } from '../services/chat-settings/chat-settings-service';
import type { Logger } from '../services/logger';
import { QuickActionHotkeys } from '../services/hotkeys/quick-action-hotkeys';
import { FileMarkerLogStore, type MarkerLogStore } from '../services/markers/marker-log-store';
import { MarkerService } from '../services/markers/marker-service';
import { UnavailableShortcutRegistry, type ShortcutRegistry } from '../services/hotkeys/shortcut-registry';
import type { Notifier } from '../services/notifications/notifier';
import type { CurrentBroadcaster } from '../services/common/current-broadcaster';
import type { DataRecoveryNotices } from '../services/common/data-recovery-notices';
import type { SettingsStore } from '../services/settings/settings-store';
import { StreamStatusService, type StreamEventsSource } from '../services/stream-status/stream-status-service';
import { settingsPauseSwitch, TrayModel, type NotificationPauseSwitch } from '../services/tray/tray-model';
import { ClipService } from '../services/clips/clip-service';
import { EngagementService } from '../services/polls/engagement-service';
import { RaidService } from '../services/raids/raid-service';
import type { ChannelEvents } from '../services/events/channel-events';
import type { ShieldModeService } from '../services/moderation/shield-mode-service';
import { AppError } from '../services/app-error';
import type { LiveControls } from '../services/service-groups';
import { Disposers } from '../../shared/primitives/emitter';
import { registerLiveControlsIpc } from '../ipc/live-controls-ipc';
import { feature } from './feature-module';

export type { LiveControls };

export interface LiveControlsDeps {
  api: ApiClient;
  /** The one current broadcaster composition builds (the same one every service follows). */
  broadcaster: CurrentBroadcaster;
  settings: SettingsStore;
  dataDir: string;
  /** Told about damaged files found at start (the marker log). */
  notices?: DataRecoveryNotices;
  logger: Logger;
  notifier: Notifier;
  /** The EventSub events service (its gaps); null: polling only. */
  events?: StreamEventsSource | null;
  /** The one channel-event stream (going live, channel updates, ad breaks, polls and predictions, raids); null: none. */
  channelEvents?: Pick<ChannelEvents, 'on'> | null;
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
  /** Shield Mode, whose hotkey is a quick action's (built with the moderation services); none: its press says so. */
  shieldMode?: Pick<ShieldModeService, 'toggle'> | null;
  /** Test and benchmark knobs. */
  markerLogStore?: MarkerLogStore;
  pollIntervalMs?: number;
  markerRetryWindowMs?: number;
  markerRetryBaseMs?: number;
  clipPollInitialMs?: number;
  clipAvailableWithinMs?: number;
}


const noShieldMode: Pick<ShieldModeService, 'toggle'> = {
  toggle: () => Promise.reject(new AppError('unavailable', 'Shield Mode is not available here.')),
};

export function buildLiveControls(deps: LiveControlsDeps): LiveControls {
  const { api, broadcaster, settings, logger, notifier, clock } = deps;
  const events = deps.events ?? null;
  const channelEvents = deps.channelEvents ?? null;
  const stream = new StreamStatusService({ api, broadcaster, events, channelEvents, logger, clock, pollIntervalMs: deps.pollIntervalMs });
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
  const ads = new AdsService({ api, broadcaster, notifier, clock, channelEvents, stream });
  const engagement = new EngagementService({ api, broadcaster, settings, logger, channelEvents });
  const raids = new RaidService({ api, broadcaster, channelEvents, clock });
  const hotkeys = new QuickActionHotkeys({
    registry: deps.shortcuts ?? new UnavailableShortcutRegistry(),
    settings,
    notifier,
    logger,
    clock,
    services: { markers, clips, ads, chatSettings, engagement, raids, shieldMode: deps.shieldMode ?? noShieldMode },
    openWindow: deps.openWindow,
  });
  // A title or category change shows in the status at once.
  const channel = new ChannelInfoService({ api, broadcaster, channelEvents, logger, onChanged: () => void stream.refresh().catch(() => {}) });
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
  return { stream, markers, hotkeys, chatSettings, ads, channel, tray, clips, engagement, raids, closesToTray: () => settings.get('app.closeToTray') };
}

/** Starts them; resolves once the marker log is read. */
export async function startLiveControls(live: LiveControls): Promise<void> {
  live.stream.start();
  live.channel.start();
  live.chatSettings.start();
  live.hotkeys.start();
  live.ads.start();
  live.engagement.start();
  await live.markers.start();
}

/** Stops them; resolves once the marker log on disk is up to date. */
export async function disposeLiveControls(live: LiveControls): Promise<void> {
  live.tray.dispose();
  live.channel.dispose();
  live.ads.dispose();
  live.raids.dispose();
  live.engagement.dispose();
  live.clips.dispose();
  live.hotkeys.dispose();
  await live.markers.dispose();
  live.chatSettings.dispose();
  live.stream.dispose();
}

/** The feature module (composition/index.ts). */
export const liveControlsFeature = feature({
  name: 'live',
  build: (s, _files, earlier) =>
    buildLiveControls({
      api: earlier.platform.api,
      broadcaster: earlier.platform.broadcaster,
      settings: s.settings,
      dataDir: s.dataDir,
      notices: s.notices,
      logger: s.logger,
      notifier: earlier.platform.notifier,
      events: earlier.platform.events,
      channelEvents: earlier.platform.channelEvents,
      shortcuts: s.options.shortcuts,
      shieldMode: earlier.moderation.shieldMode,
      openWindow: s.options.showWindow,
      // The dock cannot open a browser: a clip's link is in its Live view instead of a toast button.
      openUrl: s.options.transport === 'electron' ? s.options.openUrl : undefined,
      // The checklist is listed after (it reads live controls); the tray is clicked only once started.
      openGoLiveChecklist: () => {
        s.options.showWindow?.();
        earlier.goLive.show();
      },
      quit: s.options.quit,
    }),
  serve(router, live, { redemptions }, s) {
    const wiring = new Disposers();
    wiring.add(registerLiveControlsIpc(router, live, s.settings, s.options.trayUnavailable));
    wiring.add(redemptions.redemptions.onPendingCountChange((count) => live.tray.setPendingRedemptions(count)));
    return wiring.dispose;
  },
  start: startLiveControls,
  dispose: disposeLiveControls,
});
