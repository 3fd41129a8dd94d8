/**
 * Clips of the live broadcast: `POST /helix/clips` answers at once with the clip's id and edit
 * link, but the platform processes the clip before Get Clips lists it ("if, after 15 seconds, Get
 * Clips hasn't returned the clip, assume it failed"). So a press creates the clip, tells the
 * broadcaster the edit link, and then asks Get Clips with a doubling wait until the clip is listed
 * or the platform's time is up. Each clip is logged beside the markers of its broadcast.
 */
import { randomUUID } from 'node:crypto';
import type { Clip, ClipsState } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AppError } from '../app-error';
import type { CurrentBroadcaster } from '../common/current-broadcaster';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import { Backoff } from '../../../shared/primitives/backoff';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';

/** Where a clip is logged beside the markers (MarkerService); null: no broadcast to log it in. */
export interface ClipLog {
  logClip(clip: { source: Clip['source']; pressedAt: number; clipId: string; url: string }): { settle(ok: boolean, error: string | null): void } | null;
}

export interface ClipServiceOptions {
  api: Pick<ApiClient, 'request'>;
  broadcaster: Pick<CurrentBroadcaster, 'id' | 'canCallApi' | 'onChange'>;
  notifier: Notifier;
  logger: Logger;
  log?: ClipLog;
  /** Opens the edit link from the notification (the system browser). */
  openUrl?: (url: string) => Promise<unknown>;
  clock?: Clock;
  /** How long after the platform's answer the clip may take to be listed. Default 15 s, the platform's word. */
  availableWithinMs?: number;
  /** First wait before asking Get Clips; doubles up to 4x. Default 1 s. */
  pollInitialMs?: number;
  /** Clips kept in the state. Default 5. */
  keep?: number;
}

interface HelixCreatedClip {
  id: string;
  edit_url: string;
}

interface HelixClip {
  id: string;
  url: string;
}

const notificationTag = 'sidestage-clip';

export class ClipService extends Disposable {
  private readonly clock: Clock;
  private recent: Clip[] = [];
  private readonly changes = new Emitter<ClipsState>();
  private readonly timers = new Set<{ handle: unknown; wake: () => void }>();
  private disposed = false;

  constructor(private readonly options: ClipServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.register(
      options.broadcaster.onChange((change) => {
        if (change.id !== change.previousId) this.set([]);
      }),
    );
  }

  getState(): ClipsState {
    return { recent: this.recent };
  }

  onChange(listener: (state: ClipsState) => void): Disposer {
    return this.changes.on(listener);
  }

  /**
   * One press: resolves once the platform created the clip (its edit link is known), with the
   * promise of the clip being listed (`ready`, which never rejects: a clip that never appears is
   * `failed`). Rejects, in words, when the platform refuses.
   */
  async create(source: Clip['source']): Promise<{ clip: Clip; ready: Promise<Clip> }> {
    const { id: broadcasterId, canCallApi } = this.options.broadcaster;
    const pressedAt = this.clock.now();
    const requestId = randomUUID();
    if (!broadcasterId || !canCallApi) return this.refuse(source, new AppError('not_signed_in', 'Sign in to create clips.'));
    const clip: Clip = { requestId, clipId: null, editUrl: null, url: null, source, pressedAt: new Date(pressedAt).toISOString(), status: 'creating', error: null };
    this.upsert(clip);
    let created: HelixCreatedClip | undefined;
    try {
      const res = await this.options.api.request<{ data: HelixCreatedClip[] }>({
        method: 'POST',
        path: '/helix/clips',
        query: { broadcaster_id: broadcasterId },
        // Two clips for one press would be worse than a "try again".
        retry: 'never',
      });
      created = res.data?.data?.[0];
      if (!created?.id) throw new AppError('api_error', 'The platform answered without the clip.');
    } catch (error) {
      const reason = describe(error);
      this.upsert({ ...clip, status: 'failed', error: reason });
      this.notify('Clip not created', reason);
      throw error instanceof AppError ? new AppError(error.code, reason, error.details) : new AppError('internal', reason);
    }
    const processing: Clip = { ...clip, clipId: created.id, editUrl: created.edit_url || null, status: 'processing' };
    this.upsert(processing);
    const logged = processing.editUrl ? this.options.log?.logClip({ source, pressedAt, clipId: created.id, url: processing.editUrl }) : null;
    // At once, so a press from inside a game is confirmed; "Clip ready" replaces it (same tag).
    this.notify('Clip created', processing.editUrl ? `The platform is processing it. Edit it: ${processing.editUrl}` : 'The platform is processing it.', processing.editUrl);
    const ready = this.waitUntilListed(processing)
      .then((done) => {
        logged?.settle(done.status === 'ready', done.error);
        if (done.status === 'ready') this.notify('Clip ready', done.editUrl ? `Edit it: ${done.editUrl}` : 'The clip is ready.', done.editUrl);
        else this.notify('Clip not ready', done.error ?? 'The platform did not list the clip.', done.editUrl);
        return done;
      })
      .catch((error: unknown) => {
        // Nobody may be waiting on `ready`: it must never reject.
        this.options.logger.error('a clip could not be followed', { error });
        return { ...processing, status: 'failed' as const, error: 'Something went wrong inside Sidestage.' };
      });
    return { clip: processing, ready };
  }

