/**
 * The per-broadcast recorder: while the channel is live, one bucket a minute (viewers from the
 * stream status; chat lines, chatters, follows, subs and gifts, bits, redemptions and donations
 * from the one channel-event stream) and the moments on the same timeline (markers and clips from
 * the marker log; raids, ad breaks, Shield Mode, polls, predictions, hype trains, title and
 * category changes from the channel events; automation runs from the automations' log).
 *
 * Recording is cheap on the event path: an event adds to the minute in memory; a minute is written
 * when it is over (one journal line), a moment at once (`story-files.ts`). Minutes count from the
 * broadcast's start as the platform gives it, so a broadcast across midnight, or one Sidestage
 * joined late or restarted in the middle of, stays one timeline (the minutes Sidestage was not
 * running are missing, not zero). A few seconds after the stream ends the broadcast is announced
 * (`onEnded`, a desktop notification) so that its story opens.
 */
import type { BroadcastStory, BroadcastStoryList, BroadcastSummary, ChannelEvent, ChannelEventKind, StoryMinute, StoryMoment, StoryMomentKind, StreamStatus } from '../../../shared/ipc/contract';
import { summaryOf } from '../../../shared/domain/broadcast-story';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { SnapshottedJournal } from '../common/append-journal';
import { AppError } from '../app-error';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { ChannelEvents } from '../events/channel-events';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { OpenedStoryFiles, StoryLine } from './story-files';

/** What the recorder reads of the marker log: its broadcasts' presses (markers and clips). */
export interface StoryMarkerSource {
  getOverview(): { logs: { streamId: string; entries: { id: string; kind?: 'marker' | 'clip'; pressedAt: string; description: string; status: string; positionSeconds: number | null }[] }[] };
  onChange(listener: (overview: ReturnType<StoryMarkerSource['getOverview']>) => void): Disposer;
}

/** What the recorder reads of the automations: their runs, newest first. */
export interface StoryRunSource {
  getState(): { runs: { id: string; automationName: string; trigger: string; status: string; startedAt: string | null }[] };
  onChange(listener: (state: ReturnType<StoryRunSource['getState']>) => void): Disposer;
}

export interface BroadcastStoryRecorderOptions {
  files: OpenedStoryFiles;
  stream: { getStatus(): StreamStatus; onChange(listener: (status: StreamStatus) => void): Disposer };
  channelEvents: Pick<ChannelEvents, 'on'>;
  /** Whose broadcast it is (main's `CurrentBroadcaster`): each recorded broadcast carries its id. */
  broadcaster?: Pick<CurrentBroadcaster, 'id'> | null;
  markers?: StoryMarkerSource | null;
  runs?: StoryRunSource | null;
  notifier?: Notifier | null;
  /** The notification's click brings the window forward (the renderer shows the panel on the `onEnded` event). */
  openWindow?: () => void;
  logger: Logger;
  clock?: Clock;
  /** Broadcasts kept. Default 100. */
  maxBroadcasts?: number;
  /** A bucket's length. Default one minute (tests and the e2e demo use shorter ones). */
  minuteMs?: number;
  /** How soon after the end the broadcast is announced. Default 5 s. */
  endNoticeDelayMs?: number;
  /** How soon after a journal line the live snapshot is written. Default 5 minutes. */
  snapshotDelayMs?: number;
}

const bucketKinds = ['chatMessage', 'follow', 'subscription', 'resubscription', 'giftSubscriptions', 'cheer', 'redemption', 'donation'] as const satisfies readonly ChannelEventKind[];
const momentKinds = [
  'raid',
  'raidSent',
  'adBreakBegin',
  'shieldModeBegin',
  'shieldModeEnd',
  'pollBegin',
  'pollEnd',
  'predictionBegin',
  'predictionEnd',
  'hypeTrainBegin',
  'hypeTrainEnd',
  'channelUpdate',
] as const satisfies readonly ChannelEventKind[];

/** Names kept per broadcast (the counts go on past them). */
const maxNames = 5000;

