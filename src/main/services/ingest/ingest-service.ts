/**
 * Ingest servers for the user's connection: the directory's list, ranked by measured connect time,
 * the user's choice (or the recommendation), and the chosen server's URL with the stream key masked.
 *
 * The stream key is read once (through the injected `getStreamKey`, i.e. GET /helix/streams/key),
 * kept in memory only, and leaves this service only through `revealStreamKey`; the overview carries
 * it masked, and no log line carries it at all.
 */
import type { IngestOverview, IngestServer, RevealedStreamKey } from '../../../shared/ipc/contract';
import { fillStreamKey, maskStreamKey, type ParsedIngestTemplate } from '../../../shared/domain/ingest-url';
import { AppError } from '../app-error';
import type { Logger } from '../logger';
import type { SettingsStore } from '../settings/settings-store';
import type { IngestDirectorySnapshot, IngestDirectorySource, IngestEntry } from './ingest-directory';
import type { LatencyProber, ProbeResult, ProbeTarget } from './latency-probe';
import { Emitter, type Disposer } from '../../../shared/primitives/emitter';

export interface IngestServiceOptions {
  directory: IngestDirectorySource;
  probe: LatencyProber;
  settings: SettingsStore;
  /** Reads the signed-in broadcaster's stream key (GET /helix/streams/key); rejects in words when it cannot. */
  getStreamKey: () => Promise<string>;
  logger: Logger;
  now?: () => Date;
}

export interface IngestOptionsUpdate {
  secure?: boolean;
  bandwidthTest?: boolean;
}

export type RevealPurpose = 'reveal' | 'copy';

type StreamKeyState = { kind: 'known'; value: string } | { kind: 'failed'; error: string };

interface ServerView {
  entry: IngestEntry;
  /** Position in the directory's list: the tie-breaker and the order of untested servers. */
  index: number;
  template: string;
  parsed: ParsedIngestTemplate;
  probe: IngestServer['probe'];
}

const untested = { status: 'untested' } as const;
const statusRank = { ok: 0, untested: 1, unreachable: 2 } as const;

function compareServers(a: ServerView, b: ServerView): number {
  const byStatus = statusRank[a.probe.status] - statusRank[b.probe.status];
  if (byStatus !== 0) return byStatus;
  if (a.probe.status === 'ok' && b.probe.status === 'ok' && a.probe.medianMs !== b.probe.medianMs) {
    return a.probe.medianMs - b.probe.medianMs;
  }
  return a.index - b.index;
}

function describeStreamKeyError(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return `Could not read the stream key${detail}`;
}

export class IngestService {
  private readonly directory: IngestDirectorySource;
  private readonly prober: LatencyProber;
  private readonly settings: SettingsStore;
  private readonly getStreamKey: () => Promise<string>;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly changes = new Emitter<IngestOverview>();

  private snapshot: IngestDirectorySnapshot | null = null;
  /** Directory loads in the order they were asked, and the one shown: an older answer never replaces a newer one. */
  private directoryAsked = 0;
  private directoryShown = 0;
  private firstLoad: Promise<void> | null = null;
  /** Keyed by `host:port`, so a result follows the endpoint across list refreshes and the secure switch. */
  private readonly results = new Map<string, ProbeResult>();
  private probeRun: Promise<void> | null = null;
  private probeAbort: AbortController | null = null;
  private probing = false;
  private probedAt: string | null = null;
  private streamKey: StreamKeyState | null = null;
  private streamKeyLoad: Promise<void> | null = null;
  /** Bumped when the cached key is dropped, so a read that started before cannot bring it back. */
  private streamKeyGeneration = 0;
  private disposed = false;

  constructor(options: IngestServiceOptions) {
    this.directory = options.directory;
    this.prober = options.probe;
    this.settings = options.settings;
    this.getStreamKey = options.getStreamKey;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
  }

  /** The overview; the first call loads the directory and the stream key, later ones answer at once. */
  async getOverview(): Promise<IngestOverview> {
    if (this.snapshot) {
      // The directory answers from memory while its copy is fresh; when not, the new list arrives as a change.
      void this.reloadDirectory(false).catch((error: unknown) => this.logger.warn('ingest directory reload failed', { error }));
    } else {
      await this.ensureLoaded();
    }
    return this.overview();
  }

  /** Fetches the directory again (and retries a stream key that could not be read). */
  async refresh(): Promise<IngestOverview> {
    if (this.streamKey?.kind === 'failed') this.streamKey = null;
    await Promise.all([this.reloadDirectory(true), this.ensureStreamKey()]);
    return this.overview();
  }

  /** Measures every server; calls made while a run is going share it. */
  async probe(): Promise<IngestOverview> {
    this.probeRun ??= this.runProbe().finally(() => {
      this.probeRun = null;
    });
    await this.probeRun;
    return this.overview();
  }

