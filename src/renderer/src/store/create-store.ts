import { createStore, type StoreApi } from 'zustand/vanilla';
import { createActionRunner } from './action-runner';
import { createAppSlice } from './app-slice';
import { createAuthSlice } from './auth-slice';
import { createEventEpochs } from './event-epochs';
import { stopAll } from './mirror';
import { createIngestSlice } from './ingest-slice';
import { createLiveSlice, mirrorLive } from './live-slice';
import type { SidestageState, StoreDeps } from './types';
import { createUiSlice, followGoingLive } from './ui-slice';
import { createCharitySlice } from './charity-slice';
import { createDataRecoverySlice, mirrorDataRecovery } from './data-recovery-slice';
import { createDemoSlice, mirrorDemo } from './demo-slice';
import { createObsSlice, mirrorObs } from './obs-slice';
import { createGoLiveSlice, mirrorGoLive } from './go-live-slice';
import { createTestStreamSlice, mirrorTestStream } from './test-stream-slice';
import { createNotificationsSlice } from './notifications-slice';
import { createRedemptionsSlice } from './redemptions-slice';
import { createRewardsSlice } from './rewards-slice';
import { createQuickActionsSlice, mirrorQuickActions } from './quick-actions-slice';
import { createActivitySlice } from './activity-slice';
import { createChatSlice } from './chat-slice';
import { createAppearanceSlice, mirrorAppearance } from './appearance-slice';
import { createHotkeysSlice, mirrorHotkeys } from './hotkeys-slice';
import { createAutomationsSlice, mirrorAutomations } from './automations-slice';

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
      ...createAutomationsSlice(context),
    };
  });
}

/**
 * Loads the first state and keeps the store in step with main: events, connection state, and a
 * full re-read whenever the event stream (re)opens. Returns the function that stops it.
 */
export function startMirroring(store: SidestageStore, deps: StoreDeps): () => void {
  const actions = store.getState();
  const stops = [
    deps.bridge.on('auth:changed', (state) => store.getState().applyAuth(state)),
    deps.bridge.on('ingest:changed', (overview) => store.getState().applyIngest(overview)),
    deps.connection.subscribe((state) => store.getState().setConnection(state)),
    deps.connection.onResync(() => void resync(store)),
    mirrorLive(store, deps),
    ...mirrorChannelPoints(store, deps),
    mirrorDemo(store, deps),
    mirrorDataRecovery(store, deps),
    mirrorObs(store, deps),
    mirrorGoLive(store, deps),
    mirrorTestStream(store, deps),
    mirrorQuickActions(store, deps),
    mirrorAppearance(store, deps),
    mirrorHotkeys(store, deps),
    mirrorAutomations(store, deps),
    followGoingLive(store),
  ];
  // The state may have moved between the store's creation and the subscription above.
  actions.setConnection(deps.connection.getState());
  void actions.loadAppInfo();
  void actions.loadAuth();
  return stopAll(stops);
}

/** Re-reads what events may have missed. */
export async function resync(store: SidestageStore): Promise<void> {
  const state = store.getState();
  const work: Promise<void>[] = [state.loadAuth()];
  if (!state.appInfo && !state.actions['app.load']?.pending) work.push(state.loadAppInfo());
  // applyAuth loads the overview on a change to signed in; an unchanged sign-in needs it here.
  if (state.auth?.status === 'signedIn') work.push(state.loadIngest(), ...loadChannelPoints(store));
  await Promise.all(work);
}

/** Redemptions, notifications, charity and rewards: their events, and a first load on every sign-in. */
function mirrorChannelPoints(store: SidestageStore, deps: StoreDeps): (() => void)[] {
  let signedInAs: string | null = null;
  const follow = (state: SidestageState) => {
    const id = state.auth?.status === 'signedIn' ? (state.auth.account?.id ?? null) : null;
    if (id === signedInAs) return;
    signedInAs = id;
    if (id !== null) void Promise.all(loadChannelPoints(store));
  };
  return [
    deps.bridge.on('redemptions:changed', (delta) => store.getState().applyQueueDelta(delta)),
    deps.bridge.on('notifications:shown', (toast) => store.getState().showToast(toast)),
    deps.bridge.on('notifications:open', (item) => store.getState().openItem(item)),
    deps.bridge.on('charity:changed', (overview) => store.getState().applyCharity(overview)),
    deps.bridge.on('rewards:changed', (overview) => store.getState().applyRewards(overview)),
    deps.bridge.on('activity:changed', (delta) => store.getState().applyActivityDelta(delta)),
    deps.bridge.on('chat:changed', (delta) => store.getState().applyChatDelta(delta)),
    store.subscribe(follow),
  ];
}

function loadChannelPoints(store: SidestageStore): Promise<void>[] {
  const state = store.getState();
  return [state.loadQueue(), state.loadCharity(), state.loadRewards(), state.loadNotificationSettings(), state.loadActivity(), state.loadChat()];
}
