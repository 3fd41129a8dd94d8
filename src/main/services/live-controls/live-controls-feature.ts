/**
 * What a broadcaster reaches for while live: stream status, the marker hotkey and log, chat
 * settings with presets, ads, channel info, and the tray's model. One factory so that composition
 * wires it in one place; each service lives in its own folder and is tested on its own.
 */
import type { AuthState } from '../../../shared/ipc/contract';
import type { IpcRouter } from '../../ipc/ipc-router';
import { registerLiveControlsHandlers } from '../../ipc/live-controls-ipc';
import { AdsService } from '../ads/ads-service';
import type { ApiClient } from '../api/api-client';
import type { Clock } from '../../../shared/primitives/clock';
import { ChannelInfoService } from '../channel-info/channel-info-service';
import { ChatSettingsService } from '../chat-settings/chat-settings-service';
import type { Logger } from '../logger';
import { MarkerHotkeys } from '../markers/marker-hotkeys';
import { FileMarkerLogStore, type MarkerLogStore } from '../markers/marker-log-store';
import { MarkerService } from '../markers/marker-service';
import { UnavailableShortcutRegistry, type ShortcutRegistry } from '../markers/shortcut-registry';
import type { Notifier } from '../notifications/notifier';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { SettingsStore } from '../settings/settings-store';
import { StreamStatusService, type StreamEventsSource } from '../stream-status/stream-status-service';
import { settingsPauseSwitch, TrayModel, type NotificationPauseSwitch } from '../tray/tray-model';

export interface LiveControlsDeps {
  api: ApiClient;
  auth: { getState(): AuthState; onChange(listener: (state: AuthState) => void): () => void };
  settings: SettingsStore;
  dataDir: string;
  /** Told about damaged files found at start (the marker log). */
  notices?: DataRecoveryNotices;
  logger: Logger;
  notifier: Notifier;
  /** The EventSub events service (stream.online / stream.offline, gaps); null: polling only. */
  events?: StreamEventsSource | null;
  clock?: Clock;
  /** Electron's globalShortcut adapter in the app; the dock has none (the hotkey says why). */
  shortcuts?: ShortcutRegistry;
  /** Default: the notifications' do-not-disturb setting. */
  notificationPause?: NotificationPauseSwitch;
  /** For the tray's "Open Sidestage" (and the note hotkey) and "Quit"; the dock has no tray. */
  openWindow?: () => void;
  quit?: () => void;
  /** Test and benchmark knobs. */
  markerLogStore?: MarkerLogStore;
  pollIntervalMs?: number;
  markerRetryWindowMs?: number;
  markerRetryBaseMs?: number;
}

export interface LiveControls {
  stream: StreamStatusService;
  markers: MarkerService;
  hotkey: MarkerHotkeys;
  chatSettings: ChatSettingsService;
  ads: AdsService;
  channel: ChannelInfoService;
  tray: TrayModel;
}

export interface LiveControlsFeature extends LiveControls {
  register(router: IpcRouter): void;
  /** For the window's close handler in src/main/index.ts: hide to the tray instead of quitting. */
  closesToTray(): boolean;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export function createLiveControlsFeature(deps: LiveControlsDeps): LiveControlsFeature {
  const { api, auth, settings, logger, notifier, clock } = deps;
  const stream = new StreamStatusService({ api, auth, events: deps.events ?? null, logger, clock, pollIntervalMs: deps.pollIntervalMs });
  const markers = new MarkerService({
    api,
    auth,
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
  const hotkey = new MarkerHotkeys({
    registry: deps.shortcuts ?? new UnavailableShortcutRegistry(),
    settings,
    notifier,
    logger,
    clock,
    onMarkerPress: () => markers.drop('hotkey'),
    onNotePress: () => markers.requestNote('hotkey'),
  });
  const chatSettings = new ChatSettingsService({ api, auth, settings, logger, notifier, clock });
  const ads = new AdsService({ api, auth, notifier, clock });
  // A title or category change shows in the status at once.
  const channel = new ChannelInfoService({ api, auth, onChanged: () => void stream.refresh().catch(() => {}) });
  const tray = new TrayModel({
    stream,
    ads,
    markers,
    notifications: deps.notificationPause ?? settingsPauseSwitch(settings),
    openWindow: deps.openWindow ?? (() => {}),
    quit: deps.quit ?? (() => {}),
    logger,
    clock,
  });

  const offs: (() => void)[] = [];
  const live: LiveControls = { stream, markers, hotkey, chatSettings, ads, channel, tray };
  return {
    ...live,
    closesToTray: () => settings.get('app.closeToTray'),
    register(router) {
      registerLiveControlsHandlers(router, live, settings);
      offs.push(
        stream.onChange((status) => router.emit('stream:changed', status)),
        markers.onChange((overview) => router.emit('markers:changed', overview)),
        hotkey.onChange((state) => router.emit('hotkeys:changed', state)),
        chatSettings.onChange((state) => router.emit('chatSettings:changed', state)),
        ads.onChange((state) => router.emit('ads:changed', state)),
      );
    },
    async start() {
      stream.start();
      chatSettings.start();
      hotkey.start();
      await markers.start();
    },
    async dispose() {
      for (const off of offs.splice(0)) off();
      tray.dispose();
      hotkey.dispose();
      await markers.dispose();
      chatSettings.dispose();
      stream.dispose();
    },
  };
}
