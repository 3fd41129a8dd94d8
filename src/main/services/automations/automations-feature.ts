/**
 * Automations as one feature for the composition root: the automations file, the exactly-once
 * ledger and the service, over the channel-event stream, OBS's one connection and the action
 * services the other features built.
 *
 * As every feature (docs/architecture.md, "One recipe for a domain"): its files are read first
 * (`openAutomationFiles`, with the other files at the top of `createSidestage`), then it is built
 * synchronously (`src/main/composition/automations.ts`), so its IPC (`src/main/ipc/automations-ipc.ts`) serves it
 * from the start. Files that could not be opened leave automations off, with the reason, decided
 * before the build; the rest of Sidestage runs.
 */
import type { AutomationsState, BlockedTerm, ObsChoices, ObsState } from '../../../shared/ipc/contract';
import type { Clock } from '../../../shared/primitives/clock';
import { systemClock } from '../../../shared/primitives/clock';
import type { Disposer } from '../../../shared/primitives/emitter';
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
import type { SpeakingAccounts } from './own-chat-guard';
import { CooldownBook } from './cooldown-book';
import { RunLedger } from './run-ledger';
import type { PlatformLookups } from './live-fields';
import { VariableBook } from './variable-book';
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import type { RandomSource } from '../../../shared/domain/automation-template';
import { createSimulationTester, type SimulationTesterHttp } from './simulation-tester';
import { starterTemplates } from './starter-templates';
import type { ApiClient } from '../api/api-client';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { ChannelInfoService } from '../channel-info/channel-info-service';
import { platformChannel, platformFollows, platformModeration } from './action-runners/platform-ports';
import { FirstChatters } from './trigger-sources/first-chatters';
import { KeptObsReverts } from './action-runners/kept-obs-reverts';
import { FollowerLookup } from './trigger-sources/follower-check';
import { obsAutomationEvent, type ObsEventsSource } from './trigger-sources/obs-triggers';

/**
 * The files automations keep in the data directory, read before the feature is built. `problem`:
 * they could not be opened (without its run log an automation could run twice), so automations
 * are off and the panel says why.
 */
export type AutomationFiles =
  | { store: AutomationStore; ledger: RunLedger; cooldowns: CooldownBook; firstChatters: FirstChatters; obsReverts: KeptObsReverts; variables: VariableBook; problem: null }
  | { store: null; ledger: null; cooldowns: null; firstChatters: null; obsReverts: null; variables: null; problem: string };

/** Reads the automations file and the run ledger; damaged ones are set aside and told to `notices`. */
export async function openAutomationFiles(dataDir: string, options: { notices?: DataRecoveryNotices; logger: Logger; clock?: Clock }): Promise<AutomationFiles> {
  const clock = options.clock ?? systemClock;
  const [store, ledger, cooldowns, firstChatters, reverts, variables] = await Promise.allSettled([
    AutomationStore.open(dataDir, options.notices),
    RunLedger.open(dataDir, clock, { notices: options.notices, logger: options.logger }),
    CooldownBook.open(dataDir, clock, { notices: options.notices, logger: options.logger }),
    FirstChatters.open(dataDir, clock, { notices: options.notices, logger: options.logger }),
    KeptObsReverts.open(dataDir, clock, { notices: options.notices, logger: options.logger }),
    VariableBook.open(dataDir, clock, { notices: options.notices, logger: options.logger }),
  ]);
  if (
    store.status === 'fulfilled' &&
    ledger.status === 'fulfilled' &&
    cooldowns.status === 'fulfilled' &&
    firstChatters.status === 'fulfilled' &&
    reverts.status === 'fulfilled' &&
    variables.status === 'fulfilled'
  ) {
    return { store: store.value, ledger: ledger.value, cooldowns: cooldowns.value, firstChatters: firstChatters.value, obsReverts: reverts.value, variables: variables.value, problem: null };
  }
  // The ones that did open let go of their files.
  if (ledger.status === 'fulfilled') ledger.value.dispose();
  if (cooldowns.status === 'fulfilled') cooldowns.value.dispose();
  if (firstChatters.status === 'fulfilled') firstChatters.value.dispose();
  if (reverts.status === 'fulfilled') reverts.value.dispose();
  if (variables.status === 'fulfilled') variables.value.dispose();
  const error: unknown = [store, ledger, cooldowns, firstChatters, reverts, variables].find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason;
  options.logger.error('automations: could not open their files; automations are off', { error });
  const why = isDiskFull(error) ? 'your disk is full' : ((error as NodeJS.ErrnoException).code ?? 'an error');
  return {
    store: null,
    ledger: null,
    cooldowns: null,
    firstChatters: null,
    obsReverts: null,
    variables: null,
    problem: `Automations are off: Sidestage could not open their files in its data folder (${why}). Free some space or check the folder, then restart Sidestage.`,
  };
}