  /** Chooses a server by its directory id; null goes back to following the recommendation. */
  async select(serverId: number | null): Promise<IngestOverview> {
    await this.ensureLoaded();
    if (serverId !== null && !this.entries().some((entry) => entry.id === serverId)) {
      throw new AppError('invalid_argument', `There is no ingest server with id ${serverId}.`);
    }
    this.settings.set('ingest.selectedId', serverId);
    this.logger.info('ingest server selected', { serverId });
    this.emit();
    return this.overview();
  }

  async setOptions(update: IngestOptionsUpdate): Promise<IngestOverview> {
    await this.ensureLoaded();
    let changed = false;
    if (update.secure !== undefined && update.secure !== this.secure()) {
      this.settings.set('ingest.secure', update.secure);
      changed = true;
    }
    if (update.bandwidthTest !== undefined && update.bandwidthTest !== this.bandwidthTest()) {
      this.settings.set('ingest.bandwidthTest', update.bandwidthTest);
      changed = true;
    }
    if (changed) {
      this.logger.info('ingest options changed', { secure: this.secure(), bandwidthTest: this.bandwidthTest() });
      this.emit();
    }
    return this.overview();
  }

  /**
   * The stream key and the selected server's URL with it filled in, for an explicit reveal or copy.
   * The key is read afresh (it may have been reset on the website since it was cached).
   */
  async revealStreamKey(purpose: RevealPurpose): Promise<RevealedStreamKey> {
    await this.ensureLoaded();
    const target = this.effectiveServer(this.rankedServers());
    if (!target) throw new AppError('unavailable', 'No ingest server is available.');
    const generation = this.streamKeyGeneration;
    let key: string;
    try {
      key = await this.getStreamKey();
    } catch (error) {
      this.setStreamKey({ kind: 'failed', error: describeStreamKeyError(error) }, generation);
      if (error instanceof AppError) throw error;
      throw new AppError('unavailable', describeStreamKeyError(error));
    }
    this.setStreamKey({ kind: 'known', value: key }, generation);
    this.logger.info('stream key revealed', { purpose, serverId: target.entry.id });
    return { streamKey: key, url: fillStreamKey(target.template, key, { bandwidthTest: this.bandwidthTest() }) };
  }

  /** Drops the cached stream key and reads it again: for a sign-in, sign-out or a key reset. */
  async resetStreamKey(): Promise<IngestOverview> {
    this.streamKeyGeneration++;
    this.streamKey = null;
    this.streamKeyLoad = null;
    await Promise.all([this.ensureLoaded(), this.ensureStreamKey()]);
    return this.overview();
  }

  /** Called with the new overview after every change; returns the unsubscribe function. */
  onChange(listener: (overview: IngestOverview) => void): Disposer {
    return this.changes.on(listener);
  }

  /** Stops a running probe and forgets the key and the listeners. */
  dispose(): void {
    this.disposed = true;
    this.probeAbort?.abort(new AppError('cancelled', 'The ingest probe was stopped.'));
    this.changes.dispose();
    this.streamKey = null;
  }

  // ---------- loading ----------

  private ensureLoaded(): Promise<void> {
    if (this.snapshot) return Promise.resolve();
    this.firstLoad ??= Promise.all([this.reloadDirectory(false), this.ensureStreamKey()])
      .then(() => undefined)
      .finally(() => {
        this.firstLoad = null;
      });
    return this.firstLoad;
  }

  private async reloadDirectory(force: boolean): Promise<void> {
    const asked = ++this.directoryAsked;
    const snapshot = await this.directory.load({ force });
    if (snapshot === this.snapshot || asked < this.directoryShown) return;
    this.directoryShown = asked;
    this.snapshot = snapshot;
    this.logger.info('ingest list loaded', { source: snapshot.source, servers: snapshot.entries.length, error: snapshot.error });
    this.emit();
  }

  private ensureStreamKey(): Promise<void> {
    if (this.streamKey) return Promise.resolve();
    if (this.streamKeyLoad) return this.streamKeyLoad;
    const generation = this.streamKeyGeneration;
    // Through a promise constructor, so a getStreamKey that throws synchronously still counts as a failure.
    const load: Promise<void> = new Promise<string>((resolve) => resolve(this.getStreamKey()))
      .then(
        (value) => this.setStreamKey({ kind: 'known', value }, generation),
        (error: unknown) => {
          const message = describeStreamKeyError(error);
          this.logger.warn('stream key unavailable', { error: message });
          this.setStreamKey({ kind: 'failed', error: message }, generation);
        },
      )
      .finally(() => {
        if (this.streamKeyLoad === load) this.streamKeyLoad = null;
      });
    this.streamKeyLoad = load;
    return load;
  }

