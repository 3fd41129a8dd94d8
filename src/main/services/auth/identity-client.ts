import type { Dispatcher } from 'undici';
import { request } from '../api/lazy-undici';
import type { Account } from '../../../shared/ipc/contract';
import type { Logger } from '../logger';

/** What a token endpoint hands out (code exchange, refresh, device code, implicit fragment). */
export interface TokenGrant {
  accessToken: string;
  /** Null for implicit-flow tokens, which cannot be refreshed. */
  refreshToken: string | null;
  expiresIn: number | null;
  scopes: string[];
}

export interface TokenValidation {
  clientId: string;
  login: string | null;
  userId: string | null;
  scopes: string[];
  expiresIn: number | null;
}

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  expiresIn: number;
  interval: number;
}

/** The identity service (or the API) answered with an error status; `message` is its words. */
export class IdentityError extends Error {
  constructor(
    readonly status: number,
    readonly platformMessage: string,
  ) {
    super(platformMessage);
    this.name = 'IdentityError';
  }

  /** 400/401 from the token endpoint: the grant is gone for good, retrying will not help. */
  get isRefusal(): boolean {
    return this.status === 400 || this.status === 401;
  }
}

export interface IdentityClientOptions {
  authUrl: string;
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string | null;
  logger: Logger;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
}

const deviceGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * The identity service's endpoints as plain calls. Network failures are thrown as they come
 * (see isNetworkError); error answers as IdentityError. Nothing here logs a token or the secret.
 */