interface Bucket {
  minute: StoryMinute;
  chatters: Map<string, number>;
  followers: string[];
  subscribers: BroadcastStory['subscribers'];
}

export class BroadcastStoryRecorder extends Disposable {
  private readonly clock: Clock;
  private readonly minuteMs: number;
  private readonly maxBroadcasts: number;
  private readonly journal: SnapshottedJournal<StoryLine>;
  /** Finished broadcasts, oldest first. */
  private broadcasts: BroadcastStory[];
  private live: BroadcastStory | null;
  private liveStart = 0;
  private bucket: Bucket | null = null;
  private chatterIndex = new Map<string, number>();
  private momentIds = new Set<string>();
  private lastViewers: number | null = null;
  private timer: unknown = null;
  private readonly changes = new Emitter<BroadcastStoryList>();
  private readonly ended = new Emitter<{ id: string }>();
  private readonly endTimers = new Set<unknown>();
  private archiving: Promise<void> = Promise.resolve();
  private readonly summaries = new WeakMap<BroadcastStory, BroadcastSummary>();
  private started = false;

  constructor(private readonly options: BroadcastStoryRecorderOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.minuteMs = options.minuteMs ?? 60_000;
    this.maxBroadcasts = options.maxBroadcasts ?? 100;
    const { files } = options;
    this.broadcasts = files.broadcasts;
    this.live = files.live;
    // The snapshot, then the journal's lines after it, in order.
    for (const { entry } of files.lines) this.apply(entry);
    // A broadcast under way when Sidestage stopped: it goes on if the stream still is (`onStatus`).
    if (this.live) this.liveStart = Date.parse(this.live.startedAt);
    this.journal = new SnapshottedJournal(files.journal, {
      path: files.livePath,
      content: (seq) => JSON.stringify({ version: 1, seq, live: this.live }),
      clock: this.clock,
      delayMs: options.snapshotDelayMs ?? 5 * 60_000,
      onError: (error) => options.logger.error('broadcast story: the live record could not be saved (its journal keeps every minute)', { error }),
    });
    this.register(() => {
      this.cancelTimer();
      for (const timer of this.endTimers) this.clock.clearTimeout(timer);
      this.endTimers.clear();
      this.journal.close();
      this.changes.dispose();
      this.ended.dispose();
    });
  }

  /** Listens before the sources start (composition starts it before EventSub connects). */
  start(): void {
    if (this.started) return;
    this.started = true;
    const { stream, channelEvents, markers, runs } = this.options;
    this.register(channelEvents.on(bucketKinds, (event) => this.onBucketEvent(event)));
    this.register(channelEvents.on(momentKinds, (event) => this.onMomentEvent(event)));
    this.register(stream.onChange((status) => this.onStatus(status)));
    if (markers) this.register(markers.onChange((overview) => this.onMarkers(overview)));
    if (runs) this.register(runs.onChange((state) => this.onRuns(state)));
    this.onStatus(stream.getStatus());
  }

  list(): BroadcastStoryList {
    const finished = this.broadcasts.map((story) => {
      // A finished broadcast does not change (one that comes back live is a new object): its totals are worked out once.
      let summary = this.summaries.get(story);
      if (!summary) this.summaries.set(story, (summary = summaryOf(story)));
      return summary;
    });
    const all = this.live ? [...finished, summaryOf(this.withBucket(this.live))] : finished;
    return { broadcasts: all.reverse(), liveId: this.live?.id ?? null, unavailable: null };
  }

  /** A broadcast's whole story; the live one with the minute under way. */
  get(id: string): BroadcastStory {
    if (this.live?.id === id) return this.withBucket(this.live);
    const found = this.broadcasts.find((b) => b.id === id);
    if (!found) throw new AppError('invalid_argument', 'That broadcast is not in the list any more (Sidestage keeps the last 100).');
    return found;
  }

  onChange(listener: (list: BroadcastStoryList) => void): Disposer {
    return this.changes.on(listener);
  }