export interface AutomationsFeatureDeps {
  logger: Logger;
  clock?: Clock;
  /** The one channel-event stream (caught-up redemptions are the queue's to publish, not ours). */
  channelEvents: Pick<ChannelEvents, 'on'>;
  obs: ObsRequests & { getState(): Pick<ObsState, 'status' | 'statusText'>; onEvent?(listener: (event: { name: string; data: unknown }) => void): Disposer };
  chat: { send(text: string, announcement?: string, replyTo?: string): Promise<{ messageId: string | null }> };
  /** The one API client and the current broadcaster: moderation actions and the follower check. None: those refuse in words. */
  platform?: { api: Pick<ApiClient, 'request'>; broadcaster: Pick<BroadcasterSource, 'id' | 'canCallApi'> };
  /** Sidestage's own speaking accounts (the broadcaster; a bot account once there is one). */
  speakingAccounts: SpeakingAccounts;
  /** The channel's blocked terms as the moderation view read them: viewer text holding one is never re-posted. */
  /** The blocked terms, read the first time a run filters viewer text by them. */
  chatRules?: { blockedTermsNow(): Promise<readonly BlockedTerm[]> };
  /** The live controls the actions call (composition's `live`). */
  live: {
    raids: Pick<RaidService, 'shoutoutById'>;
    markers: Pick<MarkerService, 'drop'>;
    clips: Pick<ClipService, 'create'>;
    chatSettings: Pick<ChatSettingsService, 'getState' | 'update' | 'applyFor'>;
    ads: Pick<AdsService, 'run' | 'getState' | 'onChange'>;
    engagement: Pick<EngagementService, 'getState' | 'startFromTemplate'>;
    stream: Pick<StreamStatusService, 'getStatus' | 'onChange'>;
    /** The title and category ("Set the stream title or category"); none: refused in words. */
    channel?: Pick<ChannelInfoService, 'update' | 'searchCategories'>;
  };
  /** The redemption queue (its outbox) and the channel's rewards. */
  redemptions: {
    redemptions: Pick<RedemptionsService, 'getSnapshot' | 'getRedemption' | 'resolve'>;
    rewards: Pick<RewardsService, 'getOverview' | 'list'>;
  };
  /** Global shortcuts (the desktop app); none: the dock, which cannot register any. */
  shortcuts?: ShortcutRegistry;
  /** The overlays' alerts and sounds; none: refused in words. */
  alerts?: AlertsPort;
  /** Demo mode: the practice platform's simulation API, for Test. */
  demo?: { http: SimulationTesterHttp; broadcasterId: string; viewers: readonly { id: string; login: string }[] } | null;
  /** Platform requests for live fields (`{followage}`) and a command's target; none: those fields say they could not be read. */
  lookups?: PlatformLookups | null;
  /** Test knobs. */
  requestTimeoutMs?: number;
  random?: RandomSource;
  timeZone?: string;
  emitDelayMs?: number;
  chatLimit?: { limit: number; windowMs: number };
}

export interface AutomationsFeature {
  /** The service; null when automations are off (their files could not be opened: `getState().problem` says why). */
  readonly service: AutomationsService | null;
  getState(): AutomationsState;
  onChange(listener: (state: AutomationsState) => void): Disposer;
  /** The automations' variables, for overlay widgets and the control API (briefs/ports.md); refuses in words when automations are off. */
  readonly variables: AutomationVariablesPort;
  /** Whether an automation fulfils or cancels this reward's redemptions by itself (for their toasts). */
  resolvesRedemption(rewardId: string): 'fulfil' | 'cancel' | null;
  /** After the redemption queue starts, before EventSub connects. */
  start(): void;
  /** Resolves once the run log is on disk. */
  dispose(): Promise<void>;
}

/** Automations off: their files could not be opened. The panel says why; nothing runs. */
function automationsOff(problem: string): AutomationsFeature {
  const state: AutomationsState = {
    revision: 0,
    loaded: true,
    problem,
    paused: false,
    automations: [],
    statuses: [],
    runs: [],
    templates: starterTemplates.map(({ id, name, description }) => ({ id, name, description })),
    testMode: 'sample',
    hotkeysUnavailable: null,
    variables: [],
  };
  const variables: AutomationVariablesPort = { list: () => [], change: () => Promise.reject(new AppError('unavailable', problem)), onChanged: () => () => {} };
  return { service: null, variables, getState: () => state, onChange: () => () => {}, resolvesRedemption: () => null, start: () => {}, dispose: async () => {} };
}

