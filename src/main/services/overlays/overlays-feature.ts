/**
 * Overlays as one feature, put together from its jobs: the overlay config (`overlay-config.ts`),
 * the alerts (`alert-facade.ts`: rules, queue, tests, the automations' port), the server's life
 * (`overlay-server-lifecycle.ts`) and what each page is sent (`overlay-page-publisher.ts`); here
 * they are wired to the channel events, chat and redemptions, and the state the renderer sees is
 * made. "Add to OBS" too. It never imports `src/main/ipc/`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatDelta, ChatSnapshot } from '../../../shared/ipc/schemas/chat';
import type { Redemption } from '../../../shared/ipc/schemas/redemptions';
import type { ChannelEventKind, ChannelEventOf } from '../../../shared/ipc/schemas/channel-events';
import {
  OVERLAY_PAGE_PREFIX,
  type AddToObsResult,
  type AlertKind,
  type AlertOptions,
  type ChatOverlayOptions,
  type AlertQueueState,
  type AlertTypeSettings,
  type GoalConfig,
  type OverlayInfo,
  type OverlaysState,
  type SaveGoalArg,
} from '../../../shared/ipc/schemas/overlays';
import type { SetWidgetArg, WidgetTimerAction, WidgetsState } from '../../../shared/ipc/schemas/widgets';
import { widgetTitles } from '../../../shared/ipc/schemas/widgets';
import { defaultSpeechSettings, type SpeechSettings, type SpeechState } from '../../../shared/ipc/schemas/speech';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { ApiClient } from '../api/api-client';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { AlertRequest } from '../automations/actions';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import { background } from '../common/background';
import type { Logger } from '../logger';
import { MediaLibrary } from '../media/media-library';
import type { ObsRequests } from '../obs/obs-service';
import type { SettingsStore } from '../settings/settings-store';
import { AlertFacade } from './alert-facade';
import { AlertQueue } from './alert-queue';
import { alertEventKinds } from './alert-rules';
import type { AlertTestEmulator } from './alert-tests';
import { GoalTracker, goalEventKinds, type GoalEvent, type GoalTrackerOptions } from './goal-tracker';
import { addBrowserSource } from './obs-browser-source';
import { OverlayConfig } from './overlay-config';
import { ChatImages } from './chat-images';
import { OverlayPagePublisher } from './overlay-page-publisher';
import { OverlayServer } from './overlay-server';
import { OverlayServerLifecycle } from './overlay-server-lifecycle';
import { OverlaySettings, fixedOverlayKeys, overlayKeysOf, type SavedOverlays } from './overlay-settings';
import type { SpokenAlerts } from './spoken-alerts';
import { StreamWidgets } from './stream-widgets';
import { WidgetFile } from './widget-file';
import type { AutomationVariablesPort } from '../../../shared/domain/automation-variables';
import { widgetEventKinds } from './widget-tally';

export interface OverlaysFeatureDeps {
  dataDir: string;
  /** The built overlay pages (out/overlays); null where there are none (tests of main alone). */
  pagesDir: string | null;
  settings: SettingsStore;
  channelEvents: { on<K extends ChannelEventKind>(kinds: readonly K[], listener: (event: ChannelEventOf<K>) => void): Disposer };
  api: Pick<ApiClient, 'get'>;
  broadcaster: BroadcasterSource;
  charity: GoalTrackerOptions['charity'];
  /** Chat's snapshot and deltas: the chat overlay follows the deltas (`chat-overlay-lines.ts`). */
  chat: { getSnapshot(): ChatSnapshot; onDelta(listener: (delta: ChatDelta) => void): Disposer };
  /** The signed-in bot account's user id (null: none), for the chat overlay's "hide the bot's lines". */
  botUserId?: () => string | null;
  /** The redemption queue, oldest first (null while its feature starts). */
  redemptions: { list(): Redemption[] | null; onChange(listener: () => void): Disposer };
  obs: ObsRequests;
  /** Demo mode: the emulator makes the Test buttons' events. */
  testEmulator?: { emulator: AlertTestEmulator; broadcasterId: string } | null;
  notices?: DataRecoveryNotices;
  /** The viewers' words spoken with their alerts (`spoken-alerts.ts`); absent: none spoken. */
  speech?: SpokenAlerts;
  logger: Logger;
  clock?: Clock;
}

