/**
 * Stream markers: a press (hotkey, button, tray) while live becomes `POST /helix/streams/markers`;
 * a press while offline is refused in words; a network failure is retried for a bounded time,
 * keeping the press's time so the log says how late the marker landed. Creating a marker is not
 * idempotent: it is sent again blindly only when the failure proves nothing was done (no connection,
 * 429, 503); after any other failure the platform's list is read first, and a marker found there
 * counts as this press's marker. Every press of a broadcast is logged on disk; the platform's own
 * list for the current or last video is read back beside it.
 * Feedback goes through the Notifier, so it reaches a player who never leaves the game.
 */
import { randomUUID } from 'node:crypto';
import { formatPosition, renderMarkerDescription } from '../../../shared/domain/marker-position';
import type { ApiMarker, BroadcastMarkerLog, MarkerEntry, MarkerSource, MarkersOverview, StreamStatus } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/api-client';
import { requireSignedInBroadcaster, type BroadcasterChange, type CurrentBroadcaster } from '../common/current-broadcaster';
import { ApiError } from '../api/api-error';
import { certainlyNotSent } from '../api/network-error';
import { AppError } from '../app-error';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import type { Logger } from '../logger';
import type { Notifier } from '../notifications/notifier';
import type { SettingsStore } from '../settings/settings-store';
import type { MarkerLogStore } from './marker-log-store';
import { Backoff } from '../../../shared/primitives/backoff';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';

export interface MarkerStreamStatus {
  getStatus(): StreamStatus;
  refresh(): Promise<StreamStatus>;
  onChange(listener: (status: StreamStatus) => void): () => void;
}

export interface MarkerServiceOptions {
  api: Pick<ApiClient, 'request'>;
  /** Whose markers: the API read-back is cleared when the account changes and read again at sign-in. */
  broadcaster: CurrentBroadcaster;
  stream: MarkerStreamStatus;
  notifier: Notifier;
  settings: SettingsStore;
  store: MarkerLogStore;
  logger: Logger;
  clock?: Clock;
  /** How long after a press a failing request is still retried. Default 60 s. */
  retryWindowMs?: number;
  /** First wait between tries; doubles up to 8x. Default 1 s. */
  retryBaseMs?: number;
  /** Broadcasts kept in the log. Default 30. */
  keepBroadcasts?: number;
  /** How long a note request waits before the marker is placed without a note. Default 2 min. */
  noteWaitMs?: number;
  /** Brings the window forward so the note can be typed (the Electron side). */
  showWindow?: () => void;
}

interface HelixCreatedMarker {
  id: string;
  created_at: string;
  description: string;
  position_seconds: number;
}

interface HelixMarkersPage {
  data: { user_id: string; videos: { video_id: string; markers: { id: string; created_at: string; description: string; position_seconds: number; URL?: string; url?: string }[] }[] }[];
  pagination?: { cursor?: string };
}

const notificationTag = 'sidestage-marker';

/**
 * How much earlier than the local send time a found marker's `created_at` may be and still count:
 * the platform's timestamps have whole seconds and its clock is not ours.
 */
const createdAtSlackMs = 30_000;

/** One press on its way to the platform, across its tries. */
interface Delivery {
  broadcasterId: string;
  entry: MarkerEntry;
  pressedAt: number;
  /** Counts failed POSTs and failed checks: the wait before the next try. */
  backoff: Backoff;
  /** Local send time of the first POST whose outcome is unknown; null while every failure proved nothing was created. */
  unsureSince: number | null;
}

/** After a failed POST: give up, send again, or look whether the marker exists before sending again. */
type FailureKind = 'final' | 'notDone' | 'unsure';