  private setStreamKey(state: StreamKeyState, generation: number): void {
    if (generation !== this.streamKeyGeneration || this.disposed) return;
    const before = this.streamKey;
    this.streamKey = state;
    const same =
      before?.kind === state.kind &&
      (state.kind === 'known' ? before.kind === 'known' && before.value === state.value : before.kind === 'failed' && before.error === state.error);
    if (!same) this.emit();
  }

  // ---------- probing ----------

  private async runProbe(): Promise<void> {
    await this.ensureLoaded();
    const targets = new Map<string, ProbeTarget>();
    for (const view of this.serverViews()) {
      targets.set(view.parsed.host, { key: view.parsed.host, host: view.parsed.probeHost, port: view.parsed.probePort });
    }
    const controller = new AbortController();
    this.probeAbort = controller;
    this.probing = true;
    this.emit();
    try {
      const results = await this.prober.probe([...targets.values()], {
        signal: controller.signal,
        onResult: (key, result) => {
          this.results.set(key, result);
          this.emit();
        },
      });
      for (const [key, result] of results) this.results.set(key, result);
      this.probedAt = this.now().toISOString();
      const values = [...results.values()];
      this.logger.info('ingest servers probed', {
        reachable: values.filter((r) => r.status === 'ok').length,
        unreachable: values.filter((r) => r.status === 'unreachable').length,
      });
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      this.logger.error('ingest probe failed', { error });
      throw error;
    } finally {
      this.probeAbort = null;
      this.probing = false;
      this.emit();
    }
  }

  // ---------- the overview ----------

  private entries(): readonly IngestEntry[] {
    return this.snapshot?.entries ?? [];
  }

  private secure(): boolean {
    return this.settings.get('ingest.secure') === true;
  }

  private bandwidthTest(): boolean {
    return this.settings.get('ingest.bandwidthTest') === true;
  }

  private serverViews(): ServerView[] {
    const secure = this.secure();
    return this.entries().map((entry, index) => {
      // An entry without a usable secure template stays on plain RTMP even in secure mode.
      const useSecure = secure && entry.secure !== null && entry.urlTemplateSecure !== null;
      const parsed = useSecure && entry.secure ? entry.secure : entry.plain;
      const template = useSecure && entry.urlTemplateSecure ? entry.urlTemplateSecure : entry.urlTemplate;
      return { entry, index, template, parsed, probe: this.results.get(parsed.host) ?? untested };
    });
  }

  private rankedServers(): ServerView[] {
    return this.serverViews().sort(compareServers);
  }

  private recommended(ranked: readonly ServerView[]): ServerView | undefined {
    const best = ranked[0];
    if (best?.probe.status === 'ok') return best;
    // Nothing reachable measured: the directory's first entry, which the platform orders for the
    // caller's location and encoders offer as "Auto".
    return ranked.find((view) => view.index === 0);
  }

  /** The user's choice when it is in the current list; otherwise null (following the recommendation). */
  private selectedId(): number | null {
    const stored = this.settings.get('ingest.selectedId');
    return typeof stored === 'number' && this.entries().some((entry) => entry.id === stored) ? stored : null;
  }

  private effectiveServer(ranked: readonly ServerView[]): ServerView | undefined {
    const selectedId = this.selectedId();
    if (selectedId !== null) return ranked.find((view) => view.entry.id === selectedId);
    return this.recommended(ranked);
  }

  private overview(): IngestOverview {
    const ranked = this.rankedServers();
    const target = this.effectiveServer(ranked);
    const bandwidthTest = this.bandwidthTest();
    const key = this.streamKey;
    return {
      servers: ranked.map((view) => ({
        id: view.entry.id,
        name: view.entry.name,
        host: view.parsed.host,
        serverUrl: view.parsed.serverUrl,
        probe: view.probe,
      })),
      selectedId: this.selectedId(),
      recommendedId: this.recommended(ranked)?.entry.id ?? null,
      source: this.snapshot?.source ?? 'fallback',
      fetchedAt: this.snapshot?.fetchedAt ?? null,
      directoryError: this.snapshot?.error ?? null,
      probing: this.probing,
      probedAt: this.probedAt,
      secure: this.secure(),
      bandwidthTest,
      maskedUrl:
        key?.kind === 'known' && target ? fillStreamKey(target.template, maskStreamKey(key.value), { bandwidthTest }) : null,
      streamKeyError: key?.kind === 'failed' ? key.error : null,
    };
  }

  private emit(): void {
    // Before the first list arrives there is nothing to show (a stream key read may finish first).
    if (this.changes.listenerCount === 0 || this.disposed || !this.snapshot) return;
    this.changes.fire(this.overview());
  }
}