  override dispose(): void {
    this.disposed = true;
    super.dispose();
    for (const timer of [...this.timers]) {
      this.clock.clearTimeout(timer.handle);
      timer.wake();
    }
    this.timers.clear();
    this.changes.dispose();
  }

  /** Get Clips by id until it lists the clip, with doubling waits, within the platform's time. */
  private async waitUntilListed(clip: Clip): Promise<Clip> {
    const pollInitialMs = this.options.pollInitialMs ?? 1000;
    const backoff = new Backoff({ initialMs: pollInitialMs, maxMs: pollInitialMs * 4, jitter: 'none' });
    const deadline = this.clock.now() + (this.options.availableWithinMs ?? 15_000);
    let lastError: string | null = null;
    for (;;) {
      const wait = Math.min(backoff.next(), Math.max(0, deadline - this.clock.now()));
      await this.sleep(wait);
      if (this.disposed) return this.settle(clip, 'failed', 'Sidestage closed before the clip was ready.');
      try {
        const res = await this.options.api.request<{ data: HelixClip[] }>({ method: 'GET', path: '/helix/clips', query: { id: clip.clipId! } });
        const listed = res.data?.data?.find((c) => c.id === clip.clipId);
        if (listed) return this.settle({ ...clip, url: listed.url || null }, 'ready', null);
      } catch (error) {
        // A failed look is one more try; the deadline still bounds them.
        lastError = describe(error);
        this.options.logger.warn('could not look up a new clip', { error: lastError });
      }
      if (this.clock.now() >= deadline) {
        return this.settle(clip, 'failed', lastError ?? 'The platform did not finish the clip in time: it may have failed. Try again.');
      }
    }
  }

  private settle(clip: Clip, status: 'ready' | 'failed', error: string | null): Clip {
    const done = { ...clip, status, error };
    if (!this.disposed) this.upsert(done);
    return done;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = {
        handle: null as unknown,
        wake: () => {
          this.timers.delete(timer);
          resolve();
        },
      };
      timer.handle = this.clock.setTimeout(timer.wake, ms);
      this.timers.add(timer);
    });
  }

  private refuse(source: Clip['source'], error: AppError): never {
    this.notify('Clip not created', error.message);
    this.options.logger.info('clip refused', { source, reason: error.code });
    throw error;
  }

  private notify(title: string, body: string, url?: string | null): void {
    const open = url && this.options.openUrl ? url : null;
    this.options.notifier.show(
      { title, body, tag: notificationTag, actions: open ? [{ id: 'edit', label: 'Edit clip' }] : undefined },
      open ? { onClick: () => void this.openLink(open), onAction: () => void this.openLink(open) } : {},
    );
  }

  private async openLink(url: string): Promise<void> {
    try {
      await this.options.openUrl?.(url);
    } catch (error) {
      this.options.logger.warn('could not open the clip link', { error });
    }
  }

  private upsert(clip: Clip): void {
    const rest = this.recent.filter((c) => c.requestId !== clip.requestId);
    const at = this.recent.findIndex((c) => c.requestId === clip.requestId);
    const next = at === -1 ? [clip, ...rest] : [...this.recent.slice(0, at), clip, ...this.recent.slice(at + 1)];
    this.set(next.slice(0, this.options.keep ?? 5));
  }

  private set(recent: Clip[]): void {
    this.recent = recent;
    this.changes.fire(this.getState());
  }
}

/** The platform's refusals, said as what to do about them. */
function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.platformMessage ?? '';
    if (error.status === 404 && /live/i.test(message)) return 'You are not live: clips are made of a live broadcast.';
    if (error.status === 401) return 'Sidestage may not create clips: sign in again and allow "Create clips".';
    if (error.status === 403) return 'Clips are turned off for this channel, or this account may not clip it.';
    return error.message;
  }
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}