  /** A few seconds after a broadcast ended: its story is ready to open. */
  onEnded(listener: (ended: { id: string }) => void): Disposer {
    return this.ended.on(listener);
  }

  /** On quit: the minute under way is kept as far as it went, then everything is on disk. */
  async flush(): Promise<void> {
    if (this.live && this.bucket) this.writeBucket(false);
    await this.archiving;
    await this.journal.flush();
  }

  // ---------- the stream ----------

  private onStatus(status: StreamStatus): void {
    if (status.live && status.startedAt) {
      const id = status.streamId ?? `local-${status.startedAt}`;
      if (this.live && this.live.id !== id) this.finish(this.lastMinuteTime(this.live));
      if (!this.live) this.begin(id, status);
      else this.advance();
      if (status.viewerCount !== null) {
        this.lastViewers = status.viewerCount;
        this.advance();
        if (this.bucket) this.bucket.minute.viewers = status.viewerCount;
      }
      if (this.live && (status.title !== this.live.title || status.categoryName !== this.live.categoryName) && status.title !== '') {
        this.noteHead(status.title, status.categoryName);
      }
      return;
    }
    // Only a stream the platform said is over: not the status before its first check (at start), nor
    // one that could not be read (its error says so).
    if (!status.live && this.live && status.error === null && status.checkedAt !== null) this.finish(new Date(this.clock.now()).toISOString());
  }

  private begin(id: string, status: StreamStatus): void {
    const startedAt = status.startedAt!;
    const archived = this.broadcasts.findIndex((b) => b.id === id);
    if (archived >= 0) {
      // The same stream back after an end (a poll that contradicted an event): it goes on.
      const [again] = this.broadcasts.splice(archived, 1);
      this.live = { ...again!, endedAt: null };
      this.appendLine({ type: 'begin', head: { id, ...(again!.broadcasterId ? { broadcasterId: again!.broadcasterId } : {}), startedAt: again!.startedAt, title: again!.title, categoryName: again!.categoryName } });
      this.rebuildIndexes();
      void this.saveArchive();
    } else if (this.live?.id !== id) {
      // The stream status is the current broadcaster's: so is the broadcast (unknown with nobody signed in).
      const owner = this.options.broadcaster?.id ? { broadcasterId: this.options.broadcaster.id } : {};
      this.live = { id, ...owner, startedAt, endedAt: null, title: status.title, categoryName: status.categoryName, minutes: [], moments: [], chatters: [], followers: [], subscribers: [] };
      this.rebuildIndexes();
      this.appendLine({ type: 'begin', head: { id, ...owner, startedAt, title: status.title, categoryName: status.categoryName } });
    }
    this.liveStart = Date.parse(this.live!.startedAt);
    this.lastViewers = this.live!.minutes.at(-1)?.viewers ?? status.viewerCount;
    this.bucket = null;
    this.advance();
    this.emitChange();
  }

  private finish(endedAt: string): void {
    const story = this.live;
    if (!story) return;
    if (this.bucket) this.writeBucket(false);
    this.cancelTimer();
    story.endedAt = endedAt;
    this.appendLine({ type: 'end', id: story.id, endedAt });
    this.live = null;
    this.bucket = null;
    this.broadcasts.push(story);
    this.broadcasts = this.broadcasts.slice(-this.maxBroadcasts);
    // The journal keeps the ended broadcast until the list holding it is on disk.
    void this.saveArchive().then((saved) => {
      if (saved) return this.journal.snapshot().catch((error: unknown) => this.options.logger.warn('broadcast story: the live record could not be cleared', { error }));
    });
    this.emitChange();
    const timer = this.clock.setTimeout(() => {
      this.endTimers.delete(timer);
      this.announce(story);
    }, this.options.endNoticeDelayMs ?? 5000);
    this.endTimers.add(timer);
  }

  private announce(story: BroadcastStory): void {
    this.ended.fire({ id: story.id });
    const totals = summaryOf(story).totals;
    this.options.notifier?.show(
      {
        title: 'Your broadcast is over: here is its story',
        body: `${totals.minutes} minutes, peak ${totals.peakViewers ?? 0} viewers, ${totals.chatLines} chat lines, ${totals.follows} follows. Open Broadcasts to see it.`,
        tag: `broadcast-story-${story.id}`,
      },
      { onClick: () => this.options.openWindow?.() },
    );
  }

