/**
 * Overlays as one feature: the media library, the alert queue and its rules, the goal bars, the
 * overlay server and what each page is sent, "Add to OBS", the Test buttons, and the port the
 * automations call (`show`, `playSound`). It never imports `src/main/ipc/`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatDelta, ChatSnapshot } from '../../../shared/ipc/schemas/chat';
import type { Redemption } from '../../../shared/ipc/schemas/redemptions';
import type { ChannelEventKind, ChannelEventOf } from '../../../shared/ipc/schemas/channel-events';
import {
  OVERLAY_PAGE_PREFIX,
  type AddToObsResult,
  type AlertKind,
  type AlertOnScreen,
  type AlertOptions,
  type ChatOverlayOptions,
  type AlertQueueState,
  type AlertTypeSettings,
  type GoalConfig,
  type OverlayFrame,
  type OverlayInfo,
  type OverlayServerState,
  type OverlaysState,
  type SaveGoalArg,
} from '../../../shared/ipc/schemas/overlays';
import { alertTemplateProblem } from '../../../shared/domain/alert-template';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposers, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { AppError } from '../app-error';
import type { ApiClient } from '../api/api-client';
import type { BroadcasterSource } from '../common/current-broadcaster';
import type { AlertRequest } from '../automations/actions';
import type { DataRecoveryNotices } from '../common/data-recovery-notices';
import type { Logger } from '../logger';
import { MediaLibrary } from '../media/media-library';
import type { ObsRequests } from '../obs/obs-service';
import type { SettingsStore } from '../settings/settings-store';
import { AlertQueue, type QueuedAlert, type ShowingAlert } from './alert-queue';
import { AlertRules, alertEventKinds, type AlertEvent } from './alert-rules';
import { ChatImages } from './chat-images';
import { ChatOverlayLines } from './chat-overlay-lines';
import { EmulatorAlertTests, LocalAlertTests, type AlertTestEmulator, type AlertTests } from './alert-tests';
import { GoalTracker, goalEventKinds, type GoalEvent, type GoalTrackerOptions } from './goal-tracker';
import { addBrowserSource } from './obs-browser-source';
import { OverlayServer } from './overlay-server';
import { OverlaySettings, fixedOverlayKeys, overlayKeysOf, type SavedOverlays } from './overlay-settings';

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
  logger: Logger;
  clock?: Clock;
}

const goalTitles: Record<GoalConfig['source'], string> = { charity: 'Charity goal', followers: 'Follower goal', subscriptions: 'Subscriber goal', custom: 'Custom goal' };

/** The files the overlays keep in the data directory, read (and set aside when damaged) before the feature is built. */
export interface OverlayFiles {
  media: MediaLibrary;
  saved: OverlaySettings;
  queue: AlertQueue;
}

export async function openOverlayFiles(deps: Pick<OverlaysFeatureDeps, 'dataDir' | 'logger' | 'notices' | 'clock'>): Promise<OverlayFiles> {
  const [media, saved] = await Promise.all([MediaLibrary.open({ dataDir: deps.dataDir, logger: deps.logger, notices: deps.notices }), OverlaySettings.open({ dataDir: deps.dataDir, logger: deps.logger, notices: deps.notices })]);
  const queue = await AlertQueue.open({
    dataDir: deps.dataDir,
    logger: deps.logger,
    notices: deps.notices,
    clock: deps.clock,
    gapMs: () => saved.get().alerts.options.gapMs,
    summaryAfter: () => saved.get().alerts.options.summaryAfter,
  });
  return { media, saved, queue };
}