export class MarkerService extends Disposable {
  private readonly clock: Clock;
  private readonly retryWindowMs: number;
  private readonly retryBaseMs: number;
  private logs: BroadcastMarkerLog[] = [];
  private api: MarkersOverview['api'] = { videoId: null, markers: [], fetchedAt: null, error: null };
  private lastResult: MarkersOverview['lastResult'] = null;
  private readonly changes = new Emitter<MarkersOverview>();
  private readonly retryTimers = new Set<unknown>();
  private lastStreamId: string | null = null;
  private disposed = false;
  private loaded: Promise<void> | null = null;
  /** Read-backs may overlap (a marker made, a broadcast started): only the newest one's answer counts. */
  private apiSeq = 0;
  private revision = 0;
  private noteRequest: { id: string; pressedAt: number; source: MarkerSource; timer: unknown } | null = null;

  constructor(private readonly options: MarkerServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.retryWindowMs = options.retryWindowMs ?? 60_000;
    this.retryBaseMs = options.retryBaseMs ?? 1_000;
  }

  /** Loads the log; presses left pending by a previous run are marked as not created. */
  start(): Promise<void> {
    this.loaded ??= (async () => {
      const logs = await this.options.store.load();
      let changed = false;
      for (const log of logs) {
        for (const entry of log.entries) {
          if (entry.status !== 'pending') continue;
          Object.assign(entry, { status: 'failed', error: entry.kind === 'clip' ? 'Sidestage closed before the clip was ready.' : 'Sidestage closed before the marker was created.' });
          changed = true;
        }
      }
      this.logs = logs;
      if (changed) await this.persist();
      this.lastStreamId = this.options.stream.getStatus().streamId;
      this.register(
        this.options.stream.onChange((status) => {
          // A broadcast started or ended: the platform's "current or last video" changed.
          if (status.streamId !== this.lastStreamId) {
            this.lastStreamId = status.streamId;
            void this.refreshApiMarkers().catch(() => {});
          }
        }),
      );
      this.register(this.options.broadcaster.onChange((change) => this.applyBroadcaster(change)));
      if (this.broadcasterId()) void this.refreshApiMarkers().catch(() => {});
    })();
    return this.loaded;
  }

  getOverview(): MarkersOverview {
    return {
      logs: this.logs,
      api: this.api,
      descriptionTemplate: this.options.settings.get('markers.descriptionTemplate'),
      lastResult: this.lastResult,
      noteRequest: this.noteRequest
        ? {
            id: this.noteRequest.id,
            pressedAt: new Date(this.noteRequest.pressedAt).toISOString(),
            expiresAt: new Date(this.noteRequest.pressedAt + (this.options.noteWaitMs ?? 120_000)).toISOString(),
          }
        : null,
      revision: this.revision,
    };
  }

  onChange(listener: (overview: MarkersOverview) => void): Disposer {
    return this.changes.on(listener);
  }

  setDescriptionTemplate(template: string): MarkersOverview {
    this.options.settings.set('markers.descriptionTemplate', template.trim());
    this.emit();
    return this.getOverview();
  }

  /**
   * A clip of the live broadcast, logged beside its markers with its edit link (ClipService's
   * `ClipLog`); `settle` records whether the platform listed it. Null when no broadcast is known.
   */
  logClip(clip: { source: MarkerSource; pressedAt: number; clipId: string; url: string }): { settle(ok: boolean, error: string | null): void } | null {
    const status = this.options.stream.getStatus();
    if (!status.live || !status.streamId) return null;
    const entry: MarkerEntry = {
      id: randomUUID(),
      source: clip.source,
      pressedAt: new Date(clip.pressedAt).toISOString(),
      description: 'Clip',
      status: 'pending',
      positionSeconds: null,
      delaySeconds: 0,
      markerId: clip.clipId,
      attempts: 1,
      error: null,
      kind: 'clip',
      url: clip.url,
    };
    this.logFor(status).entries.push(entry);
    void this.persist();
    this.emit();
    return {
      settle: (ok, error) => {
        Object.assign(entry, ok ? { status: 'created', error: null } : { status: 'failed', error });
        void this.persist();
        this.emit();
      },
    };
  }

