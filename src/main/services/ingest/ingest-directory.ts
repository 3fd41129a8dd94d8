/**
 * The platform's ingest directory (`GET {ingest_url}/ingests`, no auth): fetched, validated,
 * kept in memory for a while, and saved in settings so that an unreachable directory still leaves
 * the user a list (the last good answer, or a few well-known servers built in).
 */
import type { Dispatcher } from 'undici';
import { request } from '../api/lazy-undici';
import { z } from 'zod';
import { isDeprecatedIngest, parseIngestTemplate, type ParsedIngestTemplate } from '../../../shared/domain/ingest-url';
import { silentLogger, type Logger } from '../logger';
import type { SettingsStore } from '../settings/settings-store';

export type IngestDirectorySourceKind = 'directory' | 'cache' | 'fallback';

export interface IngestEntry {
  id: number;
  name: string;
  urlTemplate: string;
  urlTemplateSecure: string | null;
  plain: ParsedIngestTemplate;
  /** Null when the entry has no usable secure template. */
  secure: ParsedIngestTemplate | null;
  /** Reserved by the platform for internal use; kept only to round-trip the cache. */
  availability: number | null;
  isDefault: boolean;
  priority: number | null;
}

export interface IngestDirectorySnapshot {
  /** In the directory's order, which the platform sorts for the caller's location. */
  entries: readonly IngestEntry[];
  source: IngestDirectorySourceKind;
  /** When the list was fetched from the directory (for the cache: the cached answer's time); null for the built-in list. */
  fetchedAt: string | null;
  /** Why the directory could not be used, in words; null when the list came from it. */
  error: string | null;
}

/** What the ingest service needs from a directory (a fake in some tests). */
export interface IngestDirectorySource {
  /** The current list; `force` skips the in-memory copy. Never rejects: failures fall back. */
  load(options?: { force?: boolean }): Promise<IngestDirectorySnapshot>;
}

export interface IngestDirectoryOptions {
  /** `{ingest_url}`, e.g. `https://ingest.twitch.tv` or the emulator's origin. */
  ingestUrl: string;
  settings: SettingsStore;
  logger?: Logger;
  /** How long a directory answer is used before it is fetched again. */
  ttlMs?: number;
  /** How long a failed fetch's fallback is used before the directory is tried again. */
  retryAfterFailureMs?: number;
  timeoutMs?: number;
  now?: () => Date;
  dispatcher?: Dispatcher;
  /** Raw directory entries used when neither the directory nor the cache has a list. */
  fallbackIngests?: readonly unknown[];
}

export const defaultDirectoryTtlMs = 60 * 60 * 1000;
export const defaultDirectoryRetryAfterFailureMs = 60 * 1000;
export const defaultDirectoryTimeoutMs = 10_000;
const maxResponseBytes = 1024 * 1024;

/**
 * A few of the platform's real ingest servers (as listed by its directory), so a first start without
 * a network connection still shows a usable list. The first one is the global entry encoders call "Auto".
 */
export const builtInIngests: readonly unknown[] = (
  [
  ['Default', 'ingest.global-contribute.live-video.net'],
  ['US East: Ashburn, VA', 'use10.contribute.live-video.net'],
  ['US West: Oregon', 'usw20.contribute.live-video.net'],
  ['Europe: Frankfurt, DE', 'euc10.contribute.live-video.net'],
  ['Europe: Stockholm, SE', 'eun10.contribute.live-video.net'],
  ['Asia: Tokyo, JP', 'apn10.contribute.live-video.net'],
  ['Asia: Singapore', 'aps10.contribute.live-video.net'],
  ['South America: São Paulo, BR', 'sae10.contribute.live-video.net'],
  ] as Array<[name: string, host: string]>
).map(([name, host], index) => ({
  _id: index,
  name,
  url_template: `rtmp://${host}/app/{stream_key}`,
  url_template_secure: `rtmps://${host}/app/{stream_key}`,
  availability: 1,
  default: index === 0,
  priority: index,
}));

const rawIngestSchema = z.object({
  _id: z.number().int().nonnegative(),
  name: z.string().trim().min(1),
  url_template: z.string(),
  url_template_secure: z.string().nullish(),
  // "Reserved for internal use": tolerated in any form, never relied on.
  availability: z.number().nullish().catch(null),
  default: z.boolean().nullish().catch(null),
  priority: z.number().int().nullish().catch(null),
});
type RawIngest = z.infer<typeof rawIngestSchema>;

const directoryResponseSchema = z.object({ ingests: z.array(z.unknown()) });

export interface ParsedIngestList {
  entries: IngestEntry[];
  /** The kept entries in the platform's shape, for the settings cache. */
  raw: RawIngest[];
  dropped: { invalid: number; deprecated: number; duplicate: number };
}

/**
 * Validates directory entries one by one: an entry with a bad shape or template is dropped, not fatal;
 * "deprecated" entries are dropped as the platform's clients do; a repeated `_id` keeps the first.
 */
export function parseIngestList(ingests: readonly unknown[]): ParsedIngestList {
  const entries: IngestEntry[] = [];
  const raw: RawIngest[] = [];
  const dropped = { invalid: 0, deprecated: 0, duplicate: 0 };
  const seen = new Set<number>();
  for (const candidate of ingests) {
    const parsed = rawIngestSchema.safeParse(candidate);
    const plain = parsed.success ? parseIngestTemplate(parsed.data.url_template) : null;
    if (!parsed.success || !plain) {
      dropped.invalid++;
      continue;
    }
    const data = parsed.data;
    if (isDeprecatedIngest(data.name)) {
      dropped.deprecated++;
      continue;
    }
    if (seen.has(data._id)) {
      dropped.duplicate++;
      continue;
    }
    seen.add(data._id);
    // A bad secure template costs only the secure option for this entry, not the entry.
    const secure = data.url_template_secure ? parseIngestTemplate(data.url_template_secure) : null;
    entries.push({
      id: data._id,
      name: data.name,
      urlTemplate: data.url_template,
      urlTemplateSecure: secure ? (data.url_template_secure ?? null) : null,
      plain,
      secure,
      availability: data.availability ?? null,
      isDefault: data.default ?? false,
      priority: data.priority ?? null,
    });
    raw.push(data);
  }
  return { entries, raw, dropped };
}