  // ---------- minutes ----------

  private minuteNow(): number {
    return Math.max(0, Math.floor((this.clock.now() - this.liveStart) / this.minuteMs));
  }

  /** Closes the minutes that are over (an empty minute is a real zero while Sidestage runs) and opens the current one. */
  private advance(): void {
    if (!this.live) return;
    const now = this.minuteNow();
    if (this.bucket && this.bucket.minute.minute < now) {
      let next = this.bucket.minute.minute + 1;
      this.writeBucket(true);
      // Minutes in which nothing happened at all (a clock that jumped): written as zeros, at most a day of them.
      for (; next < now && now - next < 1440; next++) {
        this.bucket = this.newBucket(next);
        this.writeBucket(true);
      }
    }
    if (!this.bucket) {
      const last = this.live.minutes.at(-1)?.minute ?? -1;
      this.bucket = this.newBucket(Math.max(now, last + 1));
    }
    this.scheduleMinute();
  }

  private newBucket(minute: number): Bucket {
    return {
      minute: { minute, viewers: this.lastViewers, chatLines: 0, chatters: 0, follows: 0, subs: 0, bits: 0, redemptions: 0, donations: 0 },
      chatters: new Map(),
      followers: [],
      subscribers: [],
    };
  }

  private writeBucket(closed: boolean): void {
    const bucket = this.bucket;
    const live = this.live;
    if (!bucket || !live) return;
    this.bucket = null;
    bucket.minute.chatters = bucket.chatters.size;
    const line: StoryLine = { type: 'minute', id: live.id, minute: bucket.minute, chatters: [...bucket.chatters], followers: bucket.followers, subscribers: bucket.subscribers };
    this.apply(line);
    this.appendLine(line);
    if (closed) this.emitChange();
  }