  /**
   * One press. Resolves once the first try has an answer (or a retry is scheduled: the entry is
   * then `pending` and the outcome follows as an event and a notification); rejects, in words,
   * when the press is refused.
   */
  async drop(source: MarkerSource, explicitDescription?: string, noteRequestId?: string): Promise<MarkersOverview> {
    await this.start();
    if (noteRequestId === undefined) return this.place(source, this.clock.now(), explicitDescription);
    const request = this.takeNoteRequest(noteRequestId);
    if (!request) throw new AppError('invalid_argument', 'That note request has ended: the marker was already placed or the request timed out.');
    return this.place(request.source, request.pressedAt, explicitDescription);
  }

  /**
   * The note shortcut: checks that the stream is live, then waits for the note (typed in the app)
   * keeping the press's time; without a note in time the marker is placed anyway, undescribed.
   */
  async requestNote(source: MarkerSource = 'hotkey'): Promise<MarkersOverview> {
    await this.start();
    const pressedAt = this.clock.now();
    if (!this.broadcasterId()) return this.refuse(pressedAt, 'Sign in to place stream markers.', 'not_signed_in');
    let status = this.options.stream.getStatus();
    if (!status.live) status = await this.options.stream.refresh().catch(() => status);
    if (!status.live) return this.refuse(pressedAt, 'You are not live: a marker marks a moment of a live broadcast.', 'unavailable');
    // A second press while one waits places the first one (undescribed, at its own press time) and
    // waits for the new one. Taken here, synchronously, so that nothing can replace it in between.
    const previous = this.noteRequest && this.takeNoteRequest(this.noteRequest.id);
    if (previous) void this.place(previous.source, previous.pressedAt).catch(() => {});
    const id = randomUUID();
    const timer = this.clock.setTimeout(() => {
      const request = this.takeNoteRequest(id);
      if (request) void this.place(request.source, request.pressedAt).catch(() => {});
    }, this.options.noteWaitMs ?? 120_000);
    this.noteRequest = { id, pressedAt, source, timer };
    this.options.showWindow?.();
    this.options.notifier.show({ title: 'Marker: add a note', body: 'Type the note in Sidestage. The marker keeps the time of your press.', tag: notificationTag });
    this.emit();
    return this.getOverview();
  }

  /** One marker for a press at `pressedAt` (the service is started; a note request, if any, is already taken). */
  private async place(source: MarkerSource, pressedAt: number, explicitDescription?: string): Promise<MarkersOverview> {
    const broadcasterId = this.broadcasterId();
    if (!broadcasterId) return this.refuse(pressedAt, 'Sign in to place stream markers.', 'not_signed_in');

    let status = this.options.stream.getStatus();
    if (!status.live || !status.streamId) {
      // The status may lag behind a stream that just started: ask once before refusing.
      status = await this.options.stream.refresh().catch(() => status);
    }
    if (!status.live || !status.streamId) {
      return this.refuse(pressedAt, 'You are not live: a marker marks a moment of a live broadcast.', 'unavailable');
    }

    const log = this.logFor(status);
    const template = this.options.settings.get('markers.descriptionTemplate');
    const description =
      explicitDescription?.trim() || (template ? renderMarkerDescription(template, { pressedAt: new Date(pressedAt), number: log.entries.filter((e) => e.kind !== 'clip').length + 1 }) : '');
    const entry: MarkerEntry = {
      id: randomUUID(),
      source,
      pressedAt: new Date(pressedAt).toISOString(),
      description,
      status: 'pending',
      positionSeconds: null,
      delaySeconds: 0,
      markerId: null,
      attempts: 0,
      error: null,
    };
    log.entries.push(entry);
    void this.persist();
    this.emit();
    await this.attempt({ broadcasterId, entry, pressedAt, backoff: this.retryBackoff(), unsureSince: null });
    if (entry.status === 'failed') throw new AppError('unavailable', entry.error ?? 'The marker was not created.');
    return this.getOverview();
  }