export function createAutomationsFeature(deps: AutomationsFeatureDeps, files: AutomationFiles): AutomationsFeature {
  if (files.problem !== null) return automationsOff(files.problem);
  const { store, ledger, cooldowns, firstChatters, obsReverts, variables } = files;
  const clock = deps.clock ?? systemClock;
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

  const { live } = deps;
  const ports: ActionPorts = {
    obs: scenes,
    chat: deps.chat,
    shoutout: async (channelId) => (await live.raids.shoutoutById(channelId)).shoutout?.to.displayName ?? 'the channel',
    markers: { drop: (description) => live.markers.drop('automation', description || undefined) },
    clips: { create: () => live.clips.create('automation') },
    chatSettings: {
      current: () => live.chatSettings.getState().values,
      update: (changes) => live.chatSettings.update(changes),
      applyFor: (changes, ms, label) => live.chatSettings.applyFor(changes, ms, label),
    },
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
    moderation: deps.platform ? platformModeration(deps.platform.api, deps.platform.broadcaster) : undefined,
    channel: live.channel ? platformChannel(live.channel) : undefined,
  };
  const onObsEvent = deps.obs.onEvent?.bind(deps.obs);
  const obsEvents: ObsEventsSource | undefined = onObsEvent
    ? {
        on: (listener) =>
          onObsEvent(({ name, data }) => {
            const event = obsAutomationEvent(name, data);
            if (event) listener(event);
          }),
      }
    : undefined;

  const demo = deps.demo;
  const service = new AutomationsService({
    store,
    ledger,
    // Caught-up redemptions (`source: 'caughtUp'`) come through it too: the queue publishes them.
    events: deps.channelEvents,
    ports,
    speakingAccounts: deps.speakingAccounts,
    cooldowns: cooldowns.cooldowns,
    variables,
    lookups: deps.lookups ?? null,
    random: deps.random,
    timeZone: deps.timeZone,
    blockedTerms: async () => {
      const terms = (await deps.chatRules?.blockedTermsNow()) ?? [];
      const now = clock.now();
      return terms.filter((t) => t.expiresAt === null || Date.parse(t.expiresAt) > now).map((t) => t.text);
    },
    obsChoices,
    stream: live.stream,
    ads: live.ads,
    shortcuts: deps.shortcuts ?? new UnavailableShortcutRegistry(),
    tester: demo ? createSimulationTester({ http: demo.http, broadcasterId: demo.broadcasterId, viewers: demo.viewers, rewards: managedRewards }) : null,
    templateContext: async () => {
      const [choices, rewards] = await Promise.all([obsChoices(), channelRewards()]);
      return { rewards, scenes: choices.scenes.map((s) => s.name) };
    },
    logger: deps.logger,
    clock: deps.clock,
    requestTimeoutMs: deps.requestTimeoutMs,
    emitDelayMs: deps.emitDelayMs,
    chatLimit: deps.chatLimit,
    firstChatters,
    keptReverts: obsReverts,
    obsEvents,
    followers: deps.platform ? new FollowerLookup({ lookup: platformFollows(deps.platform.api, deps.platform.broadcaster), channel: () => deps.platform!.broadcaster.id, clock }) : undefined,
  });
  let disposed = false;
  return {
    service,
    variables,
    getState: () => service.getState(),
    onChange: (listener) => service.onChange(listener),
    resolvesRedemption: (rewardId) => service.resolvesRedemption(rewardId),
    start: () => service.start(),
    async dispose() {
      if (disposed) return;
      disposed = true;
      service.dispose();
      // What the last runs did is on disk before the process ends.
      await ledger.flush().catch((error: unknown) => deps.logger.error('automations: could not save the run log on quit', { error }));
      await cooldowns.flush().catch((error: unknown) => deps.logger.error('automations: could not save the cooldowns on quit', { error }));
      await obsReverts.flush().catch((error: unknown) => deps.logger.error('automations: could not save the changes to put back on quit', { error }));
      await firstChatters.flush().catch((error: unknown) => deps.logger.error('automations: could not save the first-time chatters on quit', { error }));
      await variables.flush().catch((error: unknown) => deps.logger.error('automations: could not save the variables on quit', { error }));
      ledger.dispose();
      cooldowns.dispose();
      firstChatters.dispose();
      obsReverts.dispose();
      variables.dispose();
    },
  };
}
