/**
 * What each overlay page is sent, by deltas: a page that connects gets the whole view once
 * (`initialFrames`); after that only what changed is sent, worked out from the change itself and
 * never by re-reading and comparing whole frames: the queue's head (a new alert on screen), the goal
 * bars a change names, the redemption at the head of the queue (or the one picked), the ring of chat
 * lines (`chat-overlay-lines.ts`: its options chosen in the Overlays panel, its emotes and badges as
 * images from `chat-images.ts`, and the lines that fade taken off once faded), the pages' motion setting.
 */
import type { ChatDelta, ChatSnapshot } from '../../../shared/ipc/schemas/chat';
import type { Redemption } from '../../../shared/ipc/schemas/redemptions';
import type { MediaKind } from '../../../shared/ipc/schemas/media';
import { defaultAlertStyle, resolvedAlertStyle, type AlertKind, type AlertOnScreen, type AlertStyle, type OverlayFrame } from '../../../shared/ipc/schemas/overlays';
import type { Clock } from '../../../shared/primitives/clock';
import type { MediaLibrary } from '../media/media-library';
import type { AlertQueue, QueuedAlert, ShowingAlert } from './alert-queue';
import type { ChatImages } from './chat-images';
import { ChatOverlayLines } from './chat-overlay-lines';
import type { GoalTracker } from './goal-tracker';
import type { OverlayServer } from './overlay-server';
import type { OverlaySettings } from './overlay-settings';

export interface OverlayPagePublisherDeps {
  server: Pick<OverlayServer, 'send' | 'pagesOpen'>;
  saved: Pick<OverlaySettings, 'get'>;
  queue: Pick<AlertQueue, 'showing'>;
  media: Pick<MediaLibrary, 'get'>;
  goals: Pick<GoalTracker, 'view'>;
  chat: { getSnapshot(): ChatSnapshot };
  redemptions: { list(): Redemption[] | null };
  /** The signed-in bot account's user id (null: none), for the chat overlay's "hide the bot's lines". */
  botUserId?: () => string | null;
  /** The chat lines' emotes and badges as images (none: as text). */
  chatImages?: Pick<ChatImages, 'partsOf'>;
  clock: Clock;
}

export class OverlayPagePublisher {
  private readonly chatLines: ChatOverlayLines;
  /** The next fade of a chat overlay line (null: none due). */
  private chatFadeTimer: unknown = null;
  private lastAlertId: string | null = null;
  private readonly styleVersions = new Map<string, number>();
  /** The redemption the page shows (undefined: none sent yet); a new head or pick is a new id. */
  private shownRedemptionId: string | null | undefined = undefined;
  private pickedRedemptionId: string | null = null;
  /** Chatters banned or timed out while Sidestage watched: their redemptions are not put on screen unless picked. */
  private readonly bannedChatters = new Set<string>();

  constructor(private readonly deps: OverlayPagePublisherDeps) {
    this.chatLines = new ChatOverlayLines(undefined, {
      options: () => deps.saved.get().chatOverlay,
      botId: () => deps.botUserId?.() ?? null,
      now: () => deps.clock.now(),
      partsOf: deps.chatImages ? (message) => deps.chatImages!.partsOf(message) : undefined,
    });
  }

  /** Starts the chat ring from chat as it is now. */
  start(): void {
    this.chatLines.reset(this.deps.chat.getSnapshot());
    this.scheduleChatFade();
  }

  stop(): void {
    if (this.chatFadeTimer !== null) this.deps.clock.clearTimeout(this.chatFadeTimer);
    this.chatFadeTimer = null;
  }

  get picked(): string | null {
    return this.pickedRedemptionId;
  }

  /** What a page of `key` is sent when it connects: its whole view. */
  initialFrames(key: string): OverlayFrame[] {
    const frames: OverlayFrame[] = [{ type: 'settings', reducedMotion: this.deps.saved.get().reducedMotion }, { type: 'style', version: this.styleVersion(key) }];
    if (key === 'alerts') {
      const showing = this.deps.queue.showing();
      frames.push({ type: 'alert', showing: showing ? this.onScreen(showing, false) : null });
    } else if (key === 'redemption') {
      frames.push({ type: 'redemption', redemption: this.redemptionShown() });
    } else if (key === 'chat') {
      frames.push({ type: 'chat', lines: this.chatLines.current() });
    } else {
      const goal = this.deps.saved.get().goals.find((g) => `goal/${g.id}` === key);
      if (goal) frames.push({ type: 'goal', goal: this.deps.goals.view(goal) });
    }
    return frames;
  }

  /** The queue changed: the alerts pages are told when its head (the alert on screen) is another. */
  followQueue(): void {
    const showing = this.deps.queue.showing();
    const id = showing?.alert.id ?? null;
    if (id === this.lastAlertId) return;
    this.lastAlertId = id;
    this.deps.server.send((key) => key === 'alerts', { type: 'alert', showing: showing ? this.onScreen(showing, true) : null });
  }

  /** The overlay `key`'s custom CSS changed: its pages load it again. */
  sendStyle(key: string): void {
    this.styleVersions.set(key, (this.styleVersions.get(key) ?? 1) + 1);
    this.deps.server.send((k) => k === key, { type: 'style', version: this.styleVersion(key) });
  }

  /** 0: no custom CSS; else a number that changes with it (the page's cache key). */
  private styleVersion(key: string): number {
    return Object.hasOwn(this.deps.saved.get().customCss, key) ? (this.styleVersions.get(key) ?? 1) : 0;
  }

  /** Reduced motion changed: every page is told. */
  sendSettings(): void {
    this.deps.server.send(() => true, { type: 'settings', reducedMotion: this.deps.saved.get().reducedMotion });
  }

