/**
 * The store's shape: every slice listed once, in `Slices`, by its state and its action ids (each in
 * its leaf file under slice-types/, which imports no store file back, so the store has no import
 * circle). `SidestageState` and `ActionId` are made from that list; create-store.ts's `slices` is
 * held to the same names by the compiler.
 */
import type { SidestageBridge } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import type { ConnectionSource, Transport } from '../lib/api';
import type { ActivityActionId, ActivitySlice } from './slice-types/activity';
import type { AppActionId, AppSlice } from './slice-types/app';
import type { AppearanceActionId, AppearanceSlice } from './slice-types/appearance';
import type { AuthActionId, AuthSlice } from './slice-types/auth';
import type { BotActionId, BotSlice } from './slice-types/bot';
import type { BroadcastStoryActionId, BroadcastStorySlice } from './slice-types/broadcast-story';
import type { ControlActionId, ControlSlice } from './slice-types/control';
import type { AutomationsActionId, AutomationsSlice } from './slice-types/automations';
import type { CharityActionId, CharitySlice } from './slice-types/charity';
import type { ChatActionId, ChatSlice } from './slice-types/chat';
import type { ChatRulesActionId, ChatRulesSlice } from './slice-types/chat-rules';
import type { ChatUsersActionId, ChatUsersSlice } from './slice-types/chat-users';
import type { DataRecoveryActionId, DataRecoverySlice } from './slice-types/data-recovery';
import type { DemoActionId, DemoSlice } from './slice-types/demo';
import type { GoLiveActionId, GoLiveSlice } from './slice-types/go-live';
import type { HeldMessagesActionId, HeldMessagesSlice } from './slice-types/held-messages';
import type { HotkeysActionId, HotkeysSlice } from './slice-types/hotkeys';
import type { IngestActionId, IngestSlice } from './slice-types/ingest';
import type { LiveActionId, LiveSlice } from './slice-types/live';
import type { LiveViewActionId, LiveViewSlice } from './slice-types/live-view';
import type { NotificationsActionId, NotificationsSlice } from './slice-types/notifications';
import type { ObsActionId, ObsSlice } from './slice-types/obs';
import type { OverlaysActionId, OverlaysSlice } from './slice-types/overlays';
import type { QuickActionsActionId, QuickActionsSlice } from './slice-types/quick-actions';
import type { RedemptionsActionId, RedemptionsSlice } from './slice-types/redemptions';
import type { RewardsActionId, RewardsSlice } from './slice-types/rewards';
import type { ShieldModeActionId, ShieldModeSlice } from './slice-types/shield-mode';
import type { TestStreamActionId, TestStreamSlice } from './slice-types/test-stream';
import type { UiSlice } from './slice-types/ui';
import type { UnbanRequestsActionId, UnbanRequestsSlice } from './slice-types/unban-requests';
import type { BannedAccountsActionId, BannedAccountsSlice } from './slice-types/banned-accounts';
import type { ModLogActionId, ModLogSlice } from './slice-types/mod-log';

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

/**
 * Every slice of the store: its state and actions, and the ids of its user-visible async actions.
 * A new slice is one line here and one in create-store.ts's `slices` (whose order the mirrors start in).
 */
export interface Slices {
  app: { state: AppSlice; actionId: AppActionId };
  auth: { state: AuthSlice; actionId: AuthActionId };
  bot: { state: BotSlice; actionId: BotActionId };
  ingest: { state: IngestSlice; actionId: IngestActionId };
  live: { state: LiveSlice; actionId: LiveActionId };
  redemptions: { state: RedemptionsSlice; actionId: RedemptionsActionId };
  notifications: { state: NotificationsSlice; actionId: NotificationsActionId };
  charity: { state: CharitySlice; actionId: CharityActionId };
  rewards: { state: RewardsSlice; actionId: RewardsActionId };
  demo: { state: DemoSlice; actionId: DemoActionId };
  dataRecovery: { state: DataRecoverySlice; actionId: DataRecoveryActionId };
  obs: { state: ObsSlice; actionId: ObsActionId };
  goLive: { state: GoLiveSlice; actionId: GoLiveActionId };
  testStream: { state: TestStreamSlice; actionId: TestStreamActionId };
  quickActions: { state: QuickActionsSlice; actionId: QuickActionsActionId };
  activity: { state: ActivitySlice; actionId: ActivityActionId };
  chat: { state: ChatSlice; actionId: ChatActionId };
  appearance: { state: AppearanceSlice; actionId: AppearanceActionId };
  hotkeys: { state: HotkeysSlice; actionId: HotkeysActionId };
  shieldMode: { state: ShieldModeSlice; actionId: ShieldModeActionId };
  heldMessages: { state: HeldMessagesSlice; actionId: HeldMessagesActionId };
  unbanRequests: { state: UnbanRequestsSlice; actionId: UnbanRequestsActionId };
  bannedAccounts: { state: BannedAccountsSlice; actionId: BannedAccountsActionId };
  modLog: { state: ModLogSlice; actionId: ModLogActionId };
  chatRules: { state: ChatRulesSlice; actionId: ChatRulesActionId };
  chatUsers: { state: ChatUsersSlice; actionId: ChatUsersActionId };
  automations: { state: AutomationsSlice; actionId: AutomationsActionId };
  overlays: { state: OverlaysSlice; actionId: OverlaysActionId };
  liveView: { state: LiveViewSlice; actionId: LiveViewActionId };
  control: { state: ControlSlice; actionId: ControlActionId };
  broadcastStory: { state: BroadcastStorySlice; actionId: BroadcastStoryActionId };
  /** The panel shown; it follows going live after every other slice has started. */
  ui: { state: UiSlice; actionId: never };
  /** Every action's pending flag and error (action-runner.ts). */
  actions: { state: ActionsSlice; actionId: never };
}

/** Every user-visible async action; each has its own pending flag and error. */
export type ActionId = Slices[keyof Slices]['actionId'];

export interface ActionStatus {
  pending: boolean;
  /** Why the last run failed, in words; null when it succeeded or was dismissed. */
  error: string | null;
}

export interface ActionsSlice {
  actions: Partial<Record<ActionId, ActionStatus>>;
  /** Runs the action's last attempt again, with the same arguments. */
  retry(id: ActionId): Promise<void>;
  dismissError(id: ActionId): void;
}

/** `A | B | C` to `A & B & C`: the store holds every slice at once. */
type AllOf<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;

export type SidestageState = AllOf<Slices[keyof Slices]['state']>;
