/**
 * Automations as one feature for the composition root: the automations file, the exactly-once
 * ledger and the service, over the channel-event stream, OBS's one connection and the action
 * services the other features built. Its IPC is `src/main/ipc/automations-ipc.ts`, which answers
 * "starting" until `start()` has read the files.
 *
 * Wiring (src/main/composition.ts, through `build-automations.ts`), after the redemption services and live controls exist:
 *   const automations = createAutomationsFeature({ ... });
 *   wiring.add(registerAutomationsIpc(router, automations));
 *   await automations.start();   // after startRedemptionServices(), before events.start()
 *   ...dispose: await automations.dispose();
 */
import type { AutomationsState, ChannelEvent, ObsChoices, ObsState, Redemption } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { systemClock } from '../../../shared/primitives/clock';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { isDiskFull } from '../common/atomic-json-file';
import type { ChannelEvents } from '../events/channel-events';
import { UnavailableShortcutRegistry, type ShortcutRegistry } from '../hotkeys/shortcut-registry';
import type { AdsService } from '../ads/ads-service';
import type { ChatSettingsService } from '../chat-settings/chat-settings-service';
import type { ClipService } from '../clips/clip-service';
import type { MarkerService } from '../markers/marker-service';
import type { EngagementService } from '../polls/engagement-service';
import type { RaidService } from '../raids/raid-service';
import type { RedemptionsService } from '../redemptions/redemptions-service';
import type { RewardsService } from '../rewards/rewards-service';
import type { StreamStatusService } from '../stream-status/stream-status-service';
import type { Logger } from '../logger';
import { ObsSceneControl } from '../obs/obs-scene-control';
import type { ObsRequests } from '../obs/obs-service';
import { unavailableAlerts, type ActionPorts, type AlertsPort } from './actions';
import { AutomationStore } from './automation-store';
import { AutomationsService } from './automations-service';
import { RunLedger } from './run-ledger';
import { createSimulationTester, type SimulationTesterHttp } from './simulation-tester';
import { starterTemplates } from './starter-templates';

export interface AutomationsFeatureDeps {
  dataDir: string;
  notices?: DataRecoveryNotices;
  logger: Logger;
  clock?: Clock;
  channelEvents: Pick<ChannelEvents, 'on' | 'publish'>;
  obs: ObsRequests & { getState(): Pick<ObsState, 'status' | 'statusText'> };
  chat: { send(text: string, announcement?: string): Promise<{ messageId: string | null }> };
  /** The live controls the actions call (composition's `live`). */
  live: {
    raids: Pick<RaidService, 'shoutoutById'>;
    markers: Pick<MarkerService, 'drop'>;
    clips: Pick<ClipService, 'create'>;
    chatSettings: Pick<ChatSettingsService, 'getState' | 'update'>;
    ads: Pick<AdsService, 'run' | 'getState' | 'onChange'>;
    engagement: Pick<EngagementService, 'getState' | 'startFromTemplate'>;
    stream: Pick<StreamStatusService, 'getStatus' | 'onChange'>;
  };
  /** The redemption queue (its outbox, its caught-up redemptions) and the channel's rewards. */
  redemptions: {
    redemptions: Pick<RedemptionsService, 'getSnapshot' | 'getRedemption' | 'resolve' | 'onArrived'>;
    rewards: Pick<RewardsService, 'getOverview' | 'list'>;
  };
  /** Global shortcuts (the desktop app); none: the dock, which cannot register any. */
  shortcuts?: ShortcutRegistry;
  /** The overlays' alerts and sounds; none: refused in words. */
  alerts?: AlertsPort;
  /** Demo mode: the practice platform's simulation API, for Test. */
  demo?: { http: SimulationTesterHttp; broadcasterId: string; viewers: readonly { id: string; login: string }[] } | null;
  /** Test knobs. */
  requestTimeoutMs?: number;
  emitDelayMs?: number;
  chatLimit?: { limit: number; windowMs: number };
}

export interface AutomationsFeature {
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** Set once started. */
  readonly service: AutomationsService | null;
  /** The service, or an `unavailable` error while starting (what IPC handlers call). */
  need(): AutomationsService;
  getState(): AutomationsState;
  onChange(listener: (state: AutomationsState) => void): Disposer;
}

/** What the renderer sees before the files are read. */
const startingState: AutomationsState = {
  revision: 0,
  loaded: false,
  problem: null,
  paused: false,
  automations: [],
  statuses: [],
  runs: [],
  templates: starterTemplates.map(({ id, name, description }) => ({ id, name, description })),
  testMode: 'sample',
  hotkeysUnavailable: null,
};

/** A redemption the queue found by catching up after a gap, as a channel event. */
export function caughtUpRedemption(redemption: Redemption): ChannelEvent {
  return {
    kind: 'redemption',
    id: `redemption:${redemption.id}`,
    at: redemption.redeemedAt,
    source: 'caughtUp',
    redemptionId: redemption.id,
    reward: { id: redemption.rewardId, title: redemption.rewardTitle, cost: redemption.rewardCost, prompt: '' },
    user: { id: redemption.userId, login: redemption.userLogin, name: redemption.userName },
    input: redemption.userInput,
    status: 'unfulfilled',
  };
}

