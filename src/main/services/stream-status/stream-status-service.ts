/**
 * Live or offline, uptime, viewers, title and category of the signed-in broadcaster's channel.
 * The channel-event stream's `streamOnline` / `streamOffline` say at once when the stream starts or
 * ends; a poll of GET /helix/streams (every minute while signed in, and at once after an events
 * gap) keeps the counts fresh and corrects anything the socket missed. Offline, GET /helix/channels gives the
 * title and category the next stream will start with.
 */
import type { ChannelEventOf, StreamStatus } from '../../../shared/ipc/contract';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import { ChannelState } from '../common/channel-state';
import type { ApiClient } from '../api/api-client';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import { Disposable, type Disposer } from '../../../shared/primitives/emitter';
import type { ChannelEvents } from '../events/channel-events';

/** The part of the events service this needs (src/main/services/events/events-service.ts): its gaps. */
export interface StreamEventsSource {
  onGap(listener: (gap: unknown) => void): () => void;
}

export interface StreamStatusServiceOptions {
  api: Pick<ApiClient, 'get'>;
  /** Whose channel: cleared on sign-out, kept (and not polled) while the sign-in is renewed. */
  broadcaster: CurrentBroadcaster;
  events?: StreamEventsSource | null;
  /** The one channel-event stream: the stream going on and off air, title and category changes. */
  channelEvents?: Pick<ChannelEvents, 'on'> | null;
  logger: Logger;
  clock?: Clock;
  /** Default 60 s. */
  pollIntervalMs?: number;
  /** How long an event wins over a poll that contradicts it. Default 3 min. */
  eventHoldMs?: number;
}

interface HelixStream {
  id: string;
  user_id: string;
  game_id: string;
  game_name: string;
  title: string;
  viewer_count: number;
  started_at: string;
  type: string;
}

interface HelixChannel {
  broadcaster_id: string;
  game_id: string;
  game_name: string;
  title: string;
}

export const offlineStatus: StreamStatus = {
  live: false,
  streamId: null,
  startedAt: null,
  viewerCount: null,
  title: '',
  categoryId: '',
  categoryName: '',
  checkedAt: null,
  error: null,
};

export class StreamStatusService extends Disposable {
  private readonly clock: Clock;
  private readonly pollIntervalMs: number;
  /** Whose channel, and the rule that a slower, older answer cannot overwrite a newer fact (an event, another account). */
  private readonly channel: ChannelState<StreamStatus>;
  private timer: unknown = null;
  private inFlight: Promise<StreamStatus> | null = null;
  /** The check asked for while another was under way: it follows that one. */
  private next: Promise<StreamStatus> | null = null;
  private started = false;
  /**
   * What the last EventSub event said, trusted over a contradicting poll for a while: the listing
   * of live streams lags behind the events by up to a minute or two on the platform.
   */
  private eventHold: { live: boolean; until: number } | null = null;

  constructor(private readonly options: StreamStatusServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.pollIntervalMs = options.pollIntervalMs ?? 60_000;
    this.channel = new ChannelState<StreamStatus>({
      broadcaster: options.broadcaster,
      empty: offlineStatus,
      isRead: (status) => status.checkedAt !== null,
      read: () => this.pollShared(),
      reading: 'checking whether you are live',
      logger: options.logger,
      gaps: options.events ?? null,
      onBroadcaster: () => {
        this.eventHold = null;
        this.stopTimer();
      },
    });
    this.register(() => this.channel.dispose());
  }

  private get status(): StreamStatus {
    return this.channel.get();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { broadcaster, channelEvents } = this.options;
    if (channelEvents) {
      this.register(channelEvents.on(['streamOnline'], (event) => this.onOnline(event)));
      this.register(channelEvents.on(['streamOffline'], () => this.onOffline()));
      this.register(channelEvents.on(['channelUpdate'], (event) => this.onChannelUpdate(event)));
    }
    this.channel.start();
    // The minute's poll runs while the API may be called; during a renewal the last status stays shown.
    this.register(broadcaster.onChange(() => this.followPollTimer()));
    this.followPollTimer();
  }

  getStatus(): StreamStatus {
    return this.status;
  }

  onChange(listener: (status: StreamStatus) => void): Disposer {
    return this.channel.onChange(listener);
  }

  /**
   * Asks the platform now: the answer is read after this call. A check already under way began
   * before it (before the stream the caller just started, say), so one more follows it, shared by
   * everyone who asks meanwhile; never two at once.
   */
  refresh(): Promise<StreamStatus> {
    try {
      this.channel.require('Live status not read');
    } catch (error) {
      return Promise.reject(error);
    }
    if (!this.inFlight) return this.pollShared();
    this.next ??= this.inFlight
      .catch(() => {})
      .then(() => {
        this.next = null;
        return this.inFlight ?? this.pollShared();
      });
    return this.next;
  }