const goalTitles: Record<GoalConfig['source'], string> = { charity: 'Charity goal', followers: 'Follower goal', subscriptions: 'Subscriber goal', custom: 'Custom goal' };

/** The files the overlays keep in the data directory, read (and set aside when damaged) before the feature is built. */
export interface OverlayFiles {
  media: MediaLibrary;
  saved: OverlaySettings;
  queue: AlertQueue;
  widgets: WidgetFile;
}

export async function openOverlayFiles(deps: Pick<OverlaysFeatureDeps, 'dataDir' | 'logger' | 'notices' | 'clock'>): Promise<OverlayFiles> {
  const [media, saved, widgets] = await Promise.all([
    MediaLibrary.open({ dataDir: deps.dataDir, logger: deps.logger, notices: deps.notices }),
    OverlaySettings.open({ dataDir: deps.dataDir, logger: deps.logger, notices: deps.notices }),
    WidgetFile.open({ dataDir: deps.dataDir, logger: deps.logger, notices: deps.notices }),
  ]);
  const queue = await AlertQueue.open({
    dataDir: deps.dataDir,
    logger: deps.logger,
    notices: deps.notices,
    clock: deps.clock,
    gapMs: () => saved.get().alerts.options.gapMs,
    summaryAfter: () => saved.get().alerts.options.summaryAfter,
  });
  return { media, saved, queue, widgets };
}

export class OverlaysFeature {
  private readonly clock: Clock;
  private readonly running = new Disposers();
  private readonly changes = new Emitter<OverlaysState>();
  private readonly queueChanges = new Emitter<AlertQueueState>();
  private readonly server: OverlayServer;
  private readonly goals: GoalTracker;
  private readonly config: OverlayConfig;
  private readonly alerts: AlertFacade;
  private readonly lifecycle: OverlayServerLifecycle;
  private readonly publisher: OverlayPagePublisher;
  private readonly chatImages: ChatImages;
  private readonly widgets: StreamWidgets;
  private readonly widgetFile: WidgetFile;
  private revision = 0;
  /** The alert whose words were last asked for (each alert speaks once, as it starts). */
  private spokenAlertId: string | null = null;

  readonly media: MediaLibrary;
  readonly queue: AlertQueue;
  private readonly saved: OverlaySettings;

  constructor(
    private readonly deps: OverlaysFeatureDeps,
    files: OverlayFiles,
  ) {
    this.media = files.media;
    this.saved = files.saved;
    this.queue = files.queue;
    const pagesBuilt = deps.pagesDir !== null && existsSync(join(deps.pagesDir, 'index.html'));
    this.clock = deps.clock ?? systemClock;
    this.chatImages = new ChatImages({ api: deps.api, broadcaster: deps.broadcaster, logger: deps.logger });
    this.server = new OverlayServer({
      pagesDir: deps.pagesDir,
      logger: deps.logger,
      isToken: (key, token) => this.saved.isToken(key, token),
      initialFrames: (key) => (StreamWidgets.widgetOf(key) ? [{ type: 'settings', reducedMotion: this.saved.get().reducedMotion }, ...this.widgets.initialFrames(key)] : this.publisher.initialFrames(key)),
      customCss: (key) => (Object.hasOwn(this.saved.get().customCss, key) ? this.saved.get().customCss[key]! : null),
      readMedia: async (id) => {
        const found = await this.media.read(id);
        return found ? { data: found.data, contentType: found.item.contentType } : null;
      },
      readSpeech: (id) => deps.speech?.readClip(id) ?? null,
      readChatImage: (key) => this.chatImages.read(key),
    });
    this.goals = new GoalTracker({ api: deps.api, broadcaster: deps.broadcaster, charity: deps.charity, logger: deps.logger });
    this.config = new OverlayConfig(this.saved, this.media, deps.logger);
    this.alerts = new AlertFacade({ queue: this.queue, saved: this.saved, media: this.media, testEmulator: deps.testEmulator, speech: deps.speech, clock: this.clock, logger: deps.logger });
    this.lifecycle = new OverlayServerLifecycle({ server: this.server, settings: deps.settings, logger: deps.logger, pagesBuilt, changed: () => this.changed() });
    this.publisher = new OverlayPagePublisher({
      server: this.server,
      saved: this.saved,
      queue: this.queue,
      media: this.media,
      goals: this.goals,
      chat: deps.chat,
      redemptions: deps.redemptions,
      botUserId: deps.botUserId,
      chatImages: this.chatImages,
      clock: this.clock,
    });
    this.widgetFile = files.widgets;
    this.widgets = new StreamWidgets({ file: files.widgets, server: this.server, clock: this.clock, logger: deps.logger });
  }

