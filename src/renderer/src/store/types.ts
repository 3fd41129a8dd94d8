import type {
  AppInfo,
  AuthState,
  IngestOverview,
  SidestageBridge,
  SignInFlow,
} from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import type { CharityActionId, CharitySlice } from './charity-slice';
import type { DataRecoveryActionId, DataRecoverySlice } from './data-recovery-slice';
import type { DemoActionId, DemoSlice } from './demo-slice';
import type { TestStreamActionId, TestStreamSlice } from './test-stream-slice';
import type { ObsActionId, ObsSlice } from './obs-slice';
import type { GoLiveActionId, GoLiveSlice } from './go-live-slice';
import type { BroadcastStoryActionId, BroadcastStorySlice } from './broadcast-story-slice';
import type { NotificationsActionId, NotificationsSlice } from './notifications-slice';
import type { RedemptionsActionId, RedemptionsSlice } from './redemptions-slice';
import type { RewardsActionId, RewardsSlice } from './rewards-slice';
import type { ConnectionSource, ConnectionState, Transport } from '../lib/api';
import type { LiveActionId, LiveSlice } from './live-slice';
import type { QuickActionsActionId, QuickActionsSlice } from './quick-actions-slice';
import type { ActivityActionId, ActivitySlice } from './activity-slice';
import type { ChatActionId, ChatSlice } from './chat-slice';
import type { AppearanceActionId, AppearanceSlice } from './appearance-slice';
import type { HotkeysActionId, HotkeysSlice } from './hotkeys-slice';
import type { ShieldModeActionId, ShieldModeSlice } from './shield-mode-slice';
import type { HeldMessagesActionId, HeldMessagesSlice } from './held-messages-slice';
import type { UnbanRequestsActionId, UnbanRequestsSlice } from './unban-requests-slice';
import type { ChatRulesActionId, ChatRulesSlice } from './chat-rules-slice';
import type { ChatUsersActionId, ChatUsersSlice } from './chat-users-slice';
import type { AutomationsActionId, AutomationsSlice } from './automations-slice';
import type { OverlaysActionId, OverlaysSlice } from './overlays-slice';
import type { LiveViewActionId, LiveViewSlice } from './live-view-slice';

/** What the store needs from the outside world; tests pass fakes. */
export interface StoreDeps {
  bridge: SidestageBridge;
  transport: Transport;
  connection: ConnectionSource;
  /** Opens the consent page when main could not (dock mode). */
  openUrl: (url: string) => void;
  writeClipboard: (text: string) => Promise<void>;
  /** How long "Copied" feedback stays. */
  copyFeedbackMs?: number;
  /** Time and timers (toasts that expire); tests pass one they move by hand. */
  clock?: Clock;
}

/** Every user-visible async action; each has its own pending flag and error. */
export type ActionId =
  | 'app.load'
  | 'app.setPlatform'
  | 'auth.load'
  | 'auth.signIn'
  | 'auth.cancelSignIn'
  | 'auth.signOut'
  | 'ingest.load'
  | 'ingest.refresh'
  | 'ingest.probe'
  | 'ingest.select'
  | 'ingest.setSecure'
  | 'ingest.setBandwidthTest'
  | 'ingest.reveal'
  | 'ingest.copyServer'
  | 'ingest.copyStreamKey'
  | 'ingest.copyStreamUrl'
  | LiveActionId
  | RedemptionsActionId
  | NotificationsActionId
  | CharityActionId
  | RewardsActionId
  | DemoActionId
  | ObsActionId
  | GoLiveActionId
  | TestStreamActionId
  | DataRecoveryActionId
  | QuickActionsActionId
  | ActivityActionId
  | ChatActionId
  | AppearanceActionId
  | HotkeysActionId
  | ShieldModeActionId
  | HeldMessagesActionId
  | UnbanRequestsActionId
  | ChatRulesActionId
  | ChatUsersActionId
  | AutomationsActionId
  | OverlaysActionId
  | LiveViewActionId
  | BroadcastStoryActionId;

export interface ActionStatus {
  pending: boolean;
  /** Why the last run failed, in words; null when it succeeded or was dismissed. */
  error: string | null;
}

export interface AppSlice {
  appInfo: AppInfo | null;
  transport: Transport;
  connection: ConnectionState;
  loadAppInfo(): Promise<void>;
  /** Saves the client ID for the next start; null goes back to the demo. */
  setPlatform(clientId: string | null): Promise<void>;
  setConnection(state: ConnectionState): void;
}

export interface AuthSlice {
  auth: AuthState | null;
  loadAuth(): Promise<void>;
  signIn(flow: SignInFlow): Promise<void>;
  cancelSignIn(): Promise<void>;
  signOut(): Promise<void>;
  /** Mirrors main's auth state (from an event or a call's result). */
  applyAuth(state: AuthState): void;
}

export type CopyTarget = 'server' | 'streamKey' | 'streamUrl';

export interface IngestSlice {
  ingest: IngestOverview | null;
  /** The full URL after an explicit reveal; forgotten on hide or when it no longer applies. */
  revealedUrl: string | null;
  /** Choices sent to main and not answered yet, shown so that a click is visibly taken. */
  pendingSelectId: number | null;
  pendingOptions: { secure?: boolean; bandwidthTest?: boolean };
  copied: { target: CopyTarget; seq: number } | null;
  loadIngest(): Promise<void>;
  refreshIngest(): Promise<void>;
  probeIngest(): Promise<void>;
  selectServer(serverId: number): Promise<void>;
  setSecure(secure: boolean): Promise<void>;
  setBandwidthTest(bandwidthTest: boolean): Promise<void>;
  revealStreamUrl(): Promise<void>;
  hideStreamUrl(): void;
  copyServerUrl(): Promise<void>;
  copyStreamKey(): Promise<void>;
  /** Server URL and stream key as one URL, for single-URL encoders. */
  copyStreamUrl(): Promise<void>;
  applyIngest(overview: IngestOverview): void;
}

/** Who switched the panel: the broadcaster (or a reload restoring their choice), or Sidestage itself. */
export type PanelOrigin = 'user' | 'auto';

export interface UiSlice {
  activePanel: string;
  /** When the broadcaster last picked a panel (or a reload restored one), epoch ms; null: never. */
  panelChosenAt: number | null;
  actions: Partial<Record<ActionId, ActionStatus>>;
  setActivePanel(panel: string, origin?: PanelOrigin): void;
  /** Runs the action's last attempt again, with the same arguments. */
  retry(id: ActionId): Promise<void>;
  dismissError(id: ActionId): void;
}

export type SidestageState = AppSlice &
  AuthSlice &
  IngestSlice &
  UiSlice &
  LiveSlice &
  RedemptionsSlice &
  NotificationsSlice &
  CharitySlice &
  RewardsSlice &
  DemoSlice &
  DataRecoverySlice &
  ObsSlice &
  GoLiveSlice &
  TestStreamSlice &
  QuickActionsSlice &
  ActivitySlice &
  ChatSlice &
  AppearanceSlice &
  HotkeysSlice &
  ShieldModeSlice &
  HeldMessagesSlice &
  UnbanRequestsSlice &
  ChatRulesSlice &
  ChatUsersSlice &
  AutomationsSlice &
  OverlaysSlice &
  LiveViewSlice &
  BroadcastStorySlice;