  private scheduleMinute(): void {
    if (this.timer !== null || !this.live) return;
    const next = this.liveStart + (this.minuteNow() + 1) * this.minuteMs;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        this.advance();
      },
      Math.max(1, next - this.clock.now()),
    );
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  // ---------- events ----------

  private onBucketEvent(event: ChannelEventOfBucket): void {
    if (!this.live) return;
    this.advance();
    const bucket = this.bucket!;
    const m = bucket.minute;
    switch (event.kind) {
      case 'chatMessage':
        m.chatLines++;
        bucket.chatters.set(event.user.name, (bucket.chatters.get(event.user.name) ?? 0) + 1);
        break;
      case 'follow':
        m.follows++;
        bucket.followers.push(event.user.name);
        break;
      case 'subscription':
        // A gifted one is counted by its gift event; its recipient is named here.
        if (!event.isGift) m.subs++;
        bucket.subscribers.push({ name: event.user.name, tier: event.tier, gift: event.isGift });
        break;
      case 'resubscription':
        m.subs++;
        bucket.subscribers.push({ name: event.user.name, tier: event.tier, gift: false });
        break;
      case 'giftSubscriptions':
        m.subs += event.count;
        break;
      case 'cheer':
        m.bits += event.bits;
        break;
      case 'redemption':
        m.redemptions++;
        break;
      case 'donation':
        m.donations++;
        break;
    }
  }

  private onMomentEvent(event: ChannelEventOfMoment): void {
    if (!this.live) return;
    const moment = describeMoment(event);
    // Its arrival's time, as the minutes count (the event's own clock may be another machine's).
    if (moment) this.addMoment(event.id, moment.kind, this.clock.now(), moment.label);
    if (event.kind === 'channelUpdate') this.noteHead(event.title, event.categoryName);
  }

  private noteHead(title: string, categoryName: string): void {
    const live = this.live;
    if (!live || (title === live.title && categoryName === live.categoryName)) return;
    const at = this.clock.now();
    if (title !== live.title) this.addMoment(`title:${at}`, 'titleChange', at, `Title: ${title}`);
    if (categoryName !== live.categoryName) this.addMoment(`category:${at}`, 'categoryChange', at, `Category: ${categoryName}`);
    const line: StoryLine = { type: 'head', id: live.id, title, categoryName };
    this.apply(line);
    this.appendLine(line);
  }

  private onMarkers(overview: ReturnType<StoryMarkerSource['getOverview']>): void {
    const live = this.live;
    if (!live) return;
    const log = overview.logs.find((l) => l.streamId === live.id);
    for (const entry of log?.entries ?? []) {
      if (entry.status !== 'created' || this.momentIds.has(entry.id)) continue;
      const pressed = Date.parse(entry.pressedAt);
      const at = entry.positionSeconds !== null ? this.liveStart + entry.positionSeconds * 1000 : pressed;
      const kind = entry.kind === 'clip' ? 'clip' : 'marker';
      this.addMoment(entry.id, kind, Number.isFinite(at) ? at : this.clock.now(), entry.description || (kind === 'clip' ? 'Clip' : 'Marker'));
    }
  }

  private onRuns(state: ReturnType<StoryRunSource['getState']>): void {
    if (!this.live) return;
    for (const run of state.runs) {
      if (!run.startedAt || run.status === 'queued' || run.status === 'running' || run.status === 'skipped') continue;
      const at = Date.parse(run.startedAt);
      if (!Number.isFinite(at) || at < this.liveStart) continue;
      const id = `run:${run.id}`;
      if (this.momentIds.has(id)) continue;
      this.addMoment(id, 'automation', at, `Automation "${run.automationName}" ${run.status === 'done' ? 'ran' : run.status} (${run.trigger})`);
    }
  }

  private addMoment(id: string, kind: StoryMomentKind, at: number, label: string): void {
    const live = this.live;
    if (!live || this.momentIds.has(id)) return;
    const moment: StoryMoment = { id: id.slice(0, 200), kind, offsetSeconds: Math.max(0, Math.floor((at - this.liveStart) / 1000)), at: new Date(at).toISOString(), label: label.slice(0, 300) };
    const line: StoryLine = { type: 'moment', id: live.id, moment };
    this.apply(line);
    this.appendLine(line);
    this.emitChange();
  }

  // ---------- the record ----------

  /** One change applied to the live broadcast (as recorded now, and as read back from the journal). */
  private apply(line: StoryLine): void {
    switch (line.type) {
      case 'begin': {
        const archived = this.broadcasts.findIndex((b) => b.id === line.head.id);
        if (this.live && this.live.id !== line.head.id) this.archive(this.live, this.lastMinuteTime(this.live));
        if (archived >= 0) this.live = { ...this.broadcasts.splice(archived, 1)[0]!, endedAt: null };
        else if (this.live?.id !== line.head.id) this.live = { ...line.head, endedAt: null, minutes: [], moments: [], chatters: [], followers: [], subscribers: [] };
        this.rebuildIndexes();
        return;
      }
      case 'end':
        if (this.live?.id === line.id) {
          this.archive(this.live, line.endedAt);
          this.live = null;
        }
        return;
    }
    const live = this.live;
    if (!live || live.id !== line.id) return;
    switch (line.type) {
      case 'minute': {
        if (live.minutes.some((m) => m.minute === line.minute.minute)) return;
        live.minutes.push(line.minute);
        for (const [name, lines] of line.chatters) {
          const at = this.chatterIndex.get(name);
          if (at !== undefined) live.chatters[at]!.lines += lines;
          else if (live.chatters.length < maxNames) {
            this.chatterIndex.set(name, live.chatters.length);
            live.chatters.push({ name, lines });
          }
        }
        live.followers.push(...line.followers.slice(0, maxNames - live.followers.length));
        live.subscribers.push(...line.subscribers.slice(0, maxNames - live.subscribers.length));
        return;
      }
      case 'moment':
        if (this.momentIds.has(line.moment.id)) return;
        this.momentIds.add(line.moment.id);
        live.moments.push(line.moment);
        return;
      case 'head':
        live.title = line.title;
        live.categoryName = line.categoryName;
        return;
    }
  }

  /** While reading the journal back: a broadcast ended or replaced before Sidestage stopped. */
  private archive(story: BroadcastStory, endedAt: string): void {
    story.endedAt = endedAt;
    this.broadcasts = [...this.broadcasts.filter((b) => b.id !== story.id), story].slice(-this.maxBroadcasts);
  }

  private lastMinuteTime(story: BroadcastStory): string {
    const start = Date.parse(story.startedAt);
    const last = story.minutes.at(-1)?.minute;
    return new Date(last === undefined ? start : start + (last + 1) * this.minuteMs).toISOString();
  }

  private rebuildIndexes(): void {
    this.chatterIndex = new Map((this.live?.chatters ?? []).map((c, i) => [c.name, i]));
    this.momentIds = new Set((this.live?.moments ?? []).map((m) => m.id));
  }

  private withBucket(story: BroadcastStory): BroadcastStory {
    if (!this.bucket) return story;
    const minute = { ...this.bucket.minute, chatters: this.bucket.chatters.size };
    return { ...story, minutes: [...story.minutes, minute] };
  }

  private appendLine(line: StoryLine): void {
    try {
      this.journal.append(line);
    } catch (error) {
      // Kept in memory and in the next snapshot; a full disk is logged, never thrown into the event path.
      this.options.logger.error('broadcast story: a minute could not be written to its journal', { error });
    }
  }

  /** Resolves true once the list is on disk; false when it could not be written (logged; tried again with the next end). */
  private saveArchive(): Promise<boolean> {
    const run = this.archiving
      .then(() => this.options.files.stories.write({ version: 1, broadcasts: this.broadcasts }))
      .then(
        () => true,
        (error: unknown) => {
          this.options.logger.error("broadcast story: the broadcasts' stories could not be saved", { error });
          return false;
        },
      );
    this.archiving = run.then(() => {});
    return run;
  }

  private emitChange(): void {
    this.changes.fire(this.list());
  }
}

