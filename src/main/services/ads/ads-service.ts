/**
 * Run an ad (`POST /helix/channels/commercial`, 30-180 s in steps of 30). The platform refuses a
 * commercial too soon after the last one with a 200 whose `length` is 0, its reason in `message`
 * and the seconds to wait in `retry_after`: that is a refusal here, told in its words, with the
 * time from which another ad may run (the renderer counts down to it).
 *
 * Also the ad schedule (Get Ad Schedule: the next automatic break, pre-roll free time, snoozes),
 * Snooze Next Ad, and the break on air now ("Ad running 0:59"), known from Start Commercial's
 * answer and from the channel-event stream's `adBreakBegin` (which also tells the automatic breaks).
 */
import type { AdsState, ChannelEventOf } from '../../../shared/ipc/contract';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Notifier } from '../notifications/notifier';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import type { ChannelEvents } from '../events/channel-events';

const noAds: AdsState = { lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null, running: null, schedule: null, scheduleError: null };

interface HelixAdSchedule {
  next_ad_at: number | string;
  last_ad_at: number | string;
  duration: number;
  preroll_free_time: number;
  snooze_count: number;
  snooze_refresh_at: number | string;
}

/** Whether the channel is live: the schedule changes when a broadcast starts or ends. */
export interface AdStreamStatus {
  onChange(listener: (status: { live: boolean; streamId: string | null }) => void): Disposer;
}

export const adLengths = [30, 60, 90, 120, 150, 180] as const;

export interface AdsServiceOptions {
  api: Pick<ApiClient, 'request'>;
  /** Whose channel: its ad history is forgotten when the account changes. */
  broadcaster: CurrentBroadcaster;
  notifier?: Notifier;
  clock?: Clock;
  /** The one channel-event stream: ad breaks as they begin, the automatic ones included. */
  channelEvents?: Pick<ChannelEvents, 'on'> | null;
  stream?: AdStreamStatus;
}

interface HelixCommercial {
  length: number;
  message: string;
  retry_after: number;
}

export class AdsService extends Disposable {
  private readonly clock: Clock;
  private state: AdsState = noAds;
  private readonly changes = new Emitter<AdsState>();
  private runningTimer: unknown = null;
  /** Reads of the schedule may overlap: only the newest one's answer counts. */
  private scheduleSeq = 0;

  constructor(private readonly options: AdsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.register(
      options.broadcaster.onChange((change) => {
        if (change.id !== change.previousId) {
          this.scheduleSeq++;
          this.clearRunningTimer();
          this.set(noAds);
        }
        if (change.canCallApi && (change.id !== change.previousId || change.signedInNow)) this.refreshInBackground();
      }),
    );
    if (options.channelEvents) this.register(options.channelEvents.on(['adBreakBegin'], (event) => this.onAdBreak(event)));
    let live: boolean | null = null;
    if (options.stream) {
      this.register(
        options.stream.onChange((status) => {
          if (status.live === live) return;
          live = status.live;
          // A break cannot outlast its broadcast: "Ad running" would count down an ad no one sees.
          if (!status.live) this.endRunning();
          this.refreshInBackground();
        }),
      );
    }
  }

  /** Reads the schedule once, when the API can be called. */
  start(): void {
    if (this.options.broadcaster.canCallApi) this.refreshInBackground();
  }

  override dispose(): void {
    super.dispose();
    this.clearRunningTimer();
    this.changes.dispose();
  }

  /** Get Ad Schedule: the next automatic break, pre-roll free time and snoozes. */
  async refreshSchedule(): Promise<AdsState> {
    const broadcasterId = this.callableBroadcaster('Sign in to see the ad schedule.');
    const seq = ++this.scheduleSeq;
    try {
      const res = await this.options.api.request<{ data: HelixAdSchedule[] }>({ method: 'GET', path: '/helix/channels/ads', query: { broadcaster_id: broadcasterId } });
      const answer = res.data?.data?.[0];
      if (!answer) throw new AppError('api_error', 'The platform answered without the ad schedule.');
      if (seq === this.scheduleSeq) this.set({ ...this.state, schedule: this.toSchedule(answer), scheduleError: null });
    } catch (error) {
      const message = describeScheduleError(error, 'read');
      if (seq === this.scheduleSeq) this.set({ ...this.state, scheduleError: message });
      throw error instanceof AppError ? new AppError(error.code, message, error.details) : error;
    }
    return this.state;
  }