export class IdentityClient {
  private readonly authUrl: string;
  private readonly apiBaseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: IdentityClientOptions) {
    this.authUrl = options.authUrl.replace(/\/+$/, '');
    this.apiBaseUrl = options.apiBaseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** Authorization-code exchange; the spec puts every parameter in the query. */
  async exchangeCode(code: string, redirectUri: string, signal?: AbortSignal): Promise<TokenGrant> {
    const body = await this.call('POST', '/oauth2/token', {
      query: {
        client_id: this.options.clientId,
        client_secret: this.requireSecret(),
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      },
      signal,
    });
    return parseGrant(body);
  }

  /** The client-credentials grant: an app access token (no user), for a confidential client only. */
  async clientCredentials(signal?: AbortSignal): Promise<TokenGrant> {
    const body = await this.call('POST', '/oauth2/token', {
      query: { client_id: this.options.clientId, client_secret: this.requireSecret(), grant_type: 'client_credentials' },
      signal,
    });
    return parseGrant(body);
  }

  async refresh(refreshToken: string, signal?: AbortSignal): Promise<TokenGrant> {
    const body = await this.call('POST', '/oauth2/token', {
      query: {
        client_id: this.options.clientId,
        // Public clients refresh without a secret.
        ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}),
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      },
      signal,
    });
    return parseGrant(body);
  }

  async requestDeviceCode(scopes: string[], signal?: AbortSignal): Promise<DeviceCode> {
    const body = asRecord(
      await this.call('POST', '/oauth2/device', { form: { client_id: this.options.clientId, scopes: scopes.join(' ') }, signal }),
    );
    const deviceCode = body.device_code;
    const userCode = body.user_code;
    const verificationUri = body.verification_uri;
    if (typeof deviceCode !== 'string' || typeof userCode !== 'string' || typeof verificationUri !== 'string') {
      throw new IdentityError(502, 'the device-code answer is incomplete');
    }
    return {
      deviceCode,
      userCode,
      verificationUri,
      expiresIn: positiveNumber(body.expires_in) ?? 1800,
      interval: positiveNumber(body.interval) ?? 5,
    };
  }

  /** One poll of the device-code grant: the grant, or that the user has not approved yet. */
  async pollDeviceToken(deviceCode: string, scopes: string[], signal?: AbortSignal): Promise<TokenGrant | 'pending' | 'slow_down'> {
    try {
      const body = await this.call('POST', '/oauth2/token', {
        query: {
          client_id: this.options.clientId,
          ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}),
          device_code: deviceCode,
          grant_type: deviceGrantType,
          scopes: scopes.join(' '),
        },
        signal,
      });
      return parseGrant(body);
    } catch (err) {
      if (err instanceof IdentityError && err.status === 400) {
        if (err.platformMessage === 'authorization_pending') return 'pending';
        if (err.platformMessage === 'slow_down') return 'slow_down';
      }
      throw err;
    }
  }

  /** The token's facts, or 'invalid' when the service says it is no longer valid (401). */
  async validate(accessToken: string, signal?: AbortSignal): Promise<TokenValidation | 'invalid'> {
    let body: unknown;
    try {
      body = await this.call('GET', '/oauth2/validate', { headers: { authorization: `OAuth ${accessToken}` }, signal });
    } catch (err) {
      if (err instanceof IdentityError && err.status === 401) return 'invalid';
      throw err;
    }
    const record = asRecord(body);
    return {
      clientId: typeof record.client_id === 'string' ? record.client_id : '',
      login: typeof record.login === 'string' && record.login ? record.login : null,
      userId: typeof record.user_id === 'string' && record.user_id ? record.user_id : null,
      scopes: parseScopes(record.scopes),
      expiresIn: positiveNumber(record.expires_in),
    };
  }

  async revoke(accessToken: string, signal?: AbortSignal): Promise<void> {
    await this.call('POST', '/oauth2/revoke', { form: { client_id: this.options.clientId, token: accessToken }, signal });
  }

  /** The token's own user from the current API (`GET /helix/users` without parameters). */
  async getUser(accessToken: string, signal?: AbortSignal): Promise<Account> {
    const body = asRecord(
      await this.call('GET', '/helix/users', {
        base: this.apiBaseUrl,
        headers: { authorization: `Bearer ${accessToken}`, 'client-id': this.options.clientId },
        signal,
      }),
    );
    const user = Array.isArray(body.data) ? asRecord(body.data[0]) : {};
    if (typeof user.id !== 'string' || typeof user.login !== 'string') {
      throw new IdentityError(502, 'the platform returned no user for this sign-in');
    }
    const type = user.broadcaster_type;
    return {
      id: user.id,
      login: user.login,
      displayName: typeof user.display_name === 'string' && user.display_name ? user.display_name : user.login,
      broadcasterType: type === 'partner' || type === 'affiliate' ? type : '',
      profileImageUrl: typeof user.profile_image_url === 'string' ? user.profile_image_url : '',
    };
  }

  private requireSecret(): string {
    if (!this.options.clientSecret) throw new IdentityError(400, 'this client has no secret, so it cannot exchange a code or get an app token');
    return this.options.clientSecret;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { base?: string; query?: Record<string, string>; form?: Record<string, string>; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<unknown> {
    const url = new URL((opts.base ?? this.authUrl) + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await request(url, {
      method,
      headers,
      body,
      dispatcher: this.options.dispatcher,
      signal: opts.signal,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    const text = await res.body.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.statusCode >= 400) {
      const record = asRecord(json);
      const message = typeof record.message === 'string' && record.message ? record.message : `HTTP ${res.statusCode}`;
      // The path only: queries here carry codes and secrets (the logger would redact them, but why risk it).
      this.options.logger.debug('identity service refused', { method, path, status: res.statusCode, message });
      throw new IdentityError(res.statusCode, message);
    }
    return json;
  }
}

function parseGrant(body: unknown): TokenGrant {
  const record = asRecord(body);
  if (typeof record.access_token !== 'string' || !record.access_token) {
    throw new IdentityError(502, 'the token answer has no access token');
  }
  return {
    accessToken: record.access_token,
    refreshToken: typeof record.refresh_token === 'string' && record.refresh_token ? record.refresh_token : null,
    expiresIn: positiveNumber(record.expires_in),
    scopes: parseScopes(record.scope),
  };
}

/** Scopes arrive as an array (token endpoint, validate) or a space-separated string (redirects). */
export function parseScopes(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((s): s is string => typeof s === 'string' && s !== '');
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return [];
}

function positiveNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