export function createAutomationsFeature(deps: AutomationsFeatureDeps): AutomationsFeature {
  const clock = deps.clock ?? systemClock;
  const changes = new Emitter<AutomationsState>();
  const running = new Disposers();
  let service: AutomationsService | null = null;
  let ledger: RunLedger | null = null;
  /** Why the files could not be opened: automations stay off, the rest of Sidestage runs. */
  let problem: string | null = null;
  let disposed = false;
  const scenes = new ObsSceneControl(deps.obs);
  const managedRewards = () => deps.redemptions.redemptions.getSnapshot().rewards;
  /** Every reward of the channel (read from the platform when not read yet), for a template's. */
  const channelRewards = async (): Promise<readonly { id: string; title: string }[]> => {
    const rewards = deps.redemptions.rewards;
    const known = rewards.getOverview().rewards;
    if (known.length) return known;
    return (await rewards.list().catch(() => null))?.rewards ?? managedRewards();
  };

  const obsChoices = async (): Promise<ObsChoices> => {
    const state = deps.obs.getState();
    if (state.status !== 'connected') return { connected: false, reason: state.statusText, scenes: [], inputs: [] };
    try {
      const [sceneList, inputs] = await Promise.all([scenes.listScenes(), scenes.listInputs()]);
      return { connected: true, reason: null, scenes: sceneList, inputs };
    } catch (error) {
      return { connected: false, reason: error instanceof AppError ? error.message : 'OBS could not list its scenes.', scenes: [], inputs: [] };
    }
  };

  const ports = (): ActionPorts => {
    const { live } = deps;
    return {
      obs: scenes,
      chat: deps.chat,
      shoutout: async (channelId) => (await live.raids.shoutoutById(channelId)).shoutout?.to.displayName ?? 'the channel',
      markers: { drop: (description) => live.markers.drop('automation', description || undefined) },
      clips: { create: () => live.clips.create('automation') },
      chatSettings: { current: () => live.chatSettings.getState().values, update: (changes) => live.chatSettings.update(changes) },
      ads: { run: (length) => live.ads.run(length) },
      engagement: {
        start: async (templateId) => {
          const template = live.engagement.getState().templates.find((t) => t.id === templateId);
          await live.engagement.startFromTemplate(templateId);
          return template?.title ?? 'the poll';
        },
      },
      redemptions: {
        isQueued: (id) => deps.redemptions.redemptions.getRedemption(id) !== undefined,
        resolve: (ids, status) => deps.redemptions.redemptions.resolve(ids, status),
      },
      alerts: deps.alerts ?? unavailableAlerts,
    };
  };

  return {
    get service() {
      return service;
    },
    need() {
      if (problem) throw new AppError('unavailable', problem);
      if (!service) throw new AppError('unavailable', 'Automations are starting; try again in a moment.');
      return service;
    },
    getState: () => service?.getState() ?? { ...startingState, loaded: problem !== null, problem },
    onChange: (listener) => changes.on(listener),
    async start() {
      if (service) return;
      let store: AutomationStore;
      let openedLedger: RunLedger;
      try {
        [store, openedLedger] = await Promise.all([AutomationStore.open(deps.dataDir, deps.notices), RunLedger.open(deps.dataDir, clock, { notices: deps.notices, logger: deps.logger })]);
      } catch (error) {
        // Without its run log an automation could run twice: none runs, and the panel says why.
        deps.logger.error('automations: could not open their files; automations are off', { error });
        problem = `Automations are off: Sidestage could not open their files in its data folder (${isDiskFull(error) ? 'your disk is full' : ((error as NodeJS.ErrnoException).code ?? 'an error')}). Free some space or check the folder, then restart Sidestage.`;
        changes.fire({ ...startingState, loaded: true, problem });
        return;
      }
      ledger = openedLedger;
      const demo = deps.demo;
      service = new AutomationsService({
        store,
        ledger,
        events: deps.channelEvents,
        ports: ports(),
        obsChoices,
        stream: deps.live.stream,
        ads: deps.live.ads,
        shortcuts: deps.shortcuts ?? new UnavailableShortcutRegistry(),
        tester: demo ? createSimulationTester({ http: demo.http, broadcasterId: demo.broadcasterId, viewers: demo.viewers, rewards: managedRewards }) : null,
        templateContext: async () => {
          const [choices, rewards] = await Promise.all([obsChoices(), channelRewards()]);
          return { rewards, scenes: choices.scenes.map((s) => s.name) };
        },
        logger: deps.logger,
        clock,
        requestTimeoutMs: deps.requestTimeoutMs,
        emitDelayMs: deps.emitDelayMs,
        chatLimit: deps.chatLimit,
      });
      running.add(service.onChange((state) => changes.fire(state)));
      // Redemptions the queue learns of only by catching up after a gap join the stream as
      // `caughtUp`: automations that ask for them see them. Those already waiting when Sidestage
      // starts (its first read) are the queue's, not events: no automation or alert replays them.
      running.add(
        deps.redemptions.redemptions.onArrived((items, context) => {
          if (context.source !== 'sync' || context.initial) return;
          for (const item of items) deps.channelEvents.publish(caughtUpRedemption(item));
        }),
      );
      service.start();
      changes.fire(service.getState());
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      running.dispose();
      service?.dispose();
      service = null;
      // What the last runs did is on disk before the process ends.
      await ledger?.flush().catch((error: unknown) => deps.logger.error('automations: could not save the run log on quit', { error }));
      ledger?.dispose();
      changes.dispose();
    },
  };
}