  async start(): Promise<void> {
    const { channelEvents } = this.deps;
    this.running.add(channelEvents.on(alertEventKinds, (event) => this.alerts.enqueueEvent(event)));
    this.running.add(channelEvents.on(widgetEventKinds, (event) => this.widgets.apply(event)));
    this.running.add(this.widgets.start());
    this.running.add(
      channelEvents.on(['adBreakBegin'], (event) => {
        const started = Date.parse(event.startedAt);
        const now = this.clock.now();
        // The platform's start time, unless the clocks disagree by much: then from now.
        const from = Number.isFinite(started) && Math.abs(started - now) < 60_000 ? started : now;
        this.queue.pauseForAdBreak(from + event.durationSeconds * 1000);
      }),
    );
    // A break cannot outlast its broadcast: "Paused: ad break 2:31" would count down an ad no one sees.
    this.running.add(channelEvents.on(['streamOffline'], () => this.queue.endAdBreak()));
    this.running.add(channelEvents.on(goalEventKinds, (event) => this.config.countForGoals(this.goals.apply(event as GoalEvent, this.saved.get().goals))));
    // A chatter banned or timed out before their alert's turn: it is not shown to the stream, nor their redemption.
    this.running.add(
      channelEvents.on(['ban'], (event) => {
        const what = event.endsAt === null ? 'banned' : 'timed out';
        this.queue.dropFrom(event.user.id, `${event.user.name} was ${what} by ${event.moderator.name}${event.reason ? `: ${event.reason}` : ''}`);
        this.publisher.banned(event.user.id);
      }),
    );
    this.running.add(channelEvents.on(['unban'], (event) => this.publisher.unbanned(event.user.id)));
    this.running.add(
      this.deps.broadcaster.onChange((change) => {
        // Another account's stream shows none of the last one's alerts.
        if (change.previousId === null || change.id === null || change.id === change.previousId) return;
        this.publisher.forgetAccount();
        this.queue.clearWaiting();
      }),
    );
    this.running.add(
      this.queue.onChange((state) => {
        this.publisher.followQueue();
        this.followSpeech();
        this.queueChanges.fire(state);
      }),
    );
    this.running.add(this.goals.onChange(() => this.publisher.sendPlatformGoals()));
    this.running.add(
      this.config.onChange((change) => {
        if (change.part === 'motion') this.publisher.sendSettings();
        if (change.part === 'chat') this.publisher.resetChat();
        if (change.part === 'goals') this.publisher.sendGoals(change.ids);
        if (change.part === 'style') this.publisher.sendStyle(change.key);
        this.changed();
      }),
    );
    this.running.add(
      this.deps.redemptions.onChange(() => {
        if (this.publisher.followRedemptions()) this.changed();
      }),
    );
    this.running.add(this.chatImages.start());
    this.publisher.start();
    this.running.add(this.deps.chat.onDelta((delta) => this.publisher.followChat(delta)));
    this.running.add(
      this.server.onPagesChange(() => {
        this.queue.setPagesOpen(this.server.pagesOpen('alerts'));
        this.changed();
      }),
    );
    this.goals.start();
    // The voice is looked for beside the start: a slow or missing one holds up no alert.
    if (this.deps.speech) background(this.deps.speech.start(), this.deps.logger, 'speech: looking for the system voice');
    await this.lifecycle.start();
  }

