import type { Dispatcher } from 'undici';
import { request } from './lazy-undici';
import { AppError } from '../app-error';
import { backoffDelay, type BackoffOptions } from '../../../shared/primitives/backoff';
import type { Logger } from '../logger';
import { ApiError } from './api-error';
import { describeNetworkError, isNetworkError, networkAppError } from './network-error';

export type QueryValue = string | number | boolean | (string | number)[] | undefined;
export type Query = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: HttpMethod;
  /** Path below the base URL, e.g. `/helix/users`. */
  path: string;
  /** Arrays become repeated parameters (`id=1&id=2`); undefined values are left out. */
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * `safe`: retry 5xx and network failures even for POST/PATCH (the call is idempotent).
   * `never`: no such retries even for GET. Default: retry GET/HEAD/PUT/DELETE only.
   */
  retry?: 'safe' | 'never';
}

export interface ApiResponse<T> {
  status: number;
  /** Undefined for 204 and empty bodies. */
  data: T;
}

export interface ApiAuth {
  getAccessToken(): Promise<string>;
  refreshAfterUnauthorized(rejectedToken: string): Promise<string>;
}

export interface ApiClientOptions {
  baseUrl: string;
  clientId: string;
  auth: ApiAuth;
  logger: Logger;
  dispatcher?: Dispatcher;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Retries after the first try, for 429s and (separately) for 5xx/network failures. Default 2: three tries. */
  maxRetries?: number;
  /** First backoff step for 5xx/network retries; doubles each time, plus up to as much jitter. Default 500 ms. */
  backoffMs?: number;
  /** For the jitter of those retries. */
  random?: () => number;
  /** Per-request header/body timeout. Default 30 s. */
  timeoutMs?: number;
}

export interface Page<T> {
  data: T[];
  pagination?: { cursor?: string };
}

/** Waits longer than this for a bucket refill are treated as clock skew and capped (the bucket refills within a minute). */
const maxRateLimitWaitMs = 60_000;
const idempotentMethods = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE']);

