/**
 * Run an ad (`POST /helix/channels/commercial`, 30-180 s in steps of 30). The platform refuses a
 * commercial too soon after the last one with a 200 whose `length` is 0, its reason in `message`
 * and the seconds to wait in `retry_after`: that is a refusal here, told in its words, with the
 * time from which another ad may run (the renderer counts down to it).
 */
import type { AdsState } from '../../../shared/ipc/contract';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Notifier } from '../notifications/notifier';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

const noAds: AdsState = { lastStartedAt: null, lastLength: null, nextAllowedAt: null, message: null };

export const adLengths = [30, 60, 90, 120, 150, 180] as const;

export interface AdsServiceOptions {
  api: Pick<ApiClient, 'request'>;
  /** Whose channel: its ad history is forgotten when the account changes. */
  broadcaster: CurrentBroadcaster;
  notifier?: Notifier;
  clock?: Clock;
}

interface HelixCommercial {
  length: number;
  message: string;
  retry_after: number;
}

export class AdsService {
  private readonly clock: Clock;
  private state: AdsState = noAds;
  private readonly changes = new Emitter<AdsState>();
  private readonly offBroadcaster: Disposer;

  constructor(private readonly options: AdsServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.offBroadcaster = options.broadcaster.onChange((change) => {
      if (change.id !== change.previousId) this.set(noAds);
    });
  }

  dispose(): void {
    this.offBroadcaster();
    this.changes.dispose();
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
      const state = await this.start(length);
      if (options.notify) this.options.notifier?.show({ title: `Ad running: ${length} s`, body: state.message ?? 'The commercial has started.', tag: 'sidestage-ads' });
      return state;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Something went wrong inside Sidestage.';
      if (options.notify) this.options.notifier?.show({ title: 'Ad not started', body: message, tag: 'sidestage-ads' });
      throw error;
    }
  }

  private async start(length: number): Promise<AdsState> {
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
    this.set({ lastStartedAt: new Date(now).toISOString(), lastLength: answer.length, nextAllowedAt, message: answer.message || null });
    return this.state;
  }

  private set(next: AdsState): void {
    this.state = next;
    this.changes.fire(next);
  }
}