  /** The goal bars `ids` moved (or were set up anew): their pages are sent their view. */
  sendGoals(ids: Iterable<string>): void {
    const wanted = new Set(ids);
    for (const goal of this.deps.saved.get().goals) {
      if (wanted.has(goal.id)) this.deps.server.send((k) => k === `goal/${goal.id}`, { type: 'goal', goal: this.deps.goals.view(goal) });
    }
  }

  /** The platform's goals or the charity campaign changed: the bars that follow them are sent their view. */
  sendPlatformGoals(): void {
    this.sendGoals(this.deps.saved.get().goals.filter((g) => g.source !== 'custom').map((g) => g.id));
  }

  // ---------- the redemption on screen ----------

  /** Puts `redemptionId` on screen (null: the queue's oldest again). */
  pick(redemptionId: string | null): void {
    this.pickedRedemptionId = redemptionId;
    this.followRedemptions();
  }

  banned(userId: string): void {
    this.bannedChatters.add(userId);
    this.followRedemptions();
  }

  unbanned(userId: string): void {
    if (this.bannedChatters.delete(userId)) this.followRedemptions();
  }

  /** Another account: none of the last one's picks or bans. */
  forgetAccount(): void {
    this.pickedRedemptionId = null;
    this.bannedChatters.clear();
  }

  /**
   * The redemption queue (or a pick, a ban) changed: the page is sent the redemption to show when it
   * is another one. True when the pick was let go (it left the queue).
   */
  followRedemptions(): boolean {
    const before = this.pickedRedemptionId;
    const shown = this.redemptionShown();
    const id = shown?.id ?? null;
    if (id !== this.shownRedemptionId) {
      this.shownRedemptionId = id;
      this.deps.server.send((k) => k === 'redemption', { type: 'redemption', redemption: shown });
    }
    return before !== this.pickedRedemptionId;
  }

  private redemptionShown(): { id: string; rewardTitle: string; userName: string; input: string } | null {
    const items = this.deps.redemptions.list() ?? [];
    if (this.pickedRedemptionId !== null && !items.some((r) => r.id === this.pickedRedemptionId)) this.pickedRedemptionId = null;
    const shown = items.find((r) => r.id === this.pickedRedemptionId) ?? items.find((r) => !this.bannedChatters.has(r.userId)) ?? null;
    return shown ? { id: shown.id, rewardTitle: shown.rewardTitle, userName: shown.userName, input: shown.userInput } : null;
  }

  // ---------- chat ----------

  /** Chat changed: the lines on screen follow the delta, and the pages are sent them when they changed. */
  followChat(delta: ChatDelta): void {
    let changed = this.chatLines.apply(delta);
    if (changed === null) {
      // A delta missed (it cannot follow on): start over from chat as it is now.
      this.chatLines.reset(this.deps.chat.getSnapshot());
      changed = true;
    }
    if (changed) this.sendChat();
  }

  /** The chat overlay's options changed: the lines on screen are chosen again at once. */
  resetChat(): void {
    this.chatLines.reset(this.deps.chat.getSnapshot());
    this.sendChat();
  }

  private sendChat(): void {
    this.scheduleChatFade();
    if (this.deps.server.pagesOpen('chat') > 0) this.deps.server.send((key) => key === 'chat', { type: 'chat', lines: this.chatLines.current() });
  }

  /** Lines that fade leave the overlay once faded out: one timer, for the next of them. */
  private scheduleChatFade(): void {
    if (this.chatFadeTimer !== null) this.deps.clock.clearTimeout(this.chatFadeTimer);
    this.chatFadeTimer = null;
    const due = this.chatLines.nextExpiry();
    if (due === null) return;
    this.chatFadeTimer = this.deps.clock.setTimeout(() => {
      this.chatFadeTimer = null;
      if (this.chatLines.expire()) this.sendChat();
      else this.scheduleChatFade();
    }, Math.max(0, due - this.deps.clock.now()));
  }

  // ---------- the alert on screen ----------

  private onScreen(showing: ShowingAlert, startsNow: boolean): AlertOnScreen {
    const { alert } = showing;
    return {
      id: alert.id,
      kind: alert.kind,
      text: alert.text,
      imagePath: this.mediaPath(alert.imageId, 'image'),
      videoPath: this.mediaPath(alert.imageId, 'video'),
      soundPath: this.mediaPath(alert.soundId, 'sound'),
      volume: alert.volume,
      durationMs: alert.durationMs,
      speak: alert.speak,
      variationId: alert.variationId,
      style: this.styleOf(alert),
      elapsedMs: Math.max(0, Math.min(alert.durationMs, this.deps.clock.now() - showing.startedAt)),
      startsNow,
    };
  }

  /** Its type's look, its variation's over it; a queued sound or a type gone: today's look. */
  private styleOf(alert: QueuedAlert): AlertStyle {
    const kind = alert.kind === 'summary' ? alert.ofKind : alert.kind;
    const types = this.deps.saved.get().alerts.types;
    const type = kind !== null && Object.hasOwn(types, kind) ? types[kind as AlertKind] : null;
    if (!type) return { ...defaultAlertStyle };
    const variation = alert.variationId === null ? null : type.variations.find((v) => v.id === alert.variationId);
    return resolvedAlertStyle(type.style, variation?.style);
  }

  /** The library's copy of `id` when it is of `kind` (the picture slot holds an image or a video). */
  private mediaPath(id: string | null, kind: MediaKind): string | null {
    const item = id ? this.deps.media.get(id) : null;
    return item && item.kind === kind ? `/media/${item.id}` : null;
  }
}