  async dispose(): Promise<void> {
    this.running.dispose();
    this.publisher.stop();
    this.deps.speech?.dispose();
    this.goals.dispose();
    await this.lifecycle.stop();
    await this.queue.dispose();
    this.widgets.dispose();
    await Promise.all([this.saved.settled(), this.widgetFile.settled()]);
    this.media.dispose();
    this.changes.dispose();
    this.queueChanges.dispose();
  }

  // ---------- state ----------

  /** The overlay server's origin (for the renderer's CSP: its preview frame); null while not serving. */
  origin(): string | null {
    return this.server.origin;
  }

  getState(): OverlaysState {
    const saved = this.saved.get();
    return {
      revision: this.revision,
      server: this.lifecycle.state,
      overlays: overlayKeysOf(saved).map((key) => this.infoOf(key, saved)),
      alerts: saved.alerts,
      goals: saved.goals,
      reducedMotion: saved.reducedMotion,
      pickedRedemptionId: this.publisher.picked,
      chatOverlay: saved.chatOverlay,
      customCss: saved.customCss,
    };
  }

  getQueue(): AlertQueueState {
    return this.queue.getState();
  }

  onChange(listener: (state: OverlaysState) => void): Disposer {
    return this.changes.on(listener);
  }

  onQueueChange(listener: (state: AlertQueueState) => void): Disposer {
    return this.queueChanges.on(listener);
  }

  // ---------- settings ----------

  async setAlertType(kind: AlertKind, changes: Partial<AlertTypeSettings>): Promise<OverlaysState> {
    await this.config.setAlertType(kind, changes);
    return this.getState();
  }

  async setAlertOptions(changes: Partial<AlertOptions>): Promise<OverlaysState> {
    await this.config.setAlertOptions(changes);
    return this.getState();
  }

  async setChatOptions(changes: Partial<ChatOverlayOptions>): Promise<OverlaysState> {
    await this.config.setChatOptions(changes);
    return this.getState();
  }

  async setReducedMotion(reducedMotion: boolean): Promise<OverlaysState> {
    await this.config.setReducedMotion(reducedMotion);
    return this.getState();
  }

  async setCustomCss(key: string, css: string): Promise<OverlaysState> {
    await this.config.setCustomCss(key, css);
    return this.getState();
  }

  async saveGoal(arg: SaveGoalArg): Promise<OverlaysState> {
    await this.config.saveGoal(arg);
    return this.getState();
  }

  async removeGoal(id: string): Promise<OverlaysState> {
    if (this.saved.get().goals.some((g) => g.id === id)) this.server.closePages(`goal/${id}`);
    await this.config.removeGoal(id);
    return this.getState();
  }

  async adjustGoal(id: string, current: number): Promise<OverlaysState> {
    await this.config.adjustGoal(id, current);
    return this.getState();
  }

  async resetLink(key: string): Promise<OverlaysState> {
    await this.saved.resetToken(key).catch((error: unknown) => {
      throw error instanceof AppError ? error : new AppError('unavailable', 'Sidestage could not save the new link. Try again.');
    });
    // Pages with the old token are closed now and cannot come back with it.
    this.server.closePages(key);
    this.changed();
    return this.getState();
  }

  pickRedemption(redemptionId: string | null): OverlaysState {
    if (redemptionId !== null && !(this.deps.redemptions.list() ?? []).some((r) => r.id === redemptionId)) {
      throw new AppError('invalid_argument', 'That redemption is not in the queue any more.');
    }
    this.publisher.pick(redemptionId);
    this.changed();
    return this.getState();
  }

  /** Serves overlays on `port` from now on (kept); on failure the old port keeps serving. */
  async setPort(port: number): Promise<OverlaysState> {
    await this.lifecycle.setPort(port);
    return this.getState();
  }

  async addToObs(key: string): Promise<AddToObsResult> {
    const info = this.getState().overlays.find((o) => o.key === key);
    if (!info) throw new AppError('invalid_argument', 'There is no such overlay.');
    if (!info.url) throw new AppError('unavailable', this.lifecycle.state.error ?? 'The overlay server is not running, so there is no URL to add.');
    return addBrowserSource(this.deps.obs, { inputName: `Sidestage ${info.title}`, url: info.url });
  }

  // ---------- the queue's controls, the Test buttons, the automations' port ----------

  pauseAlerts(): AlertQueueState {
    return this.alerts.pause();
  }