  /** One check, shared by whoever asks while it is under way (the timer, a gap). */
  private pollShared(): Promise<StreamStatus> {
    if (this.inFlight) return this.inFlight;
    const poll: Promise<StreamStatus> = this.poll().finally(() => {
      // An event may have replaced this poll with a newer one already: that one stays shared.
      if (this.inFlight === poll) this.inFlight = null;
    });
    this.inFlight = poll;
    return poll;
  }

  override dispose(): void {
    super.dispose();
    this.stopTimer();
  }

  /** The poll timer runs exactly while the API may be called for the channel (ChannelState reads at once on a sign-in). */
  private followPollTimer(): void {
    if (this.channel.broadcasterId === null || !this.options.broadcaster.canCallApi) return this.stopTimer();
    if (this.timer !== null) return;
    this.timer = this.clock.setInterval(() => void this.pollShared().catch(() => {}), this.pollIntervalMs);
  }

  private async poll(): Promise<StreamStatus> {
    const read = this.channel.begin('Live status not read');
    const { broadcasterId } = read;
    try {
      const streams = await this.options.api.get<{ data: HelixStream[] }>('/helix/streams', { user_id: broadcasterId, type: 'live' });
      const stream = streams.data?.find((s) => s.user_id === broadcasterId);
      let next: StreamStatus;
      const hold = this.eventHold && this.eventHold.until > this.clock.now() ? this.eventHold : null;
      if (hold && hold.live !== Boolean(stream)) {
        // The listing has not caught up with the event yet: keep the event's word, refresh the rest.
        if (hold.live) {
          const channels = await this.options.api.get<{ data: HelixChannel[] }>('/helix/channels', { broadcaster_id: broadcasterId });
          const channel = channels.data?.[0];
          next = { ...this.status, title: channel?.title ?? this.status.title, categoryId: channel?.game_id ?? this.status.categoryId, categoryName: channel?.game_name ?? this.status.categoryName, checkedAt: this.nowIso(), error: null };
        } else {
          next = { ...this.status, checkedAt: this.nowIso(), error: null };
        }
      } else if (stream) {
        next = {
          live: true,
          streamId: stream.id,
          startedAt: stream.started_at,
          viewerCount: stream.viewer_count,
          title: stream.title,
          categoryId: stream.game_id,
          categoryName: stream.game_name,
          checkedAt: this.nowIso(),
          error: null,
        };
      } else {
        const channels = await this.options.api.get<{ data: HelixChannel[] }>('/helix/channels', { broadcaster_id: broadcasterId });
        const channel = channels.data?.[0];
        next = {
          ...offlineStatus,
          title: channel?.title ?? '',
          categoryId: channel?.game_id ?? '',
          categoryName: channel?.game_name ?? '',
          checkedAt: this.nowIso(),
        };
      }
      if (read.current()) this.set(next);
      return this.status;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Could not check whether you are live.';
      this.options.logger.warn('stream status check failed', { error });
      // What was known stays shown; the error says it may be stale.
      if (read.current()) this.set({ ...this.status, error: message });
      throw error instanceof AppError ? error : new AppError('unavailable', message);
    }
  }

  private onOnline(event: ChannelEventOf<'streamOnline'>): void {
    if (this.channel.broadcasterId === null) return;
    this.channel.changed();
    this.eventHold = { live: true, until: this.clock.now() + (this.options.eventHoldMs ?? 180_000) };
    this.set({
      ...this.status,
      live: true,
      streamId: event.streamId ?? this.status.streamId,
      startedAt: event.startedAt,
      viewerCount: this.status.live ? this.status.viewerCount : 0,
      error: null,
    });
    // The event has no title, category or counts. A poll already under way started before the event
    // and will be discarded (older than the event): ask again.
    this.inFlight = null;
    void this.refresh().catch(() => {});
  }

  private onOffline(): void {
    if (this.channel.broadcasterId === null) return;
    this.channel.changed();
    this.eventHold = { live: false, until: this.clock.now() + (this.options.eventHoldMs ?? 180_000) };
    this.set({ ...this.status, live: false, streamId: null, startedAt: null, viewerCount: null, error: null });
  }

  /** A title or category changed on the platform: shown at once, as the channel info shows it. */
  private onChannelUpdate(event: ChannelEventOf<'channelUpdate'>): void {
    if (this.channel.broadcasterId === null) return;
    // A poll under way read the channel before this change: its answer must not bring the old title back.
    this.channel.changed();
    this.inFlight = null;
    this.set({ ...this.status, title: event.title, categoryId: event.categoryId, categoryName: event.categoryName });
  }

  /** Tells the listeners only when something they show changed (a poll that finds the same status is quiet). */
  private set(next: StreamStatus): void {
    if (JSON.stringify(next) !== JSON.stringify(this.status)) this.channel.set(next);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clock.clearInterval(this.timer);
    this.timer = null;
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