  /** Snooze Next Ad: pushes the next automatic break back (the platform's 5 minutes), one snooze spent. */
  async snooze(): Promise<AdsState> {
    const broadcasterId = this.callableBroadcaster('Sign in to snooze ads.');
    const known = this.state.schedule;
    if (known && known.snoozeCount === 0 && (!known.snoozeRefreshAt || Date.parse(known.snoozeRefreshAt) > this.clock.now())) {
      throw new AppError('unavailable', snoozesLeftMessage(known.snoozeRefreshAt));
    }
    let answer: Pick<HelixAdSchedule, 'snooze_count' | 'snooze_refresh_at' | 'next_ad_at'> | undefined;
    try {
      const res = await this.options.api.request<{ data: Pick<HelixAdSchedule, 'snooze_count' | 'snooze_refresh_at' | 'next_ad_at'>[] }>({
        method: 'POST',
        path: '/helix/channels/ads/schedule/snooze',
        query: { broadcaster_id: broadcasterId },
        retry: 'never',
      });
      answer = res.data?.data?.[0];
    } catch (error) {
      const message = describeScheduleError(error, 'snooze');
      throw error instanceof AppError ? new AppError(error.code, message, error.details) : error;
    }
    if (!answer) throw new AppError('api_error', 'The platform answered without the new schedule.');
    this.scheduleSeq++;
    const previous = this.state.schedule;
    this.set({
      ...this.state,
      schedule: {
        nextAdAt: unixToIso(answer.next_ad_at),
        lastAdAt: previous?.lastAdAt ?? null,
        durationSeconds: previous?.durationSeconds ?? 0,
        prerollFreeSeconds: previous?.prerollFreeSeconds ?? 0,
        snoozeCount: Math.max(0, Math.trunc(Number(answer.snooze_count) || 0)),
        snoozeRefreshAt: unixToIso(answer.snooze_refresh_at),
        readAt: new Date(this.clock.now()).toISOString(),
      },
      scheduleError: null,
    });
    return this.state;
  }

  getState(): AdsState {
    return this.state;
  }

  onChange(listener: (state: AdsState) => void): Disposer {
    return this.changes.on(listener);
  }

  /** `notify`: also tell the result as a desktop notification (from the tray, where there is no window). */
  async run(length: number, options: { notify?: boolean } = {}): Promise<AdsState> {
    try {
      const state = await this.startCommercial(length);
      if (options.notify) this.options.notifier?.show({ title: `Ad running: ${length} s`, body: state.message ?? 'The commercial has started.', tag: 'sidestage-ads' });
      return state;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Something went wrong inside Sidestage.';
      if (options.notify) this.options.notifier?.show({ title: 'Ad not started', body: message, tag: 'sidestage-ads' });
      throw error;
    }
  }