  /** The platform's markers for the broadcaster's current or last video. */
  async refreshApiMarkers(): Promise<MarkersOverview> {
    const broadcasterId = requireSignedInBroadcaster(this.broadcasterId(), this.options.broadcaster, 'Stream markers not read');
    const seq = ++this.apiSeq;
    try {
      const markers: ApiMarker[] = [];
      let videoId: string | null = null;
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await this.options.api.request<HelixMarkersPage>({
          method: 'GET',
          path: '/helix/streams/markers',
          query: { user_id: broadcasterId, first: 100, after },
        });
        const video = res.data?.data?.[0]?.videos?.[0];
        if (video) {
          videoId = video.video_id;
          for (const m of video.markers) {
            markers.push({ id: m.id, createdAt: m.created_at, description: m.description, positionSeconds: m.position_seconds, url: m.URL ?? m.url ?? '' });
          }
        }
        after = res.data?.pagination?.cursor;
        if (!after || !video?.markers.length) break;
      }
      markers.sort((a, b) => a.positionSeconds - b.positionSeconds);
      if (seq !== this.apiSeq) return this.getOverview();
      this.api = { videoId, markers, fetchedAt: new Date(this.clock.now()).toISOString(), error: null };
      this.emit();
      return this.getOverview();
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Could not read the markers.';
      if (seq === this.apiSeq) {
        this.api = { ...this.api, error: message };
        this.emit();
      }
      throw error instanceof AppError ? error : new AppError('unavailable', message);
    }
  }

  /** Stops retries; resolves once the log on disk is up to date. */
  override async dispose(): Promise<void> {
    this.disposed = true;
    super.dispose();
    for (const timer of this.retryTimers) this.clock.clearTimeout(timer);
    this.retryTimers.clear();
    if (this.noteRequest) this.clock.clearTimeout(this.noteRequest.timer);
    this.noteRequest = null;
    this.changes.dispose();
    await this.options.store.idle();
  }

  // ---------- one marker ----------

  private takeNoteRequest(id: string): { pressedAt: number; source: MarkerSource } | null {
    const request = this.noteRequest;
    if (!request || request.id !== id) return null;
    this.clock.clearTimeout(request.timer);
    this.noteRequest = null;
    return request;
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const { broadcasterId, entry } = delivery;
    const sentAt = this.clock.now();
    entry.attempts++;
    try {
      const res = await this.options.api.request<{ data: HelixCreatedMarker[] }>({
        method: 'POST',
        path: '/helix/streams/markers',
        body: entry.description ? { user_id: broadcasterId, description: entry.description } : { user_id: broadcasterId },
        // Not idempotent: a blind retry could make two markers. This service decides about retries.
        retry: 'never',
      });
      const created = res.data?.data?.[0];
      if (!created) throw new ApiError(502, 'Bad Gateway', 'The platform answered without the marker.');
      this.created(delivery, created, sentAt);
    } catch (error) {
      const kind = classifyFailure(error);
      if (kind === 'final') return this.failed(entry, describe(error));
      // The platform may have created the marker before the failure: from now on, look before sending again.
      if (kind === 'unsure') delivery.unsureSince ??= sentAt;
      this.retryLater(delivery, error);
    }
  }

  /**
   * The marker may exist (an earlier POST failed without a clear answer): the platform's list says
   * whether it does; only when it does not is the POST sent again.
   */
  private async checkThenAttempt(delivery: Delivery, finalCheck = false): Promise<void> {
    let found: HelixCreatedMarker | null;
    try {
      found = await this.findLanded(delivery);
    } catch (error) {
      this.options.logger.warn('could not check whether the marker was created', { error });
      if (finalCheck) return this.failed(delivery.entry, `Sidestage could not tell whether the marker was created: ${describe(error)}`);
      this.retryLater(delivery, error);
      return;
    }
    if (found) {
      // Which try landed is unknown; the first unsure one is the earliest it can have been.
      this.created(delivery, found, delivery.unsureSince ?? this.clock.now());
      return;
    }
    if (finalCheck) return;
    await this.attempt(delivery);
  }

  /** The unclaimed marker with this press's description created since the first unsure POST, if the platform lists one. */
  private async findLanded(delivery: Delivery): Promise<HelixCreatedMarker | null> {
    const res = await this.options.api.request<HelixMarkersPage>({
      method: 'GET',
      path: '/helix/streams/markers',
      query: { user_id: delivery.broadcasterId, first: 20 },
    });
    const markers = res.data?.data?.[0]?.videos?.[0]?.markers ?? [];
    const claimed = new Set(this.logs.flatMap((log) => log.entries.map((e) => e.markerId)).filter((id) => id !== null));
    const since = (delivery.unsureSince ?? delivery.pressedAt) - createdAtSlackMs;
    const description = delivery.entry.description.trim();
    const matches = markers
      .filter((m) => !claimed.has(m.id) && (m.description ?? '').trim() === description && Date.parse(m.created_at) >= since)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const match = matches[0];
    return match ? { id: match.id, created_at: match.created_at, description: match.description, position_seconds: match.position_seconds } : null;
  }

  /** Schedules the next try (a check first when the marker may exist), or ends the press when the window is over. */
  private retryLater(delivery: Delivery, error: unknown): void {
    const { entry, pressedAt } = delivery;
    const elapsed = this.clock.now() - pressedAt;
    const wait = delivery.backoff.next();
    if (this.disposed) return this.failed(entry, describe(error));
    if (elapsed + wait > this.retryWindowMs) {
      // Out of time; but a marker that did land is not reported as missing.
      if (delivery.unsureSince === null) return this.failed(entry, describe(error));
      entry.error = describe(error);
      this.checkThenAttempt(delivery, true)
        .catch((checkError: unknown) => this.options.logger.error('marker: the last check failed', { error: checkError }))
        .finally(() => {
          if (entry.status === 'pending') this.failed(entry, describe(error));
        });
      return;
    }
    entry.error = `${describe(error)} Trying again…`;
    this.options.logger.warn('marker request failed; retrying', { attempt: entry.attempts, waitMs: wait, check: delivery.unsureSince !== null, error });
    this.emit();
    const timer = this.clock.setTimeout(() => {
      this.retryTimers.delete(timer);
      if (this.disposed) return;
      (delivery.unsureSince === null ? this.attempt(delivery) : this.checkThenAttempt(delivery)).catch((retryError: unknown) => {
        this.options.logger.error('marker: a retry failed', { error: retryError });
        if (entry.status === 'pending') this.failed(entry, describe(retryError));
      });
    }, wait);
    this.retryTimers.add(timer);
  }

  private created(delivery: Delivery, created: HelixCreatedMarker, sentAt: number): void {
    const { entry, pressedAt } = delivery;
    Object.assign(entry, {
      status: 'created',
      positionSeconds: Math.max(0, Math.floor(created.position_seconds)),
      markerId: created.id,
      delaySeconds: Math.max(0, Math.round((sentAt - pressedAt) / 1000)),
      error: null,
    } satisfies Partial<MarkerEntry>);
    // Placed later than pressed (network retries, a note typed first): the platform's position is that much later.
    const late = entry.delaySeconds > 0 ? ` (placed ${entry.delaySeconds} s after the press)` : '';
    this.finish(true, `Marker at ${formatPosition(entry.positionSeconds!)}${late}`, entry.description || 'Stream marker created.');
    void this.refreshApiMarkers().catch(() => {});
  }

  private failed(entry: MarkerEntry, message: string): void {
    Object.assign(entry, { status: 'failed', error: message } satisfies Partial<MarkerEntry>);
    this.finish(false, 'Marker not created', message);
  }

  private finish(ok: boolean, title: string, body: string): void {
    this.lastResult = { at: new Date(this.clock.now()).toISOString(), ok, message: ok ? title : `${title}: ${body}` };
    this.options.notifier.show({ title, body, tag: notificationTag });
    void this.persist();
    this.emit();
  }

  private refuse(pressedAt: number, message: string, code: 'unavailable' | 'not_signed_in'): never {
    this.lastResult = { at: new Date(pressedAt).toISOString(), ok: false, message: `Marker not created: ${message}` };
    this.options.notifier.show({ title: 'Marker not created', body: message, tag: notificationTag, urgency: 'error' });
    this.emit();
    throw new AppError(code, message);
  }

  private logFor(status: StreamStatus): BroadcastMarkerLog {
    let log = this.logs.find((l) => l.streamId === status.streamId);
    if (!log) {
      log = { streamId: status.streamId!, startedAt: status.startedAt, title: status.title, entries: [] };
      this.logs.unshift(log);
      this.logs.splice(this.options.keepBroadcasts ?? 30);
    }
    return log;
  }

  /** Doubling waits from `retryBaseMs`, at most 8 times it; exact (no jitter): the press's own retries, not a crowd's. */
  private retryBackoff(): Backoff {
    return new Backoff({ initialMs: this.retryBaseMs, maxMs: this.retryBaseMs * 8, jitter: 'none' });
  }

  /** The broadcaster whose API may be called now; null signed out or while the sign-in is renewed. */
  private broadcasterId(): string | null {
    const { id, canCallApi } = this.options.broadcaster;
    return canCallApi ? id : null;
  }

  private applyBroadcaster(change: BroadcasterChange): void {
    if (change.id !== change.previousId) {
      // Another account's (or nobody's) markers: the last read-back was someone else's video.
      this.apiSeq++;
      this.api = { videoId: null, markers: [], fetchedAt: null, error: null };
      this.emit();
    }
    if (change.canCallApi && (change.id !== change.previousId || change.signedInNow)) void this.refreshApiMarkers().catch(() => {});
  }

  private async persist(): Promise<void> {
    try {
      await this.options.store.save(this.logs);
    } catch (error) {
      this.options.logger.error('could not save the marker log', { error });
    }
  }

  private emit(): void {
    this.revision++;
    this.changes.fire(this.getOverview());
  }
}