/**
 * Every call to the platform's current API goes through here: auth headers, JSON, typed errors,
 * one refresh on 401, rate-limit pacing from the Ratelimit-* headers, bounded retries.
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly maxRetries: number;
  /** Each step is `backoffMs * 2^n` plus up to as much jitter: the equal jitter of twice that step. */
  private readonly backoffOptions: BackoffOptions;
  private readonly timeoutMs: number;
  /** From the last response's headers; null until one has been seen. */
  private rateLimit: { remaining: number; resetAtMs: number } | null = null;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
    this.maxRetries = options.maxRetries ?? 2;
    const backoffMs = options.backoffMs ?? 500;
    this.backoffOptions = { initialMs: 2 * backoffMs, maxMs: 2 * backoffMs * 2 ** 10, jitter: 'equal' };
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async get<T>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({ method: 'GET', path, query })).data;
  }

  /** Every item of a cursor-paged list, page by page (`after` = the previous page's cursor). */
  async *paginate<T>(path: string, query: Query = {}): AsyncGenerator<T, void, undefined> {
    let after: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const page = await this.get<Page<T>>(path, { ...query, after });
      const items = Array.isArray(page?.data) ? page.data : [];
      yield* items;
      const cursor = page?.pagination?.cursor;
      // An empty page or a repeated cursor would loop forever.
      if (!cursor || items.length === 0 || seen.has(cursor)) return;
      seen.add(cursor);
      after = cursor;
    }
  }

  async request<T>(req: ApiRequest): Promise<ApiResponse<T>> {
    const url = this.buildUrl(req.path, req.query);
    const retriesErrors = req.retry === 'safe' || (req.retry !== 'never' && idempotentMethods.has(req.method));
    let token = await this.options.auth.getAccessToken();
    let refreshed = false;
    let rateLimitRetries = 0;
    let errorRetries = 0;

    for (;;) {
      await this.waitForBucket();
      let res: Awaited<ReturnType<ApiClient['send']>>;
      try {
        res = await this.send(req, url, token);
      } catch (err) {
        if (!isNetworkError(err)) throw err;
        if (retriesErrors && errorRetries < this.maxRetries) {
          const wait = this.backoff(errorRetries++);
          this.options.logger.warn('API request failed on the network; retrying', { method: req.method, path: req.path, reason: describeNetworkError(err), waitMs: wait });
          await this.sleep(wait);
          continue;
        }
        throw networkAppError(err);
      }

      this.trackRateLimit(res.headers);
      const { status } = res;
      if (status < 400) return { status, data: res.body as T };

      const body = asRecord(res.body);
      const platformError = typeof body.error === 'string' ? body.error : null;
      const platformMessage = typeof body.message === 'string' && body.message ? body.message : null;

      // A scope problem also answers 401; a new token would carry the same scopes.
      if (status === 401 && !refreshed && !/scope/i.test(platformMessage ?? '')) {
        refreshed = true;
        token = await this.options.auth.refreshAfterUnauthorized(token);
        continue;
      }
      // An endpoint's own limit (shoutouts, raids, moderator changes) answers 429 while the bucket
      // still has points: waiting for the bucket would not help, and the message says what would.
      if (status === 429 && (numberHeader(res.headers['ratelimit-remaining']) ?? 0) > 0) throw new ApiError(status, platformError, platformMessage);
      if (status === 429) {
        const waitMs = this.rateLimitWait(res.headers);
        if (rateLimitRetries < this.maxRetries) {
          rateLimitRetries++;
          this.options.logger.warn('rate limited by the platform; waiting for the bucket', { method: req.method, path: req.path, waitMs });
          const limit = this.rateLimit;
          await this.sleep(waitMs);
          // This wait was the wait for the reset; waitForBucket must not wait for it a second time.
          if (this.rateLimit === limit) this.rateLimit = null;
          continue;
        }
        throw new AppError('rate_limited', `The platform is limiting requests right now. Try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`, {
          status,
          retryAfterMs: Math.round(waitMs),
        });
      }
      if (status >= 500 && retriesErrors && errorRetries < this.maxRetries) {
        const wait = this.backoff(errorRetries++);
        this.options.logger.warn('platform error; retrying', { method: req.method, path: req.path, status, waitMs: wait });
        await this.sleep(wait);
        continue;
      }
      this.options.logger.debug('API error', { method: req.method, path: req.path, status, message: platformMessage });
      throw new ApiError(status, platformError, platformMessage);
    }
  }

  private async send(req: ApiRequest, url: URL, token: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'client-id': this.options.clientId,
      accept: 'application/json',
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    // Spend a point of the bucket now, so that concurrent calls do not all go out on the last one.
    if (this.rateLimit && this.rateLimit.remaining > 0) this.rateLimit.remaining--;
    const res = await request(url, {
      method: req.method,
      headers,
      body,
      dispatcher: this.options.dispatcher,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    const text = await res.body.text();
    let parsed: unknown = undefined;
    if (res.statusCode !== 204 && text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // A non-JSON error page (a proxy, an outage) still gets a typed error from its status.
        if (res.statusCode < 400) throw new ApiError(502, 'Bad Gateway', 'The platform sent an answer Sidestage could not read.');
      }
    }
    return { status: res.statusCode, headers: res.headers, body: parsed };
  }

  /** When the bucket is known to be empty, wait for its reset instead of spending a 429. */
  private async waitForBucket(): Promise<void> {
    const limit = this.rateLimit;
    if (!limit || limit.remaining > 0) return;
    const waitMs = Math.min(maxRateLimitWaitMs, limit.resetAtMs - this.now());
    if (waitMs > 0) {
      this.options.logger.info('rate-limit bucket empty; waiting for it to refill', { waitMs });
      await this.sleep(waitMs);
    }
    // The refill amount is unknown until the next response says so.
    if (this.rateLimit === limit) this.rateLimit = null;
  }

  private trackRateLimit(headers: Record<string, string | string[] | undefined>): void {
    const remaining = numberHeader(headers['ratelimit-remaining']);
    const reset = numberHeader(headers['ratelimit-reset']);
    if (remaining === null || reset === null) return;
    this.rateLimit = { remaining, resetAtMs: reset * 1000 };
  }

  private rateLimitWait(headers: Record<string, string | string[] | undefined>): number {
    const reset = numberHeader(headers['ratelimit-reset']);
    if (reset !== null) return clamp(reset * 1000 - this.now(), 0, maxRateLimitWaitMs);
    const retryAfter = numberHeader(headers['retry-after']);
    if (retryAfter !== null) return clamp(retryAfter * 1000, 0, maxRateLimitWaitMs);
    return 1000;
  }

  private backoff(attempt: number): number {
    // Jitter spreads the retries of many clients hitting the same outage.
    return backoffDelay(attempt, this.backoffOptions, this.options.random);
  }

  private buildUrl(path: string, query: Query | undefined): URL {
    const url = new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
    }
    return url;
  }
}

function numberHeader(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