  resumeAlerts(): AlertQueueState {
    return this.alerts.resume();
  }

  skipAlert(): AlertQueueState {
    this.skipSpeech();
    return this.alerts.skip();
  }

  // ---------- the viewers' words, spoken ----------

  /** Text-to-speech: its settings, the system's voices, whether it speaks now (none built: off, and said so). */
  getSpeech(): SpeechState {
    return this.deps.speech?.getState() ?? { settings: defaultSpeechSettings, engine: null, voices: [], unavailable: 'Text-to-speech is not part of this build.', speaking: false, saying: null };
  }

  setSpeech(changes: Partial<SpeechSettings>): SpeechState {
    if (!this.deps.speech) throw new AppError('unavailable', 'Text-to-speech is not part of this build.');
    return this.deps.speech.setSettings(changes);
  }

  onSpeechChange(listener: (state: SpeechState) => void): Disposer {
    return this.deps.speech?.onChange(listener) ?? (() => undefined);
  }

  /** Skip: the words being spoken on the alerts pages stop (the alert itself stays its time). */
  skipSpeech(): void {
    this.deps.speech?.stopSpeaking();
    this.server.send((key) => key === 'alerts', { type: 'speechStop' });
  }

  /** The alert on screen is another: its words (if any) are spoken on the pages once made, while it is still on screen. */
  private followSpeech(): void {
    const speech = this.deps.speech;
    const id = this.queue.showing()?.alert.id ?? null;
    if (!speech || id === this.spokenAlertId) return;
    this.spokenAlertId = id;
    if (id === null) return;
    const speaking = speech.startSpeaking(id).then((clip) => {
      if (clip && this.queue.showing()?.alert.id === id) this.server.send((key) => key === 'alerts', { type: 'speech', alertId: id, speechPath: clip.speechPath, volume: clip.volume });
    });
    background(speaking, this.deps.logger, 'speech: an alert’s words');
  }

  // ---------- the stream widgets ----------

  /** The automations' variables for the counter widget (linked by the automations feature, built after this one). */
  useVariables(port: AutomationVariablesPort): Disposer {
    return this.widgets.useVariables(port);
  }

  getWidgets(): WidgetsState {
    return this.widgets.getState();
  }

  setWidget(arg: SetWidgetArg): WidgetsState {
    return this.widgets.setWidget(arg);
  }

  widgetTimer(action: WidgetTimerAction): WidgetsState {
    return this.widgets.timerAction(action);
  }

  onWidgetsChange(listener: (state: WidgetsState) => void): Disposer {
    return this.widgets.onChange(listener);
  }

  replayAlert(): AlertQueueState {
    return this.alerts.replay();
  }

  testAlert(kind: AlertKind): Promise<{ message: string }> {
    return this.alerts.test(kind);
  }

  /** Queues an alert: the standard one for an event (at most once per event), or a custom one; says what happened. */
  show(alert: AlertRequest): Promise<string> {
    return this.alerts.show(alert);
  }

  /** Plays a sound of the library on the alerts pages, through the alert queue. */
  playSound(soundId: string, volume: number): Promise<void> {
    return this.alerts.playSound(soundId, volume);
  }

  // ---------- inside ----------

  private infoOf(key: string, saved: SavedOverlays): OverlayInfo {
    const origin = this.server.origin;
    const token = this.saved.tokenOf(key);
    const goal = key.startsWith('goal/') ? saved.goals.find((g) => `goal/${g.id}` === key) : undefined;
    const widget = StreamWidgets.widgetOf(key);
    const title = goal ? goal.title || goalTitles[goal.source] : widget ? widgetTitles[widget] : key === 'alerts' ? 'Alerts' : key === 'redemption' ? 'Redemption on screen' : 'Chat';
    return {
      key,
      kind: goal ? 'goal' : widget ? 'widget' : (key as (typeof fixedOverlayKeys)[number]),
      title,
      url: origin && token ? `${origin}${OVERLAY_PAGE_PREFIX}${key}?token=${token}` : null,
      pagesOpen: this.server.pagesOpen(key),
    };
  }

  private changed(): void {
    this.revision += 1;
    this.changes.fire(this.getState());
  }
}