/**
 * `notDone`: the platform certainly did not create the marker (no connection was made, 429, 503),
 * so the POST may be sent again as is. `unsure`: it may have (a reset or a timeout after sending,
 * 500, 502, 504, an answer that could not be read). `final`: a refusal, or a bug.
 */
function classifyFailure(error: unknown): FailureKind {
  if (error instanceof ApiError) {
    if (error.status === 429 || error.status === 503) return 'notDone';
    return error.status >= 500 ? 'unsure' : 'final';
  }
  if (error instanceof AppError) {
    if (error.code === 'rate_limited') return 'notDone';
    if (error.code === 'network_error') return certainlyNotSent(error) ? 'notDone' : 'unsure';
  }
  return 'final';
}

/** The platform's refusals, said as what to do about them. */
function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.platformMessage ?? '';
    if (error.status === 404 && /VOD|video on demand/i.test(message)) {
      return 'VOD storage is off: markers need past broadcasts to be stored. Turn on "Store past broadcasts" in the channel’s settings.';
    }
    if (error.status === 404 && /not (streaming )?live/i.test(message)) return 'You are not live: a marker marks a moment of a live broadcast.';
    if (error.status === 404 && /premiere|rerun/i.test(message)) return 'Premieres and reruns cannot be marked.';
    if (error.status === 403) return 'Only the broadcaster or one of their editors can place markers on this channel.';
    if (error.status === 401) return 'Sidestage may not place markers: sign in again and allow "Drop stream markers".';
    return error.message;
  }
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}
