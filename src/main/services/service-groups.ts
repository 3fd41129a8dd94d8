/**
 * The groups of services that composition builds together (src/main/composition/), as types only:
 * the IPC registrations (src/main/ipc/) and the features read them from here, so that nothing
 * imports back up from composition.
 */
import type { AdsService } from './ads/ads-service';
import type { ApiClient } from './api/api-client';
import type { AuthService } from './auth/auth-service';
import type { ChannelInfoService } from './channel-info/channel-info-service';
import type { CharityService } from './charity/charity-service';
import type { ChatSettingsService } from './chat-settings/chat-settings-service';
import type { ClipService } from './clips/clip-service';
import type { CurrentBroadcaster } from './common/current-broadcaster';
import type { DemoHateRaid } from './demo/hate-raid';
import type { ViewerSimulation } from './demo/viewer-simulation';
import type { ChannelEvents } from './events/channel-events';
import type { EventsService } from './events/events-service';
import type { QuickActionHotkeys } from './hotkeys/quick-action-hotkeys';
import type { IngestService } from './ingest/ingest-service';
import type { MarkerService } from './markers/marker-service';
import type { BannedAccountsService } from './moderation/banned-accounts-service';
import type { ChatRulesService } from './moderation/chat-rules-service';
import type { ChatUsersService } from './moderation/chat-users-service';
import type { HeldMessagesService } from './moderation/held-messages-service';
import type { ShieldModeService } from './moderation/shield-mode-service';
import type { UnbanRequestsService } from './moderation/unban-requests-service';
import type { Notifier } from './notifications/notifier';
import type { NotificationsService } from './notifications/notifications-service';
import type { RendererNotifier } from './notifications/renderer-notifier';
import type { EngagementService } from './polls/engagement-service';
import type { RaidService } from './raids/raid-service';
import type { RedemptionsService } from './redemptions/redemptions-service';
import type { RewardsService } from './rewards/rewards-service';
import type { StreamStatusService } from './stream-status/stream-status-service';
import type { TrayModel } from './tray/tray-model';

/** What every feature stands on: the sign-in, the API, whose channel it is, EventSub and its one event stream, ingest, notifications. */
export interface Platform {
  auth: AuthService;
  api: ApiClient;
  /** The one "whose channel is this" for every service, so that the panels agree during a re-sign-in. */
  broadcaster: CurrentBroadcaster;
  /** One EventSub session for the current broadcaster; services follow its gaps. */
  events: EventsService;
  /** The one channel-event stream: every consumer of what happens on the channel subscribes here. */
  channelEvents: ChannelEvents;
  ingest: IngestService;
  /** Desktop notifications (Electron) or the renderer's toasts (dock mode). */
  notifier: Notifier;
  /** The renderer's toasts in dock mode; null in the app. */
  rendererNotifier: RendererNotifier | null;
}

/** Channel-point redemptions (with their outbox), the notifications (with their ledger), charity, rewards. */
export interface RedemptionServices {
  redemptions: RedemptionsService;
  notifications: NotificationsService;
  charity: CharityService;
  rewards: RewardsService;
}

/** Shield Mode, held messages, unban requests, banned accounts, a chatter's card, the chat rules. */
export interface ModerationServices {
  shieldMode: ShieldModeService;
  heldMessages: HeldMessagesService;
  unbanRequests: UnbanRequestsService;
  bannedAccounts: BannedAccountsService;
  chatUsers: ChatUsersService;
  chatRules: ChatRulesService;
}

/** What a broadcaster reaches for while live. */
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
  /** For the window's close handler in src/main/index.ts: hide to the tray instead of quitting. */
  closesToTray(): boolean;
}

/** Demo mode: the "Simulate viewers" switch's engine and "Simulate a hate raid". */
export interface DemoServices {
  simulation: ViewerSimulation;
  hateRaid: DemoHateRaid;
}
