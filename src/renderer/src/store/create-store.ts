import { createStore, type StoreApi } from 'zustand/vanilla';
import { createActionRunner, createActionsSlice, type SliceContext } from './action-runner';
import { createAppSlice, mirrorApp } from './app-slice';
import { createAuthSlice, mirrorAuth } from './auth-slice';
import { createBotSlice, mirrorBot } from './bot-slice';
import { createEventEpochs } from './event-epochs';
import { stopAll } from './mirror';
import { createIngestSlice, mirrorIngest } from './ingest-slice';
import { createLiveSlice, mirrorLive } from './live-slice';
import type { SidestageState, Slices, StoreDeps } from './types';
import { createUiSlice, followGoingLive } from './ui-slice';
import { createCharitySlice, mirrorCharity } from './charity-slice';
import { createDataRecoverySlice, mirrorDataRecovery } from './data-recovery-slice';
import { createDemoSlice, mirrorDemo } from './demo-slice';
import { createObsSlice, mirrorObs } from './obs-slice';
import { createGoLiveSlice, mirrorGoLive } from './go-live-slice';
import { createTestStreamSlice, mirrorTestStream } from './test-stream-slice';
import { createNotificationsSlice, mirrorNotifications } from './notifications-slice';
import { createRedemptionsSlice, mirrorRedemptions } from './redemptions-slice';
import { createRewardsSlice, mirrorRewards } from './rewards-slice';
import { createQuickActionsSlice, mirrorQuickActions } from './quick-actions-slice';
import { createActivitySlice, mirrorActivity } from './activity-slice';
import { createBroadcastStorySlice, mirrorBroadcastStory } from './broadcast-story-slice';
import { createControlSlice, mirrorControl } from './control-slice';
import { createChatSlice, mirrorChat } from './chat-slice';
import { createAppearanceSlice, mirrorAppearance } from './appearance-slice';
import { createHotkeysSlice, mirrorHotkeys } from './hotkeys-slice';
import { createShieldModeSlice, mirrorShieldMode } from './shield-mode-slice';
import { createHeldMessagesSlice, mirrorHeldMessages } from './held-messages-slice';
import { createUnbanRequestsSlice, mirrorUnbanRequests } from './unban-requests-slice';
import { createBannedAccountsSlice, mirrorBannedAccounts } from './banned-accounts-slice';
import { createModLogSlice, mirrorModLog } from './mod-log-slice';
import { createChatRulesSlice, mirrorChatRules } from './chat-rules-slice';
import { createChatUsersSlice, mirrorChatUsers } from './chat-users-slice';
import { createAutomationsSlice, mirrorAutomations } from './automations-slice';
import { createOverlaysSlice, mirrorOverlays } from './overlays-slice';
import { createLiveViewSlice, mirrorLiveView } from './live-view-slice';

export type SidestageStore = StoreApi<SidestageState>;

/** A slice: what it adds to the state, and how it follows main (store/mirror.ts). */
interface SliceModule<State> {
  create(context: SliceContext): State;
  mirror?(store: SidestageStore, deps: StoreDeps): () => void;
}

/**
 * Every slice, in the order their mirrors start (types.ts's `Slices` names the same ones, checked
 * by the compiler): a new slice is one line here.
 */
const slices: { [Name in keyof Slices]: SliceModule<Slices[Name]['state']> } = {
  app: { create: createAppSlice, mirror: mirrorApp },
  auth: { create: createAuthSlice, mirror: mirrorAuth },
  bot: { create: createBotSlice, mirror: mirrorBot },
  ingest: { create: createIngestSlice, mirror: mirrorIngest },
  live: { create: createLiveSlice, mirror: mirrorLive },
  redemptions: { create: createRedemptionsSlice, mirror: mirrorRedemptions },
  notifications: { create: createNotificationsSlice, mirror: mirrorNotifications },
  charity: { create: createCharitySlice, mirror: mirrorCharity },
  rewards: { create: createRewardsSlice, mirror: mirrorRewards },
  demo: { create: createDemoSlice, mirror: mirrorDemo },
  dataRecovery: { create: createDataRecoverySlice, mirror: mirrorDataRecovery },
  obs: { create: createObsSlice, mirror: mirrorObs },
  goLive: { create: createGoLiveSlice, mirror: mirrorGoLive },
  testStream: { create: createTestStreamSlice, mirror: mirrorTestStream },
  quickActions: { create: createQuickActionsSlice, mirror: mirrorQuickActions },
  activity: { create: createActivitySlice, mirror: mirrorActivity },
  chat: { create: createChatSlice, mirror: mirrorChat },
  appearance: { create: createAppearanceSlice, mirror: mirrorAppearance },
  hotkeys: { create: createHotkeysSlice, mirror: mirrorHotkeys },
  shieldMode: { create: createShieldModeSlice, mirror: mirrorShieldMode },
  heldMessages: { create: createHeldMessagesSlice, mirror: mirrorHeldMessages },
  unbanRequests: { create: createUnbanRequestsSlice, mirror: mirrorUnbanRequests },
  bannedAccounts: { create: createBannedAccountsSlice, mirror: mirrorBannedAccounts },
  modLog: { create: createModLogSlice, mirror: mirrorModLog },
  chatRules: { create: createChatRulesSlice, mirror: mirrorChatRules },
  chatUsers: { create: createChatUsersSlice, mirror: mirrorChatUsers },
  automations: { create: createAutomationsSlice, mirror: mirrorAutomations },
  overlays: { create: createOverlaysSlice, mirror: mirrorOverlays },
  liveView: { create: createLiveViewSlice, mirror: mirrorLiveView },
  control: { create: createControlSlice, mirror: mirrorControl },
  broadcastStory: { create: createBroadcastStorySlice, mirror: mirrorBroadcastStory },
  ui: { create: createUiSlice, mirror: followGoingLive },
  actions: { create: createActionsSlice },
};

/** One store of slices. Main is the source of truth; the store mirrors it. */
export function createSidestageStore(deps: StoreDeps): SidestageStore {
  return createStore<SidestageState>()((set, get) => {
    const { run, retry } = createActionRunner(set);
    const context: SliceContext = { set, get, deps, run, retry, epochs: createEventEpochs() };
    // Each slice's part, together: every name in `Slices` has its part, so this is the whole state.
    return Object.assign({}, ...Object.values(slices).map((slice) => slice.create(context))) as SidestageState;
  });
}

/**
 * Loads the first state and keeps the store in step with main: each slice's mirror (its events, a
 * first read, a read again whenever the dock's event stream reopens). Returns the function that stops it.
 */
export function startMirroring(store: SidestageStore, deps: StoreDeps): () => void {
  return stopAll(Object.values(slices).flatMap((slice) => (slice.mirror ? [slice.mirror(store, deps)] : [])));
}