  private async startCommercial(length: number): Promise<AdsState> {
    if (!(adLengths as readonly number[]).includes(length)) throw new AppError('invalid_argument', 'An ad lasts 30, 60, 90, 120, 150 or 180 seconds.');
    const { id: broadcasterId, canCallApi } = this.options.broadcaster;
    if (!broadcasterId || !canCallApi) throw new AppError('not_signed_in', 'Sign in to run ads.');
    let answer: HelixCommercial | undefined;
    try {
      const res = await this.options.api.request<{ data: HelixCommercial[] }>({
        method: 'POST',
        path: '/helix/channels/commercial',
        body: { broadcaster_id: broadcasterId, length },
        // Two ads for one click would be worse than a "try again".
        retry: 'never',
      });
      answer = res.data?.data?.[0];
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && /live/i.test(error.platformMessage ?? '')) {
        throw new AppError('api_error', 'You are not live: ads run only during a live broadcast.', { status: 400 });
      }
      if (error instanceof ApiError && error.status === 401 && /scope/i.test(error.platformMessage ?? '')) {
        throw new AppError('api_error', 'Sidestage may not run ads: sign in again and allow "Run ads".', { status: 401 });
      }
      throw error;
    }
    if (!answer) throw new AppError('api_error', 'The platform answered without the commercial.');
    const now = this.clock.now();
    const retryAfterMs = Math.max(0, answer.retry_after) * 1000;
    const nextAllowedAt = new Date(now + retryAfterMs).toISOString();
    if (answer.length === 0) {
      this.set({ ...this.state, nextAllowedAt, message: answer.message || null });
      throw new AppError('rate_limited', answer.message || `Another ad can run in ${answer.retry_after} s.`, { retryAfterMs });
    }
    this.set({ ...this.state, lastStartedAt: new Date(now).toISOString(), lastLength: answer.length, nextAllowedAt, message: answer.message || null });
    this.showRunning(now, answer.length, false);
    // The break earned pre-roll free time and moved the next automatic one.
    this.refreshInBackground();
    return this.state;
  }

  private onAdBreak(event: ChannelEventOf<'adBreakBegin'>): void {
    const startedAt = Date.parse(event.startedAt);
    this.showRunning(Number.isNaN(startedAt) ? this.clock.now() : startedAt, event.durationSeconds, event.isAutomatic);
    this.refreshInBackground();
  }

  /** "Ad running": until the break's end, then cleared (an event can repeat what the answer said). */
  private showRunning(startedAt: number, seconds: number, automatic: boolean): void {
    const endsAt = startedAt + seconds * 1000;
    if (endsAt <= this.clock.now()) return;
    this.clearRunningTimer();
    this.set({ ...this.state, running: { startedAt: new Date(startedAt).toISOString(), endsAt: new Date(endsAt).toISOString(), automatic } });
    this.runningTimer = this.clock.setTimeout(() => {
      this.runningTimer = null;
      this.set({ ...this.state, running: null });
    }, endsAt - this.clock.now());
  }

  /** The break on air is over before its time (the stream went offline). */
  private endRunning(): void {
    this.clearRunningTimer();
    if (this.state.running) this.set({ ...this.state, running: null });
  }

  private clearRunningTimer(): void {
    if (this.runningTimer !== null) this.clock.clearTimeout(this.runningTimer);
    this.runningTimer = null;
  }

  private refreshInBackground(): void {
    if (!this.options.broadcaster.canCallApi || !this.options.broadcaster.id) return;
    // Its failure is in the state's scheduleError; nothing else waits on it.
    void this.refreshSchedule().catch(() => {});
  }

  private callableBroadcaster(signInMessage: string): string {
    const { id, canCallApi } = this.options.broadcaster;
    if (!id || !canCallApi) throw new AppError('not_signed_in', signInMessage);
    return id;
  }

  private toSchedule(answer: HelixAdSchedule): NonNullable<AdsState['schedule']> {
    const count = (value: unknown) => Math.max(0, Math.trunc(Number(value) || 0));
    return {
      nextAdAt: unixToIso(answer.next_ad_at),
      lastAdAt: unixToIso(answer.last_ad_at),
      durationSeconds: count(answer.duration),
      prerollFreeSeconds: count(answer.preroll_free_time),
      snoozeCount: count(answer.snooze_count),
      snoozeRefreshAt: unixToIso(answer.snooze_refresh_at),
      readAt: new Date(this.clock.now()).toISOString(),
    };
  }

  private set(next: AdsState): void {
    this.state = next;
    this.changes.fire(next);
  }
}

/** The reference gives Unix seconds, 0 for none (some tools send RFC 3339): an ISO time or null. */
function unixToIso(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === 0 || value === '' || value === '0') return null;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const seconds = Number(value);
    return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function describeScheduleError(error: unknown, what: 'read' | 'snooze'): string {
  if (error instanceof ApiError) {
    const message = error.platformMessage ?? '';
    if (error.status === 401 && /scope/i.test(message)) {
      return what === 'read' ? 'Sidestage may not read the ad schedule: sign in again and allow "Read the ad schedule".' : 'Sidestage may not snooze ads: sign in again and allow "Manage the ad schedule".';
    }
    if (what === 'snooze' && error.status === 429) return snoozesLeftMessage(null);
    if (what === 'snooze' && error.status === 400 && /live/i.test(message)) return 'You are not live: only a live broadcast has ad breaks to snooze.';
    return error.message;
  }
  // The API client takes a 429 for its rate limit; on snooze the platform says so when no snooze is left.
  if (what === 'snooze' && error instanceof AppError && error.code === 'rate_limited') return snoozesLeftMessage(null);
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}

function snoozesLeftMessage(refreshAt: string | null): string {
  if (!refreshAt) return 'No snoozes left: one comes back every hour.';
  const at = new Date(refreshAt);
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `No snoozes left: the next comes back at ${time}.`;
}