/** A directory failure whose message is already in words for the user. */
class DirectoryError extends Error {}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof DirectoryError) return error.message;
  const code = errorCode(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `the ingest directory did not answer within ${timeoutMs / 1000} s`;
  }
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host name lookup failed',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'connection closed',
  };
  const reason = (code && reasons[code]) ?? (error instanceof Error && error.message ? error.message : 'unknown error');
  return `could not reach the ingest directory (${reason})`;
}

export class IngestDirectory implements IngestDirectorySource {
  private readonly url: string;
  private readonly settings: SettingsStore;
  private readonly logger: Logger;
  private readonly ttlMs: number;
  private readonly retryAfterFailureMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => Date;
  private readonly dispatcher: Dispatcher | undefined;
  private readonly fallbackIngests: readonly unknown[];
  private current: { snapshot: IngestDirectorySnapshot; loadedAt: number } | null = null;
  private inFlight: Promise<IngestDirectorySnapshot> | null = null;

  constructor(options: IngestDirectoryOptions) {
    this.url = `${options.ingestUrl.replace(/\/+$/, '')}/ingests`;
    this.settings = options.settings;
    this.logger = options.logger ?? silentLogger;
    this.ttlMs = options.ttlMs ?? defaultDirectoryTtlMs;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? defaultDirectoryRetryAfterFailureMs;
    this.timeoutMs = options.timeoutMs ?? defaultDirectoryTimeoutMs;
    this.now = options.now ?? (() => new Date());
    this.dispatcher = options.dispatcher;
    this.fallbackIngests = options.fallbackIngests ?? builtInIngests;
  }

  load(options: { force?: boolean } = {}): Promise<IngestDirectorySnapshot> {
    // One request at a time: callers arriving during a fetch (forced or not) get its answer.
    if (this.inFlight) return this.inFlight;
    if (!options.force && this.current) {
      const age = this.now().getTime() - this.current.loadedAt;
      const maxAge = this.current.snapshot.source === 'directory' ? this.ttlMs : this.retryAfterFailureMs;
      if (age >= 0 && age < maxAge) return Promise.resolve(this.current.snapshot);
    }
    this.inFlight = this.fetchOrFallBack().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async fetchOrFallBack(): Promise<IngestDirectorySnapshot> {
    let snapshot: IngestDirectorySnapshot;
    try {
      const ingests = await this.fetchIngests();
      const { entries, raw, dropped } = parseIngestList(ingests);
      if (dropped.invalid + dropped.duplicate > 0) {
        this.logger.warn('ingest directory entries dropped', { invalid: dropped.invalid, duplicate: dropped.duplicate });
      }
      if (entries.length === 0) throw new DirectoryError('the ingest directory listed no usable ingest servers');
      const fetchedAt = this.now().toISOString();
      snapshot = { entries, source: 'directory', fetchedAt, error: null };
      this.saveCache(fetchedAt, raw);
    } catch (error) {
      const message = describeFetchError(error, this.timeoutMs);
      snapshot = this.fromCache(message) ?? this.fromBuiltIn(message);
      this.logger.warn('ingest directory unavailable', { error: message, using: snapshot.source });
    }
    this.current = { snapshot, loadedAt: this.now().getTime() };
    return snapshot;
  }

  private async fetchIngests(): Promise<unknown[]> {
    const response = await request(this.url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      // The whole exchange is bounded too, not just each wait: a slow trickle must not hold the list up.
      signal: AbortSignal.timeout(this.timeoutMs),
      ...(this.dispatcher ? { dispatcher: this.dispatcher } : {}),
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new DirectoryError(`the ingest directory answered HTTP ${response.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxResponseBytes) {
        response.body.destroy();
        throw new DirectoryError('the ingest directory answered with more data than an ingest list has');
      }
      chunks.push(chunk);
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new DirectoryError("the ingest directory's answer is not valid JSON");
    }
    const parsed = directoryResponseSchema.safeParse(json);
    if (!parsed.success) throw new DirectoryError("the ingest directory's answer has no list of ingest servers");
    return parsed.data.ingests;
  }

  private saveCache(fetchedAt: string, ingests: RawIngest[]): void {
    try {
      this.settings.set('ingest.cachedDirectory', { fetchedAt, ingests });
    } catch (error) {
      // The list in memory is still good; only the next offline start loses it.
      this.logger.warn('could not save the ingest directory cache', { error });
    }
  }

  private fromCache(error: string): IngestDirectorySnapshot | null {
    let cached: unknown;
    try {
      cached = this.settings.get('ingest.cachedDirectory');
    } catch {
      return null;
    }
    // Settings files can be edited or left by older versions, so the cache is checked like an answer.
    const shape = z.object({ fetchedAt: z.string(), ingests: z.array(z.unknown()) }).safeParse(cached);
    if (!shape.success) return null;
    const { entries } = parseIngestList(shape.data.ingests);
    if (entries.length === 0) return null;
    return { entries, source: 'cache', fetchedAt: shape.data.fetchedAt, error };
  }

  private fromBuiltIn(error: string): IngestDirectorySnapshot {
    return { entries: parseIngestList(this.fallbackIngests).entries, source: 'fallback', fetchedAt: null, error };
  }
}
