import { createStore, type StoreApi } from 'zustand/vanilla';
import { createActionRunner } from './action-runner';
import { createAppSlice, mirrorApp } from './app-slice';
import { createAuthSlice, mirrorAuth } from './auth-slice';
import { createEventEpochs } from './event-epochs';
import { stopAll } from './mirror';
import { createIngestSlice, mirrorIngest } from './ingest-slice';
import { createLiveSlice, mirrorLive } from './live-slice';
import type { SidestageState, StoreDeps } from './types';
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
import { createChatSlice, mirrorChat } from './chat-slice';
import { createAppearanceSlice, mirrorAppearance } from './appearance-slice';
import { createHotkeysSlice, mirrorHotkeys } from './hotkeys-slice';
import { createShieldModeSlice, mirrorShieldMode } from './shield-mode-slice';
import { createHeldMessagesSlice, mirrorHeldMessages } from './held-messages-slice';
import { createUnbanRequestsSlice, mirrorUnbanRequests } from './unban-requests-slice';
import { createChatRulesSlice, mirrorChatRules } from './chat-rules-slice';
import { createChatUsersSlice, mirrorChatUsers } from './chat-users-slice';
import { createAutomationsSlice, mirrorAutomations } from './automations-slice';
import { createOverlaysSlice, mirrorOverlays } from './overlays-slice';
import { createLiveViewSlice, mirrorLiveView } from './live-view-slice';
import { createBroadcastStorySlice, mirrorBroadcastStory } from './broadcast-story-slice';

export type SidestageStore = StoreApi<SidestageState>;

/** One store of slices. Main is the source of truth; the store mirrors it. */
export function createSidestageStore(deps: StoreDeps): SidestageStore {
  return createStore<SidestageState>()((set, get) => {
    const { run, retry } = createActionRunner(set);
    const context = { set, get, deps, run, epochs: createEventEpochs() };
    return {
      ...createAppSlice(context),
      ...createAuthSlice(context),
      ...createIngestSlice(context),
      ...createLiveSlice(context),
      ...createUiSlice(context, retry),
      ...createRedemptionsSlice(context),
      ...createNotificationsSlice(context),
      ...createCharitySlice(context),
      ...createRewardsSlice(context),
      ...createDemoSlice(context),
      ...createDataRecoverySlice(context),
      ...createObsSlice(context),
      ...createGoLiveSlice(context),
      ...createTestStreamSlice(context),
      ...createQuickActionsSlice(context),
      ...createActivitySlice(context),
      ...createChatSlice(context),
      ...createAppearanceSlice(context),
      ...createHotkeysSlice(context),
      ...createShieldModeSlice(context),
      ...createHeldMessagesSlice(context),
      ...createUnbanRequestsSlice(context),
      ...createChatRulesSlice(context),
      ...createChatUsersSlice(context),
      ...createAutomationsSlice(context),
      ...createOverlaysSlice(context),
      ...createLiveViewSlice(context),
      ...createBroadcastStorySlice(context),
    };
  });
}

/**
 * Loads the first state and keeps the store in step with main: each slice's mirror (its events, a
 * first read, a read again whenever the dock's event stream reopens). Returns the function that stops it.
 */
export function startMirroring(store: SidestageStore, deps: StoreDeps): () => void {
  const mirrors = [
    mirrorApp,
    mirrorAuth,
    mirrorIngest,
    mirrorLive,
    mirrorRedemptions,
    mirrorNotifications,
    mirrorCharity,
    mirrorRewards,
    mirrorDemo,
    mirrorDataRecovery,
    mirrorObs,
    mirrorGoLive,
    mirrorTestStream,
    mirrorQuickActions,
    mirrorActivity,
    mirrorChat,
    mirrorAppearance,
    mirrorHotkeys,
    mirrorShieldMode,
    mirrorHeldMessages,
    mirrorUnbanRequests,
    mirrorChatRules,
    mirrorChatUsers,
    mirrorAutomations,
    mirrorOverlays,
    mirrorLiveView,
    mirrorBroadcastStory,
  ];
  return stopAll([...mirrors.map((mirror) => mirror(store, deps)), followGoingLive(store)]);
}