export class OverlaysFeature {
  private readonly clock: Clock;
  private readonly running = new Disposers();
  private readonly changes = new Emitter<OverlaysState>();
  private readonly queueChanges = new Emitter<AlertQueueState>();
  private readonly rules = new AlertRules();
  private readonly chatLines: ChatOverlayLines;
  private readonly chatImages: ChatImages;
  /** The next fade of a chat overlay line (null: none due). */
  private chatFadeTimer: unknown = null;
  private readonly server: OverlayServer;
  private readonly goals: GoalTracker;
  private readonly tests: AlertTests;
  private serverState: OverlayServerState;
  private revision = 0;
  private pickedRedemptionId: string | null = null;
  /** Chatters banned or timed out while Sidestage watched: their redemptions are not put on screen unless picked. */
  private readonly bannedChatters = new Set<string>();
  /** What each overlay's pages were last sent, so an unchanged view is not sent again. */
  private readonly lastSent = new Map<string, string>();
  private lastAlertId: string | null = null;
  private portChange: Promise<unknown> = Promise.resolve();

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
    this.chatLines = new ChatOverlayLines(undefined, {
      options: () => this.saved.get().chatOverlay,
      botId: () => deps.botUserId?.() ?? null,
      now: () => this.clock.now(),
      partsOf: (m) => this.chatImages.partsOf(m),
    });
    this.serverState = { status: 'stopped', port: deps.settings.get('overlays.port'), origin: null, error: null, pagesBuilt };
    this.server = new OverlayServer({
      pagesDir: deps.pagesDir,
      logger: deps.logger,
      isToken: (key, token) => this.saved.isToken(key, token),
      initialFrames: (key) => this.initialFrames(key),
      readMedia: async (id) => {
        const found = await this.media.read(id);
        return found ? { data: found.data, contentType: found.item.contentType } : null;
      },
      readChatImage: (key) => this.chatImages.read(key),
    });
    this.goals = new GoalTracker({ api: deps.api, broadcaster: deps.broadcaster, charity: deps.charity, logger: deps.logger });
    this.tests = deps.testEmulator ? new EmulatorAlertTests(deps.testEmulator) : new LocalAlertTests((event) => this.enqueueEvent(event, { forced: true, test: true }));
  }

  async start(): Promise<void> {
    const { channelEvents } = this.deps;
    this.running.add(channelEvents.on(alertEventKinds, (event) => this.enqueueEvent(event)));
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
    this.running.add(channelEvents.on(goalEventKinds, (event) => this.countForGoals(event as GoalEvent)));
    // A chatter banned or timed out before their alert's turn: it is not shown to the stream, nor their redemption.
    this.running.add(
      channelEvents.on(['ban'], (event) => {
        const what = event.endsAt === null ? 'banned' : 'timed out';
        this.queue.dropFrom(event.user.id, `${event.user.name} was ${what} by ${event.moderator.name}${event.reason ? `: ${event.reason}` : ''}`);
        this.bannedChatters.add(event.user.id);
        this.sendRedemption();
      }),
    );
    this.running.add(
      channelEvents.on(['unban'], (event) => {
        if (this.bannedChatters.delete(event.user.id)) this.sendRedemption();
      }),
    );
    this.running.add(
      this.deps.broadcaster.onChange((change) => {
        // Another account's stream shows none of the last one's alerts.
        if (change.previousId === null || change.id === null || change.id === change.previousId) return;
        this.pickedRedemptionId = null;
        this.bannedChatters.clear();
        this.queue.clearWaiting();
      }),
    );
    this.running.add(this.queue.onChange((state) => this.followQueue(state)));
    this.running.add(this.goals.onChange(() => this.sendGoals()));
    this.running.add(this.deps.redemptions.onChange(() => this.sendRedemption()));
    this.running.add(this.chatImages.start());
    this.chatLines.reset(this.deps.chat.getSnapshot());
    this.scheduleChatFade();
    this.running.add(this.deps.chat.onDelta((delta) => this.followChat(delta)));
    this.running.add(this.media.onChange(() => this.sendAll()));
    this.running.add(
      this.server.onPagesChange(() => {
        this.queue.setPagesOpen(this.server.pagesOpen('alerts'));
        this.changed();
      }),
    );
    this.goals.start();
    await this.listen(this.deps.settings.get('overlays.port'));
  }

  async dispose(): Promise<void> {
    this.running.dispose();
    if (this.chatFadeTimer !== null) this.clock.clearTimeout(this.chatFadeTimer);
    this.chatFadeTimer = null;
    this.goals.dispose();
    await this.portChange.catch(() => undefined);
    await this.server.stop();
    await this.queue.dispose();
    await this.saved.settled();
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
      server: this.serverState,
      overlays: overlayKeysOf(saved).map((key) => this.infoOf(key, saved)),
      alerts: saved.alerts,
      goals: saved.goals,
      reducedMotion: saved.reducedMotion,
      pickedRedemptionId: this.pickedRedemptionId,
      chatOverlay: saved.chatOverlay,
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
    if (changes.template !== undefined) {
      const problem = alertTemplateProblem(kind, changes.template);
      if (problem) throw new AppError('invalid_argument', problem);
    }
    for (const [field, id, want] of [['image', changes.imageId, 'image'], ['sound', changes.soundId, 'sound']] as const) {
      if (id === undefined || id === null) continue;
      const item = this.media.get(id);
      if (!item) throw new AppError('invalid_argument', `That ${field} is not in the media library any more.`);
      if (item.kind !== want) throw new AppError('invalid_argument', `“${item.name}” is ${item.kind === 'image' ? 'an image' : 'a sound'}, not ${want === 'image' ? 'an image' : 'a sound'}.`);
    }
    await this.saveSettings((draft) => ({ ...draft, alerts: { ...draft.alerts, types: { ...draft.alerts.types, [kind]: { ...draft.alerts.types[kind], ...changes } } } }));
    return this.getState();
  }

  async setAlertOptions(changes: Partial<AlertOptions>): Promise<OverlaysState> {
    await this.saveSettings((draft) => ({ ...draft, alerts: { ...draft.alerts, options: { ...draft.alerts.options, ...changes } } }));
    return this.getState();
  }

  /** The chat overlay's options: the lines on screen are chosen again at once. */
  async setChatOptions(changes: Partial<ChatOverlayOptions>): Promise<OverlaysState> {
    await this.saveSettings((draft) => ({ ...draft, chatOverlay: { ...draft.chatOverlay, ...changes } }));
    this.chatLines.reset(this.deps.chat.getSnapshot());
    this.sendChat();
    return this.getState();
  }

  async setReducedMotion(reducedMotion: boolean): Promise<OverlaysState> {
    await this.saveSettings((draft) => ({ ...draft, reducedMotion }));
    return this.getState();
  }

  async saveGoal(arg: SaveGoalArg): Promise<OverlaysState> {
    const saved = this.saved.get();
    if (arg.id !== undefined && !saved.goals.some((g) => g.id === arg.id)) throw new AppError('invalid_argument', 'That goal is not there any more.');
    if (arg.id === undefined && saved.goals.length >= 20) throw new AppError('invalid_argument', 'Sidestage keeps at most 20 goal bars: remove one first.');
    const id = arg.id ?? randomBytes(6).toString('hex');
    await this.saveSettings((draft) => {
      const before = draft.goals.find((g) => g.id === id);
      const goal: GoalConfig = {
        id,
        title: arg.title.trim(),
        source: arg.source,
        counts: arg.counts ?? before?.counts ?? 'manual',
        // Counting starts over when what is counted changes.
        current: before && (arg.counts ?? before.counts) === before.counts && arg.source === before.source ? before.current : 0,
        target: arg.target ?? before?.target ?? 100,
      };
      return { ...draft, goals: before ? draft.goals.map((g) => (g.id === id ? goal : g)) : [...draft.goals, goal] };
    });
    return this.getState();
  }

  async removeGoal(id: string): Promise<OverlaysState> {
    if (!this.saved.get().goals.some((g) => g.id === id)) throw new AppError('invalid_argument', 'That goal is not there any more.');
    this.server.closePages(`goal/${id}`);
    await this.saveSettings((draft) => ({ ...draft, goals: draft.goals.filter((g) => g.id !== id) }));
    return this.getState();
  }

  async adjustGoal(id: string, current: number): Promise<OverlaysState> {
    const goal = this.saved.get().goals.find((g) => g.id === id);
    if (!goal) throw new AppError('invalid_argument', 'That goal is not there any more.');
    if (goal.source !== 'custom') throw new AppError('invalid_argument', 'Only your own goals are moved by hand; the others follow the platform.');
    await this.saveSettings((draft) => ({ ...draft, goals: draft.goals.map((g) => (g.id === id ? { ...g, current } : g)) }));
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
    this.pickedRedemptionId = redemptionId;
    this.sendRedemption();
    this.changed();
    return this.getState();
  }

  /** Serves overlays on `port` from now on (kept); on failure the old port keeps serving. */
  setPort(port: number): Promise<OverlaysState> {
    const change = this.portChange.catch(() => undefined).then(async () => {
      const before = this.server.port;
      if (before === port && this.serverState.status === 'running') return this.getState();
      await this.listen(port);
      if (this.serverState.status !== 'running' || this.server.port !== port) throw new AppError('unavailable', this.serverState.error ?? `Overlays could not be served on port ${port}.`);
      return this.getState();
    });
    this.portChange = change;
    return change;
  }

  async addToObs(key: string): Promise<AddToObsResult> {
    const info = this.getState().overlays.find((o) => o.key === key);
    if (!info) throw new AppError('invalid_argument', 'There is no such overlay.');
    if (!info.url) throw new AppError('unavailable', this.serverState.error ?? 'The overlay server is not running, so there is no URL to add.');
    return addBrowserSource(this.deps.obs, { inputName: `Sidestage ${info.title}`, url: info.url });
  }

  // ---------- the queue's controls ----------

  pauseAlerts(): AlertQueueState {
    return this.queue.pause();
  }

  resumeAlerts(): AlertQueueState {
    return this.queue.resume();
  }

  skipAlert(): AlertQueueState {
    return this.queue.skip();
  }

  replayAlert(): AlertQueueState {
    return this.queue.replay();
  }

  async testAlert(kind: AlertKind): Promise<{ message: string }> {
    const message = await this.tests.send(kind);
    const off = this.saved.get().alerts.types[kind].enabled ? '' : ' Its alerts are switched off, so it shows none; switch them on to see it.';
    return { message: `${message}${this.deps.testEmulator ? off : ''}` };
  }

  // ---------- the automations' port ----------

  /** Queues an alert: the standard one for an event (at most once per event), or a custom one. */
  async show(alert: AlertRequest): Promise<void> {
    if (alert.source === 'event') {
      if (!(alertEventKinds as readonly string[]).includes(alert.event.kind)) throw new AppError('invalid_argument', 'That kind of event has no standard alert.');
      this.enqueueEvent(alert.event as AlertEvent, { forced: true });
      return;
    }
    if (alert.text.trim() === '') throw new AppError('invalid_argument', 'A custom alert needs a text.');
    this.queue.enqueue({
      id: `custom:${randomBytes(8).toString('hex')}`,
      kind: 'custom',
      text: alert.text.slice(0, 500),
      imageId: alert.imageId,
      soundId: alert.soundId,
      volume: Math.max(0, Math.min(1, alert.volume)),
      durationMs: Math.max(1_000, Math.min(60_000, Math.round(alert.durationMs))),
      test: false,
    });
  }

  /** Plays a sound of the library on the alerts pages now (not queued). */
  async playSound(soundId: string, volume: number): Promise<void> {
    const item = this.media.get(soundId);
    if (!item || item.kind !== 'sound') throw new AppError('invalid_argument', 'That sound is not in the media library any more.');
    if (this.server.pagesOpen('alerts') === 0) throw new AppError('unavailable', 'No alerts overlay is open to play the sound: add the alerts overlay to OBS.');
    this.server.send((key) => key === 'alerts', { type: 'sound', soundPath: `/media/${item.id}`, volume: Math.max(0, Math.min(1, volume)) });
  }

  // ---------- inside ----------

  private enqueueEvent(event: AlertEvent, options: { forced?: boolean; test?: boolean } = {}): void {
    if (this.queue.hasSeen(event.id)) return;
    const made = this.rules.alertFor(event, this.saved.get().alerts, { ...options, now: this.clock.now() });
    if (!made) return;
    const userId = chatterOf(event);
    try {
      this.queue.enqueue(userId ? { ...made.alert, userId } : made.alert, { eventId: event.id, summarise: made.kind });
    } catch (error) {
      this.deps.logger.warn('overlays: an alert was not queued', { reason: error instanceof Error ? error.message : String(error) });
    }
  }

  private countForGoals(event: GoalEvent): void {
    const saved = this.saved.get();
    const moves = this.goals.apply(event, saved.goals);
    if (moves.size === 0) return;
    this.saved
      .update((draft) => ({ ...draft, goals: draft.goals.map((g) => (moves.has(g.id) ? { ...g, current: Math.min(1_000_000_000, g.current + moves.get(g.id)!) } : g)) }))
      .catch((error: unknown) => this.deps.logger.warn('overlays: a goal’s count was not saved', { reason: error instanceof Error ? error.message : String(error) }));
    this.sendGoals();
    this.changed();
  }

  private async saveSettings(change: (draft: SavedOverlays) => SavedOverlays): Promise<void> {
    const saving = this.saved.update(change);
    // What pages show follows the change at once; a failed save is said to the broadcaster.
    this.sendAll();
    this.changed();
    await saving;
  }

  private async listen(port: number | null): Promise<void> {
    this.serverState = { ...this.serverState, status: 'starting', error: null };
    this.changed();
    try {
      const listening = await this.server.start(port ?? 0);
      if (listening !== this.deps.settings.get('overlays.port')) this.keepPort(listening);
      this.serverState = { ...this.serverState, status: 'running', port: listening, origin: this.server.origin, error: null };
    } catch (error) {
      const reason = describeListenError(error, port);
      this.deps.logger.warn('overlays: the overlay server could not start', { port, reason });
      // A failed move leaves the old port serving (the loopback server binds the new one before it
      // lets the old go), so the browser sources keep working.
      const serving = this.server.port;
      this.serverState =
        serving !== null
          ? { ...this.serverState, status: 'running', port: serving, origin: this.server.origin, error: reason }
          : { ...this.serverState, status: 'failed', port, origin: null, error: reason };
    }
    this.lastSent.clear();
    this.changed();
  }

  /** The port is kept for the next start; not saved, the next start chooses again (and says so in the URLs). */
  private keepPort(port: number): void {
    try {
      this.deps.settings.set('overlays.port', port);
    } catch (error) {
      this.deps.logger.warn('overlays: the port was not saved', { port, reason: error instanceof Error ? error.message : String(error) });
    }
  }

  private infoOf(key: string, saved: SavedOverlays): OverlayInfo {
    const origin = this.server.origin;
    const token = this.saved.tokenOf(key);
    const goal = key.startsWith('goal/') ? saved.goals.find((g) => `goal/${g.id}` === key) : undefined;
    const title = goal ? goal.title || goalTitles[goal.source] : key === 'alerts' ? 'Alerts' : key === 'redemption' ? 'Redemption on screen' : 'Chat';
    return {
      key,
      kind: goal ? 'goal' : (key as (typeof fixedOverlayKeys)[number]),
      title,
      url: origin && token ? `${origin}${OVERLAY_PAGE_PREFIX}${key}?token=${token}` : null,
      pagesOpen: this.server.pagesOpen(key),
    };
  }

  private changed(): void {
    this.revision += 1;
    this.changes.fire(this.getState());
  }

  private followQueue(state: AlertQueueState): void {
    const showing = this.queue.showing();
    const id = showing?.alert.id ?? null;
    if (id !== this.lastAlertId) {
      this.lastAlertId = id;
      this.server.send((key) => key === 'alerts', { type: 'alert', showing: showing ? this.onScreen(showing, true) : null });
    }
    this.queueChanges.fire(state);
  }

  private onScreen(showing: ShowingAlert, startsNow: boolean): AlertOnScreen {
    const { alert } = showing;
    return {
      id: alert.id,
      kind: alert.kind,
      text: alert.text,
      imagePath: this.mediaPath(alert, 'image'),
      soundPath: this.mediaPath(alert, 'sound'),
      volume: alert.volume,
      durationMs: alert.durationMs,
      elapsedMs: Math.max(0, Math.min(alert.durationMs, this.clock.now() - showing.startedAt)),
      startsNow,
    };
  }

  private mediaPath(alert: QueuedAlert, kind: 'image' | 'sound'): string | null {
    const id = kind === 'image' ? alert.imageId : alert.soundId;
    const item = id ? this.media.get(id) : null;
    return item && item.kind === kind ? `/media/${item.id}` : null;
  }

  private initialFrames(key: string): OverlayFrame[] {
    const frames: OverlayFrame[] = [{ type: 'settings', reducedMotion: this.saved.get().reducedMotion }];
    if (key === 'alerts') {
      const showing = this.queue.showing();
      frames.push({ type: 'alert', showing: showing ? this.onScreen(showing, false) : null });
    } else if (key === 'redemption') {
      frames.push(this.redemptionFrame());
    } else if (key === 'chat') {
      frames.push(this.chatFrame());
    } else {
      const goal = this.saved.get().goals.find((g) => `goal/${g.id}` === key);
      if (goal) frames.push({ type: 'goal', goal: this.goals.view(goal) });
    }
    return frames;
  }

  /** Sends `frame` to the pages of `key` unless they were sent the same last. */
  private sendIfChanged(key: string, frame: OverlayFrame): void {
    const text = JSON.stringify(frame);
    if (this.lastSent.get(key) === text) return;
    this.lastSent.set(key, text);
    this.server.send((k) => k === key, frame);
  }

  private sendAll(): void {
    this.server.send(() => true, { type: 'settings', reducedMotion: this.saved.get().reducedMotion });
    this.sendGoals();
    this.sendRedemption();
    this.sendChat();
  }

  private sendGoals(): void {
    for (const goal of this.saved.get().goals) this.sendIfChanged(`goal/${goal.id}`, { type: 'goal', goal: this.goals.view(goal) });
  }

  private redemptionFrame(): OverlayFrame {
    const items = this.deps.redemptions.list() ?? [];
    if (this.pickedRedemptionId !== null && !items.some((r) => r.id === this.pickedRedemptionId)) this.pickedRedemptionId = null;
    const shown = items.find((r) => r.id === this.pickedRedemptionId) ?? items.find((r) => !this.bannedChatters.has(r.userId)) ?? null;
    return { type: 'redemption', redemption: shown ? { id: shown.id, rewardTitle: shown.rewardTitle, userName: shown.userName, input: shown.userInput } : null };
  }

  private sendRedemption(): void {
    const before = this.pickedRedemptionId;
    this.sendIfChanged('redemption', this.redemptionFrame());
    if (before !== this.pickedRedemptionId) this.changed();
  }

  private chatFrame(): OverlayFrame {
    return { type: 'chat', lines: this.chatLines.current() };
  }

  /** Chat changed: the lines on screen follow the delta, and the pages are sent them when they changed. */
  private followChat(delta: ChatDelta): void {
    let changed = this.chatLines.apply(delta);
    if (changed === null) {
      // A delta missed (it cannot follow on): start over from chat as it is now.
      this.chatLines.reset(this.deps.chat.getSnapshot());
      changed = true;
    }
    if (changed) this.sendChat();
  }

  private sendChat(): void {
    this.scheduleChatFade();
    if (this.server.pagesOpen('chat') === 0) return;
    this.server.send((key) => key === 'chat', this.chatFrame());
  }

  /** Lines that fade leave the overlay once faded out: one timer, for the next of them. */
  private scheduleChatFade(): void {
    if (this.chatFadeTimer !== null) this.clock.clearTimeout(this.chatFadeTimer);
    this.chatFadeTimer = null;
    const due = this.chatLines.nextExpiry();
    if (due === null) return;
    this.chatFadeTimer = this.clock.setTimeout(() => {
      this.chatFadeTimer = null;
      if (this.chatLines.expire()) this.sendChat();
      else this.scheduleChatFade();
    }, Math.max(0, due - this.clock.now()));
  }
}

/** The chatter an event's alert is about; null for an anonymous one. */
function chatterOf(event: AlertEvent): string | null {
  if ('user' in event && event.user) return event.user.id;
  if ('gifter' in event && event.gifter) return event.gifter.id;
  return null;
}

function describeListenError(error: unknown, port: number | null): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} is used by another program, so overlays are not served. Close that program, or choose another port (the overlays’ URLs then change).`;
  if (code === 'EACCES') return `Sidestage may not listen on port ${port}. Choose a port from 1024 to 65535.`;
  return `The overlay server could not start${code ? ` (${code})` : ''}.`;
}