type ChannelEventOfBucket = Extract<ChannelEvent, { kind: (typeof bucketKinds)[number] }>;
type ChannelEventOfMoment = Extract<ChannelEvent, { kind: (typeof momentKinds)[number] }>;

/** A channel event as a moment's kind and words; null for one that is not drawn (a title change is noted by `noteHead`). */
function describeMoment(event: ChannelEventOfMoment): { kind: StoryMomentKind; label: string } | null {
  switch (event.kind) {
    case 'raid':
      return { kind: 'raidIn', label: `Raid from ${event.from.name} with ${event.viewers} viewers` };
    case 'raidSent':
      return { kind: 'raidOut', label: `Raided ${event.to.name} with ${event.viewers} viewers` };
    case 'adBreakBegin':
      return { kind: 'adBreak', label: `${event.isAutomatic ? 'Automatic ad' : 'Ad'} break, ${event.durationSeconds} s` };
    case 'shieldModeBegin':
      return { kind: 'shieldMode', label: `Shield Mode on (${event.moderator.name})` };
    case 'shieldModeEnd':
      return { kind: 'shieldMode', label: `Shield Mode off (${event.moderator.name})` };
    case 'pollBegin':
      return { kind: 'poll', label: `Poll started: ${event.title}` };
    case 'pollEnd':
      return { kind: 'poll', label: `Poll ended: ${event.title}` };
    case 'predictionBegin':
      return { kind: 'prediction', label: `Prediction started: ${event.title}` };
    case 'predictionEnd':
      return { kind: 'prediction', label: `Prediction ended: ${event.title}` };
    case 'hypeTrainBegin':
      return { kind: 'hypeTrain', label: 'Hype train started' };
    case 'hypeTrainEnd':
      return { kind: 'hypeTrain', label: `Hype train ended at level ${event.level}` };
    case 'channelUpdate':
      return null;
  }
}
